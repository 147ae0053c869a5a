/**
 * A Backend for unit tests: the members a test gives, and for the rest members whose every call
 * fails (as a call to a server that is not there would).
 */
import { vi } from 'vitest';
import type { PollsQnaAudience } from '../../src/demo/audience/pollsQnaSimulator';
import { dispatch } from '../../src/services/show/realtimeEvents';
import { installBackend, type Backend } from '../../src/state/backend';
import type { PeopleService } from '../../src/state/people/service';
import { usePollStore } from '../../src/state/polls/pollStore';
import { activePoll } from '../../src/state/polls/rules';
import { useQnaStore } from '../../src/state/qna/qnaStore';

function absent<T extends object>(member: string): T {
  return new Proxy({} as T, {
    get: (_, key) => () => {
      throw new Error(`the test backend has no ${member}.${String(key)}`);
    },
  });
}

/** Installs a backend made of `parts` (the others fail) and returns it. */
export function installFakeBackend(parts: Partial<Backend> = {}): Backend {
  const members = ['session', 'channel', 'rundown', 'chat', 'polls', 'qna', 'people', 'assets', 'meeting'] as const;
  const b = Object.fromEntries(members.map((m) => [m, parts[m] ?? absent(m)])) as unknown as Backend;
  // Optional members stay absent unless given (the demo has no live service).
  if (parts.live) b.live = parts.live;
  installBackend(b);
  return b;
}

/** Moderator actions that all succeed (spies). */
export const okPeople = (): PeopleService => ({
  rename: vi.fn(async () => undefined),
  muteAll: vi.fn(async () => undefined),
  muteEndpoint: vi.fn(async () => undefined),
  voiceProcessing: vi.fn(async () => undefined),
  kickOut: vi.fn(async () => undefined),
  lowerHand: vi.fn(async () => undefined),
  inviteOnStage: vi.fn(async () => undefined),
});

/** The demo's simulated audience wired to the stores: it sees their polls and questions, and its events go through the dispatcher. */
export const audienceOnStores = (): PollsQnaAudience => ({
  activePoll: () => activePoll(usePollStore.getState().polls),
  questions: () => useQnaStore.getState().questions,
  emit: dispatch,
});
