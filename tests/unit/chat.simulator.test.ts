/** The demo's simulated chat and the demo chat as the audience start runs it: seeded, realistic pace, counters synced, driven by fake timers. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_PACE, startChatSimulation, type ChatPace } from '../../src/demo/audience/chatSimulator';
import { createChatDemo, DEMO_CHAT_SELF } from '../../src/demo/audience/chatDemo';
import { DEMO_ATTENDEES, PUBLIC_LINES } from '../../src/demo/audience/chatData';
import { DEMO_CHAT_LATENCY_MS } from '../../src/demo/audience/chatService';
import { createDemoPollsQnaService } from '../../src/demo/audience/pollsQnaService';
import { DEMO_CHANNEL, DEMO_EVENT_INFORMATION, DEMO_USER } from '../../src/demo/demoData';
import { demoStage } from '../../src/demo/demoStage';
import { sendChat } from '../../src/services/audience/chat';
import { startAudience } from '../../src/services/show/audience';
import { dispatch } from '../../src/services/show/realtimeEvents';
import { backend } from '../../src/state/backend';
import { resetChatStore, useChatStore } from '../../src/state/chat/chatStore';
import { selectHostChatUnread } from '../../src/state/chat/selectors';
import { installFakeBackend } from './fakeBackend';
import { emptyServerChannel } from '../../compositor/sync';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const store = () => useChatStore.getState();

let stop: () => void = () => undefined;
beforeEach(() => {
  vi.useFakeTimers();
  resetChatStore();
});
afterEach(() => {
  stop();
  stop = () => undefined;
  resetChatStore();
  vi.useRealTimers();
});

describe('simulated chat', () => {
  it('attendees post in the public chat every few seconds', () => {
    stop = startChatSimulation({ seed: 1, self: DEMO_CHAT_SELF, emit: dispatch });
    vi.advanceTimersByTime(MINUTE);
    const n = store().messages.public.length;
    expect(n).toBeGreaterThanOrEqual(60 / CHAT_PACE.publicEveryMs[1]! * SECOND);
    expect(n).toBeLessThanOrEqual(2 * (60 / CHAT_PACE.publicEveryMs[0]!) * SECOND);
    const senders = new Set(store().messages.public.map((m) => m.sender.guid));
    expect(senders.size).toBeGreaterThan(8);
    expect(store().messages.public.every((m) => DEMO_ATTENDEES.some((a) => a.guid === m.sender.guid))).toBe(true);
    expect(store().messages.public.every((m) => !m.body.includes('{name}') && m.body.trim() !== '')).toBe(true);
  });

  it('is varied, with emoji now and then', () => {
    stop = startChatSimulation({ seed: 2, self: DEMO_CHAT_SELF, emit: dispatch });
    vi.advanceTimersByTime(3 * MINUTE);
    const bodies = store().messages.public.map((m) => m.body);
    expect(new Set(bodies).size).toBeGreaterThan(Math.min(40, PUBLIC_LINES.length / 2));
    expect(bodies.some((b) => /\p{Extended_Pictographic}/u.test(b))).toBe(true);
  });

  it('presenters talk backstage now and then, the moderator group and private messages occasionally', () => {
    stop = startChatSimulation({ seed: 3, self: DEMO_CHAT_SELF, emit: dispatch });
    vi.advanceTimersByTime(10 * MINUTE);
    const { backstage, moderator, private: direct } = store().messages;
    expect(backstage.length).toBeGreaterThanOrEqual(8);
    expect(backstage.length).toBeLessThanOrEqual(25);
    expect(moderator.length).toBeGreaterThanOrEqual(5);
    expect(moderator.length).toBeLessThanOrEqual(14);
    expect(direct.length).toBeGreaterThanOrEqual(6);
    expect(direct.every((m) => m.receiver?.guid === DEMO_CHAT_SELF.guid && m.sender.role === 'Attendee')).toBe(true);
    expect(backstage.every((m) => m.sender.role !== 'Attendee')).toBe(true);
    expect(moderator.every((m) => m.sender.role === 'Moderator' && m.sender.guid !== DEMO_CHAT_SELF.guid)).toBe(true);
  });

  it('is the same run after run for a seed', () => {
    stop = startChatSimulation({ seed: 7, self: DEMO_CHAT_SELF, emit: dispatch, now: () => 0 });
    vi.advanceTimersByTime(MINUTE);
    const first = store().messages.public.map((m) => `${m.sender.name}: ${m.body}`);
    stop();
    resetChatStore();
    stop = startChatSimulation({ seed: 7, self: DEMO_CHAT_SELF, emit: dispatch, now: () => 0 });
    vi.advanceTimersByTime(MINUTE);
    expect(store().messages.public.map((m) => `${m.sender.name}: ${m.body}`)).toEqual(first);
  });

  it('stops', () => {
    stop = startChatSimulation({ seed: 1, self: DEMO_CHAT_SELF, emit: dispatch });
    vi.advanceTimersByTime(10 * SECOND);
    stop();
    const n = store().messages.public.length;
    vi.advanceTimersByTime(MINUTE);
    expect(store().messages.public.length).toBe(n);
  });
});

/** The demo chat as the app runs it: its service in the backend, the audience started through the services. */
function startChatDemo(seed: number, pace?: Partial<ChatPace>) {
  const chat = createChatDemo({ seed, pace });
  const { polls, qna } = createDemoPollsQnaService();
  const b = installFakeBackend({ chat: chat.service, polls, qna, meeting: { subscribeAudioLevels: () => () => undefined, startAudience: (_info, to) => chat.start(to), reportSharedVideo: async () => undefined } });
  const connection = { user: DEMO_USER, eventInformation: DEMO_EVENT_INFORMATION, channel: DEMO_CHANNEL, stage: { ...demoStage(DEMO_USER), server: emptyServerChannel() } };
  return { chat, stop: startAudience(b, connection) };
}

describe('the demo chat', () => {
  it('serves its history and contacts, keeps the counters synced', async () => {
    const demo = startChatDemo(1);
    stop = demo.stop;
    expect(backend().chat).toBe(demo.chat.service);
    await vi.advanceTimersByTimeAsync(DEMO_CHAT_LATENCY_MS);
    const s = store();
    expect(s.self).toEqual(DEMO_CHAT_SELF);
    expect(s.messages.public.length).toBeGreaterThan(10);
    expect(s.messages.backstage.length).toBeGreaterThan(0);
    expect(s.contacts.length).toBeGreaterThan(5);
    // History arrives read; one fresh backstage message is news.
    expect(s.unread.backstage).toBe(1);
    expect(selectHostChatUnread(store())).toBe(1);
    vi.advanceTimersByTime(5 * MINUTE);
    expect(selectHostChatUnread(store())).toBe(store().unread.backstage + store().unread.moderator);
    expect(selectHostChatUnread(store())).toBeGreaterThan(1);
    stop();
    stop = () => undefined;
    // Leaving empties the chat for the next event.
    expect(store().messages.public).toHaveLength(0);
  });

  it('someone the moderator writes to privately answers a few seconds later', async () => {
    stop = startChatDemo(1, { privateEveryMs: [10 * MINUTE, 10 * MINUTE] }).stop;
    await vi.advanceTimersByTimeAsync(DEMO_CHAT_LATENCY_MS);
    const lukas = store().contacts.find((c) => c.role === 'Panelist')!;
    const sent = sendChat({ kind: 'private', recipient: lukas }, 'Ready for your section?');
    await vi.advanceTimersByTimeAsync(DEMO_CHAT_LATENCY_MS);
    expect(await sent).toBe(true);
    await vi.advanceTimersByTimeAsync(8 * SECOND);
    const answer = store().messages.private.find((m) => !m.isSelf && m.sender.guid === lukas.guid);
    expect(answer?.receiver?.guid).toBe(DEMO_CHAT_SELF.guid);
  });
});
