/** The one dispatcher of §7 real-time events: each event type changes its store; anything else is logged and ignored. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dispatch } from '../../src/services/show/realtimeEvents';
import { log } from '../../src/log';
import { resetChatStore, useChatStore } from '../../src/state/chat/chatStore';
import { initialBroadcastFlowState, useBroadcastStore } from '../../src/state/live/broadcastStore';
import { ROSTER_ABSENCE_MS } from '../../src/state/people/limits';
import type { RosterEntry } from '../../src/state/people/people';
import { peopleActions, usePeopleStore } from '../../src/state/people/peopleStore';
import { initialPollState, usePollStore } from '../../src/state/polls/pollStore';
import type { Poll } from '../../src/state/polls/types';
import { initialQnaState, useQnaStore } from '../../src/state/qna/qnaStore';
import type { Question } from '../../src/state/qna/types';
import type { RealtimeEvent } from '../../src/state/realtimeEvent';

const NOW = 1_700_000_000_000;
const poll = (pollGuid: string, extra: Partial<Poll> = {}): Poll => ({ pollGuid, question: `Q ${pollGuid}`, options: [{ optionNumber: 1, option: 'Yes' }], results: [], ...extra });
const question = (id: string, extra: Partial<Question> = {}): Question => ({
  id, content: `Q ${id}`, status: 'ASKED', anonymous: false, initiator: { name: 'Ann' }, timestamp: NOW, upvoteCount: 0, answerCount: 0, replyCount: 0, answers: [], ...extra,
});
const attendee = (id: string, name: string, extra: Partial<RosterEntry> = {}): RosterEntry => ({ id, name, role: 'Attendee', joinTime: NOW - 1000, ...extra });
const chat = () => useChatStore.getState();
const lastWarning = () => log.entries().filter((e) => e.level === 'warn').at(-1);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  resetChatStore();
  usePollStore.setState(initialPollState());
  useQnaStore.setState(initialQnaState());
  useBroadcastStore.setState(initialBroadcastFlowState());
  peopleActions.setAttendees([]);
});
afterEach(() => {
  resetChatStore();
  vi.useRealTimers();
});

describe('each event changes its store', () => {
  it('chat.msg adds a message of its kind, unread', () => {
    dispatch({ type: 'chat.msg', message: { id: 'm1', body: 'Hello', timestamp: NOW, sender: { guid: 'g', name: 'Emily', role: 'Attendee' }, moderatorPresenterChat: true } } satisfies RealtimeEvent);
    expect(chat().messages.backstage.map((m) => m.body)).toEqual(['Hello']);
    expect(chat().unread.backstage).toBe(1);
  });

  it('Event_Chat DELETED flags the message as deleted', () => {
    dispatch({ type: 'chat.msg', message: { id: 'm1', body: 'Spam', timestamp: NOW } });
    dispatch({ type: 'Event_Chat', action: 'DELETED', id: 'm1' } satisfies RealtimeEvent);
    expect(chat().messages.public[0]?.deleteDate).toBe(NOW);
  });

  it('chat.rateLimited starts the retry-after countdown', () => {
    dispatch({ type: 'chat.rateLimited', retryAfter: 15 } satisfies RealtimeEvent);
    expect(chat().retryAfter).toBe(15);
  });

  it('POLL updates or adds a poll; DELETE removes it', () => {
    usePollStore.getState().setPolls([poll('a'), poll('b')]);
    dispatch({ type: 'POLL', notificationType: 'UPDATE', pollData: { pollGuid: 'a', status: 'ACTIVE', results: [{ option: 'Yes', votes: 3 }] } } satisfies RealtimeEvent);
    dispatch({ type: 'POLL', notificationType: 'CREATE', pollData: poll('c') });
    dispatch({ type: 'POLL', notificationType: 'DELETE', pollData: { pollGuid: 'b' } });
    expect(usePollStore.getState().polls.map((p) => [p.pollGuid, p.status, p.results[0]?.votes])).toEqual([
      ['a', 'ACTIVE', 3],
      ['c', undefined, undefined],
    ]);
  });

  it('Event_QnA adds, updates, upvotes, answers and deletes questions', () => {
    const qna = (e: Extract<RealtimeEvent, { type: 'Event_QnA' }>['qna']) => dispatch({ type: 'Event_QnA', qna: e } satisfies RealtimeEvent);
    qna({ type: 'add', question: question('q1') });
    qna({ type: 'add', question: question('q2') });
    qna({ type: 'update', question: { id: 'q1', status: 'ACTIVE' } });
    qna({ type: 'upvote', id: 'q1', upvoteCount: 4 });
    qna({ type: 'answer', id: 'q1', answer: { content: 'Yes', anonymous: false, answerBy: { name: 'Alex', endpointGuid: 'e' }, timestamp: NOW } });
    qna({ type: 'delete', id: 'q2' });
    expect(useQnaStore.getState().questions).toEqual([expect.objectContaining({ id: 'q1', status: 'ACTIVE', upvoteCount: 4, answerCount: 1, replyCount: 1 })]);
  });

  it('Event_Attendees: new attendees join with the count of all, the unlisted go out after 5 s; Event_Roster (the interactive roster) leaves them alone', () => {
    dispatch({ type: 'Event_Attendees', participants: [attendee('a1', 'Zoe Martin'), attendee('a2', 'Ben Carter'), attendee('p1', 'Lukas', { role: 'Panelist' })], count: 2400 } satisfies RealtimeEvent);
    expect(usePeopleStore.getState().attendees.map((a) => [a.name, a.inParticipantRoster, a.lastSeen])).toEqual([
      ['Zoe Martin', true, NOW],
      ['Ben Carter', true, NOW],
    ]);
    expect(usePeopleStore.getState().attendeeCount).toBe(2400);
    vi.setSystemTime(NOW + ROSTER_ABSENCE_MS + 1);
    dispatch({ type: 'Event_Roster', participants: [] });
    expect(usePeopleStore.getState().attendees.map((a) => a.inParticipantRoster)).toEqual([true, true]);
    dispatch({ type: 'Event_Attendees', participants: [attendee('a1', 'Zoe Martin')], count: 2399 });
    expect(usePeopleStore.getState().attendees.map((a) => a.inParticipantRoster)).toEqual([true, false]);
    expect(usePeopleStore.getState().attendeeCount).toBe(2399);
  });

  it('Event_State moves the broadcast state, only to states its source owns', () => {
    dispatch({ type: 'Event_State', source: 'event-platform', state: 'STREAMING_REQUESTED' } satisfies RealtimeEvent);
    expect(useBroadcastStore.getState().broadcastState).toBe('STREAMING_REQUESTED');
    dispatch({ type: 'Event_State', source: 'event-platform', state: 'LIVE' });
    expect(useBroadcastStore.getState().broadcastState).toBe('STREAMING_REQUESTED');
    dispatch({ type: 'Event_State', source: 'studio-server', state: 'LIVE' });
    expect(useBroadcastStore.getState().broadcastState).toBe('LIVE');
  });
});

describe('unknown or malformed events are logged and ignored', () => {
  const snapshot = () =>
    JSON.stringify({ chat: chat().messages, polls: usePollStore.getState().polls, qna: useQnaStore.getState().questions, people: usePeopleStore.getState().attendees, live: useBroadcastStore.getState() });

  it.each([
    ['nothing', undefined, 'not an event'],
    ['a string', 'chat.msg', 'not an event'],
    ['a list', [{ type: 'chat.msg' }], 'not an event'],
    ['an unknown type', { type: 'guid_assigned', guid: 'x' }, 'unknown event type'],
    ['no type', { message: { id: 'm' } }, 'unknown event type'],
    ['chat.msg without an id', { type: 'chat.msg', message: { body: 'hi' } }, 'chat.msg'],
    ['Event_Chat of another action', { type: 'Event_Chat', action: 'EDITED', id: 'm1' }, 'Event_Chat'],
    ['POLL without a pollGuid', { type: 'POLL', notificationType: 'UPDATE', pollData: { question: 'Q' } }, 'POLL'],
    ['POLL without a notificationType', { type: 'POLL', pollData: { pollGuid: 'a' } }, 'POLL'],
    ['Event_QnA of an unknown type', { type: 'Event_QnA', qna: { type: 'pin', id: 'q' } }, 'Event_QnA'],
    ['Event_QnA add without an id', { type: 'Event_QnA', qna: { type: 'add', question: { content: 'c' } } }, 'Event_QnA'],
    ['Event_QnA answer without its answer', { type: 'Event_QnA', qna: { type: 'answer', id: 'q' } }, 'Event_QnA'],
    ['Event_Roster without a list', { type: 'Event_Roster', participants: 'all' }, 'Event_Roster'],
    ['Event_Attendees without a count', { type: 'Event_Attendees', participants: [] }, 'Event_Attendees'],
    ['Event_State from an unknown source', { type: 'Event_State', source: 'elsewhere', state: 'LIVE' }, 'Event_State'],
  ])('%s', (_name, raw, reason) => {
    usePollStore.getState().setPolls([poll('a')]);
    const before = snapshot();
    expect(() => dispatch(raw)).not.toThrow();
    expect(snapshot()).toEqual(before);
    expect(lastWarning()).toMatchObject({ scope: 'realtime', message: expect.stringContaining(reason) });
  });

  it('a roster keeps its well-formed entries and logs the others', () => {
    dispatch({ type: 'Event_Attendees', participants: [attendee('a1', 'Zoe Martin'), { id: 'x' }, null], count: 3 });
    expect(usePeopleStore.getState().attendees.map((a) => a.id)).toEqual(['a1']);
    expect(lastWarning()?.message).toContain('2 malformed');
  });

  it('a store that fails to apply an event is logged, never thrown', () => {
    vi.spyOn(peopleActions, 'roster').mockImplementation(() => {
      throw new Error('boom');
    });
    expect(() => dispatch({ type: 'Event_Roster', participants: [] })).not.toThrow();
    expect(lastWarning()?.message).toBe('Event_Roster could not be applied: boom');
  });

  it('a retry-after that is not a number is left to the chat store, which logs it (§5)', () => {
    dispatch({ type: 'chat.rateLimited', retryAfter: 'soon' });
    expect(chat().retryAfter).toBe(0);
    expect(lastWarning()).toMatchObject({ scope: 'chat', message: expect.stringContaining("'soon'") });
  });
});
