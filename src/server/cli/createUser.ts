/**
 * `npm run backend -- --create-user NAME`: makes a producer on the data folder (or DATABASE_URL) the
 * backend would start on, with a password read from stdin (cli/password.ts), then exits. The way a
 * production backend gets its first user; a development data folder it makes gets the sample data
 * as a start would. Refused while a backend runs on the same data folder (its lock).
 */
import { openDatabase } from '../db/open';
import { seedSampleData } from '../seed';
import { createUser, newUserProblem } from '../users';
import { readNewPassword } from './password';

export async function createUserCommand(o: { username: string; dataDir: string; databaseUrl?: string; production: boolean; adopt?: boolean }): Promise<void> {
  const nameProblem = newUserProblem(o.username, 'x'.repeat(64));
  if (nameProblem) throw new Error(nameProblem);
  const password = await readNewPassword(o.username);
  const problem = newUserProblem(o.username, password);
  if (problem) throw new Error(problem);
  const opened = await openDatabase({ dataDir: o.dataDir, ...(o.databaseUrl ? { databaseUrl: o.databaseUrl } : {}), adopt: o.adopt ?? false, ...(o.production ? {} : { seed: seedSampleData }) });
  try {
    await createUser(opened.db, o.username, password);
  } finally {
    await opened.close();
  }
}
