/**
 * Opens the backend's database on a data folder (dataFolder.ts): the embedded PGlite in `pg/`, or a
 * PostgreSQL server (`DATABASE_URL`). A damaged folder or a database whose tables cannot be read
 * fails here, before anything is written, with a DataFolderError saying what to do.
 *
 *   const opened = await openDatabase({ dataDir, seed });  // seed runs only on a database made now
 *   opened.db; opened.created;  await opened.close();
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { openPglite, openPostgres, type Db } from './adapter';
import { DataFolderError, inspectDataFolder, lockDataFolder, NOTHING_CHANGED, PG_FOLDER, readMarker, START_OVER, tightenModes, writeMarker } from './dataFolder';
import { unreadableTables } from './integrity';
import { migrate } from './migrations';

export interface OpenOptions {
  dataDir: string;
  databaseUrl?: string;
  /** Accept an embedded database without a marker (made before markers existed), once its tables read. */
  adopt?: boolean;
  /** Fills a database made in this start (sample data), before the folder's marker is written. */
  seed?: (db: Db) => Promise<void>;
}

export interface OpenedDatabase {
  db: Db;
  /** The database was made in this start (it had no schema). */
  created: boolean;
  close(): Promise<void>;
}

const hasSchema = async (db: Db) => (await db.query("SELECT 1 FROM pg_tables WHERE schemaname = current_schema() AND tablename = 'migrations'")).length > 0;

async function openEmbedded(pg: string): Promise<Db> {
  try {
    return await openPglite(pg);
  } catch (error) {
    throw new DataFolderError(`The database in ${pg} could not be opened (${error instanceof Error ? error.message : String(error)}). The folder may be damaged: restore it from a backup. ${START_OVER}`);
  }
}

export async function openDatabase({ dataDir, databaseUrl, adopt = false, seed }: OpenOptions): Promise<OpenedDatabase> {
  const kind = databaseUrl ? 'server' : 'embedded';
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  // The embedded database allows one process; with a server, processes share the folder (its files, keys and broadcasts).
  const release = databaseUrl ? () => undefined : lockDataFolder(dataDir);
  let db: Db | null = null;
  try {
    const state = inspectDataFolder(dataDir, kind, adopt);
    const where = databaseUrl ? 'The database at DATABASE_URL' : `The database in ${join(dataDir, PG_FOLDER)}`;
    db = databaseUrl ? await openPostgres(databaseUrl) : await openEmbedded(join(dataDir, PG_FOLDER));
    const had = await hasSchema(db);
    if (!had && kind === 'embedded' && state === 'existing') {
      throw new DataFolderError(`${where} holds none of the studio's tables, though its data folder says the backend made it. ${NOTHING_CHANGED} Restore the folder from a backup. ${START_OVER}`);
    }
    const damaged = await unreadableTables(db);
    if (damaged.length) {
      const list = damaged.map((d) => `table ${d.table} cannot be read (${d.reason})`).join('; ');
      throw new DataFolderError(`${where} is damaged: ${list}. ${NOTHING_CHANGED} Restore it from a backup. ${databaseUrl ? '' : START_OVER}`.trim());
    }
    await migrate(db);
    if (!had) await seed?.(db);
    if (!readMarker(dataDir)) writeMarker(dataDir, kind);
    tightenModes(dataDir);
    const open = db;
    return {
      db: open,
      created: !had,
      async close() {
        try {
          await open.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    await db?.close().catch(() => undefined);
    release();
    throw error;
  }
}
