/**
 * A vote is stored before the producers are told: when that push fails (the database gone for a
 * moment between the vote and the results read), the vote still answers, and the failure is not left
 * as an unhandled rejection (which ends a Node process: every socket on this backend would drop).
 */
import { expect, it } from 'vitest';
import { vote } from '../../src/server/audience/polls';
import type { Ctx } from '../../src/server/context';

const poll = { guid: 'p1', question: 'Which?', options: [{ optionNumber: 1, text: 'A' }], status: 'ACTIVE', results: [{ optionNumber: 1, votes: 0 }] };

it("answers the vote when the results push fails, and leaves no unhandled rejection", async () => {
  const tx = { query: async (sql: string) => (sql.startsWith('SELECT') ? [poll] : [{ poll_guid: 'p1' }]) };
  const db = { transaction: async <T>(work: (q: typeof tx) => Promise<T>) => work(tx) } as unknown as Ctx['db'];
  const hub = { coalesce: () => Promise.reject(new Error('database gone')) } as unknown as Ctx['hub'];
  const answer = await vote({ db, hub }, 'ev', 'p1', 'attendee-1', 1, 1000);
  expect(answer).toMatchObject({ pollGuid: 'p1', myVote: 1, results: [{ optionNumber: 1, votes: 1 }] });
  await new Promise((r) => setImmediate(r)); // a rejection left unhandled is reported before the next turn
});
