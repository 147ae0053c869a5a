/**
 * The demo's audience host and the attendee page's demo port (issue 32), over a fake room (messages
 * cloned and delivered later, as a BroadcastChannel does): join, chat both ways, a delete, the rate
 * limit, one vote per poll, a removal, and a page that finds no studio tab. Q&A: demoAttendeeQna.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAttendeeHost, type AttendeeHost } from '../../src/demo/audience/attendeeHost';
import { demoAttendeePort, DEMO_CALL_TIMEOUT_MS, DEMO_PRESENCE_MS } from '../../src/demo/audience/attendeeClient';
import { DEMO_STUDIO_CLOSED } from '../../src/demo/audience/attendeeRoom';
import { DEMO_RATE_LIMIT } from '../../src/demo/audience/chatService';
import type { Frame } from '../../src/realtime/socket';
import type { Poll } from '../../src/state/polls/types';
import type { RealtimeEvent } from '../../src/state/realtimeEvent';
import type { AttendeePort } from '../../src/services/watch/attendeePort';
import { fakeRoom, memoryIdentity, PAGE } from './demoAttendeeRoom.fakes';

const SIMULATED = { id: 'attendee-001-demo', name: 'Ava Thompson', role: 'Attendee' as const, joinTime: 1, audioMute: true, videoMute: true };
const settle = () => vi.advanceTimersByTimeAsync(1);

let room: ReturnType<typeof fakeRoom>;
let studio: RealtimeEvent[];
let polls: Poll[];
let host: AttendeeHost;
let stopServing: () => void;
const ports: AttendeePort[] = [];

function page(identity = memoryIdentity()) {
  const port = demoAttendeePort({ sharingUrl: 'demodemo', transport: room(), identity });
  ports.push(port);
  const frames: Frame[] = [];
  const states: string[] = [];
  const refused: number[] = [];
  const socket = () => port.frames(port.client, { onFrame: (f) => frames.push(f), onState: (s) => states.push(s.status), onReconnected: () => states.push('reconnected'), onRefused: (c) => refused.push(c) });
  return { port, client: port.client, identity, frames, states, refused, socket };
}

const rosters = () => studio.filter((e): e is RealtimeEvent & { type: 'Event_Attendees' } => e.type === 'Event_Attendees');
const lastRoster = () => rosters().at(-1)!;

beforeEach(() => {
  vi.useFakeTimers();
  room = fakeRoom();
  studio = [];
  polls = [{ pollGuid: 'p1', question: 'Tea or coffee?', options: [{ optionNumber: 1, option: 'Tea' }, { optionNumber: 2, option: 'Coffee' }], status: 'ACTIVE', results: [{ option: 'Tea', votes: 3 }, { option: 'Coffee', votes: 1 }] }];
  let n = 0;
  host = createAttendeeHost({
    newId: () => `demo-attendee-${++n}`,
    studio: {
      page: PAGE,
      dispatch: (e) => studio.push(e),
      polls: () => polls,
      recordPoll: (e) => {
        Object.assign(polls.find((p) => p.pollGuid === e.pollData.pollGuid)!, e.pollData);
        host.through(e);
      },
      history: () => [{ id: 'h1', body: 'Hello all', privateChat: false, sender: { guid: 's1', name: 'Mia Rossi' } }],
      // Q&A has its own tests (demoAttendeeQna.test.ts).
      qna: { enabled: true, autoApprove: false, questions: () => [], record: (e) => host.through(e) },
    },
  });
  stopServing = host.serve(room());
  // The simulated audience's roster report passes through the host.
  host.through({ type: 'Event_Attendees', participants: [SIMULATED], count: 1 });
});

afterEach(() => {
  stopServing();
  ports.splice(0).forEach((p) => p.close());
  vi.useRealTimers();
});

async function joined(name = 'Ada Lovelace') {
  const p = page();
  const join = p.client.join({ name });
  await settle();
  expect(await join).toEqual({ attendee: { id: 'demo-attendee-1', name } });
  return p;
}

describe('joining', () => {
  it('an attendee joins with a name: the studio lists them beside the simulated audience, the tab keeps who it is', async () => {
    const p = await joined();
    expect(lastRoster().participants.map((e) => e.name)).toEqual(['Ava Thompson', 'Ada Lovelace']);
    expect(lastRoster().count).toBe(2);
    expect(p.identity.value).toMatchObject({ id: 'demo-attendee-1', name: 'Ada Lovelace' });
    const read = p.client.page();
    await settle();
    expect(await read).toMatchObject({ title: 'Product Launch Live', attendee: { id: 'demo-attendee-1', name: 'Ada Lovelace' }, removed: false });
    // The socket's registration answers `joined`.
    p.socket();
    await settle();
    expect(p.states).toEqual(['connecting', 'connected']);
  });

  it('a blank name is refused with the server’s reason; nobody is listed', async () => {
    const p = page();
    const join = expect(p.client.join({ name: ' \u200b ' })).rejects.toMatchObject({ status: 400, message: 'Please enter your name.' });
    await settle();
    await join;
    expect(lastRoster().count).toBe(1);
  });

  it('Leave event: off the roster, and the tab is nobody again', async () => {
    const p = await joined();
    const leave = p.client.leave();
    await settle();
    await leave;
    expect(lastRoster().participants.map((e) => e.name)).toEqual(['Ava Thompson']);
    expect(p.identity.value).toBeNull();
  });

  it('a page that stops asking leaves the roster at the next report (a closed tab)', async () => {
    await joined();
    await vi.advanceTimersByTimeAsync(11_000);
    host.through({ type: 'Event_Attendees', participants: [SIMULATED], count: 1 });
    expect(lastRoster().participants.map((e) => e.name)).toEqual(['Ava Thompson']);
  });
});

describe('chat both ways', () => {
  it('the attendee’s public message reaches the studio; the moderator’s reaches the page; a delete removes it there', async () => {
    const p = await joined();
    p.socket();
    const sent = p.client.send('Hello from the audience', 'public');
    await settle();
    expect(await sent).toMatchObject({ body: 'Hello from the audience', sender: { guid: 'demo-attendee-1', name: 'Ada Lovelace', role: 'Attendee' }, privateChat: false });
    expect(studio.filter((e) => e.type === 'chat.msg').map((e) => e.type === 'chat.msg' && e.message.body)).toEqual(['Hello from the audience']);

    expect(host.moderatorSent({ id: 'm1', body: 'Welcome, Ada', privateChat: false, sender: { guid: 'demo-user-1', name: 'Alex Morgan' } })).toBe(false);
    host.deleted('m1');
    await settle();
    expect(p.frames).toContainEqual({ type: 'chat.msg', message: expect.objectContaining({ id: 'm1', body: 'Welcome, Ada' }) });
    expect(p.frames).toContainEqual({ type: 'chat.deleted', id: 'm1' });
  });

  it('the scrollback: the studio’s public history and what was said since, without deleted messages', async () => {
    const p = await joined();
    host.through({ type: 'chat.msg', message: { id: 'sim1', body: 'Great demo', privateChat: false, sender: { guid: 's2', name: 'Noah Fischer' } } });
    host.moderatorSent({ id: 'm2', body: 'Thanks!', privateChat: false });
    host.deleted('sim1');
    const chat = p.client.chat();
    await settle();
    expect(((await chat) as { id: string }[]).map((m) => m.id)).toEqual(['h1', 'm2']);
  });

  it('a private message goes to the moderators; their reply goes to that attendee only (no simulated answer)', async () => {
    const ada = await joined();
    ada.socket();
    const other = page();
    other.socket();
    const sent = ada.client.send('A question for you', 'moderators');
    await settle();
    expect(await sent).toMatchObject({ privateChat: true, receiver: { guid: 'moderators' }, tag: 'moderator_question' });
    expect(host.moderatorSent({ id: 'r1', body: 'Here is the answer', privateChat: true, receiver: { guid: 'demo-attendee-1', name: 'Ada Lovelace' } })).toBe(true);
    await settle();
    expect(ada.frames.map((f) => (f.message as { id?: string } | undefined)?.id)).toContain('r1');
    expect(other.frames.map((f) => (f.message as { id?: string } | undefined)?.id)).not.toContain('r1');
  });

  it('§9 rate limit: past the demo server’s burst a send is refused with its retry-after', async () => {
    const p = await joined();
    for (let i = 0; i < DEMO_RATE_LIMIT.max; i++) {
      const ok = p.client.send(`message ${i}`, 'public');
      await settle();
      await ok;
    }
    const refused = expect(p.client.send('one more', 'public')).rejects.toMatchObject({ status: 429, retryAfter: DEMO_RATE_LIMIT.retryAfterS });
    await settle();
    await refused;
  });
});

describe('polls', () => {
  it('the live poll shows without results; a vote counts once in the studio; a second vote is refused', async () => {
    const p = await joined();
    p.socket();
    const read = p.client.poll();
    await settle();
    expect(await read).toEqual({ poll: expect.objectContaining({ pollGuid: 'p1', status: 'ACTIVE', myVote: null, results: null }) });

    const vote = p.client.vote('p1', 2);
    await settle();
    expect((await vote).poll).toMatchObject({ myVote: 2, results: [{ option: 'Tea', votes: 3 }, { option: 'Coffee', votes: 2 }] });
    expect(studio.filter((e) => e.type === 'POLL')).toEqual([{ type: 'POLL', notificationType: 'UPDATE', pollData: { pollGuid: 'p1', results: [{ option: 'Tea', votes: 3 }, { option: 'Coffee', votes: 2 }] } }]);
    await vi.advanceTimersByTimeAsync(600); // the results push window
    expect(p.frames).toContainEqual({ type: 'poll' });

    const again = expect(p.client.vote('p1', 1)).rejects.toMatchObject({ status: 409, message: 'You voted in this poll already' });
    await settle();
    await again;
    expect(polls[0]!.results).toEqual([{ option: 'Tea', votes: 3 }, { option: 'Coffee', votes: 2 }]);
  });

  it('a poll the moderator starts or ends reaches the pages', async () => {
    const p = await joined();
    p.socket();
    await settle();
    p.frames.length = 0;
    host.pollChanged();
    await settle();
    expect(p.frames).toEqual([{ type: 'poll' }]);
  });
});

describe('removal', () => {
  it('the moderator’s Remove: the page is told, the studio no longer lists them, and they cannot come back', async () => {
    const p = await joined();
    p.socket();
    await settle();
    host.remove('demo-attendee-1');
    await settle();
    expect(p.frames).toContainEqual({ type: 'attendee.removed' });
    expect(lastRoster().participants.map((e) => e.name)).toEqual(['Ava Thompson']);
    const read = p.client.page();
    const join = expect(p.client.join({ name: 'Ada again' })).rejects.toMatchObject({ code: 'ATTENDEE_REMOVED' });
    await settle();
    expect(await read).toMatchObject({ attendee: null, removed: true });
    await join;
  });

  it('a simulated attendee the moderator removed stays off the roster reports', () => {
    host.remove(SIMULATED.id);
    host.through({ type: 'Event_Attendees', participants: [SIMULATED], count: 1 });
    expect(lastRoster()).toMatchObject({ participants: [], count: 0 });
  });
});

describe('no studio tab', () => {
  it('a call is refused as "the demo studio is not open", and presence says so until a studio tab serves', async () => {
    stopServing();
    const p = page();
    const seen: boolean[] = [];
    const stop = p.port.presence((open) => seen.push(open));
    const read = p.client.page();
    const failed = expect(read).rejects.toMatchObject({ code: DEMO_STUDIO_CLOSED, status: 503 });
    await vi.advanceTimersByTimeAsync(DEMO_CALL_TIMEOUT_MS);
    await failed;
    expect(seen).toEqual([false]);
    stopServing = host.serve(room());
    await vi.advanceTimersByTimeAsync(DEMO_PRESENCE_MS + 1);
    expect(seen).toEqual([false, true]);
    stop();
  });

  it('a registered page registers again when another studio tab takes over (and catches up)', async () => {
    const p = await joined();
    p.socket();
    await settle();
    stopServing();
    stopServing = host.serve(room());
    await settle();
    expect(p.states).toEqual(['connecting', 'connected', 'reconnecting', 'connected', 'reconnected']);
  });
});
