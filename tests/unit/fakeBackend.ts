/**
 * A Backend for unit tests: the members a test gives, and for the rest members whose every call
 * fails (as a call to a server that is not there would).
 */
import type { PollsQnaAudience } from '../../src/demo/audience/pollsQnaSimulator';
import { dispatch } from '../../src/services/realtimeEvents';
import { installBackend, type Backend } from '../../src/state/backend';
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
  const members = ['session', 'channel', 'chat', 'polls', 'qna', 'people', 'assets', 'meeting'] as const;
  const b = Object.fromEntries(members.map((m) => [m, parts[m] ?? absent(m)])) as unknown as Backend;
  installBackend(b);
  return b;
}

/** The demo's simulated audience wired to the stores: it sees their polls and questions, and its events go through the dispatcher. */
export const audienceOnStores = (): PollsQnaAudience => ({
  activePoll: () => activePoll(usePollStore.getState().polls),
  questions: () => useQnaStore.getState().questions,
  emit: dispatch,
});
