/** What every route and socket handler is given. */
import type { Db } from './db/adapter';
import type { Hub } from './sockets/hub';

export interface Ctx {
  db: Db;
  hub: Hub;
  /** Where uploaded files are kept (`<dataDir>/files`). */
  filesDir: string;
  /** Runs `fn` after `ms` unless the server closes first. */
  later(ms: number, fn: () => void | Promise<void>): void;
}
