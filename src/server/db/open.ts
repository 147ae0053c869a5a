/**
 * Opens the backend's database on a data folder (dataFolder.ts): the embedded PGlite in `pg/`, or a
 * PostgreSQL server (`DATABASE_URL`). A damaged folder or a database whose tables cannot be read
 * fails here, before anything is written (an existing embedded database is read on a copy first), with
 * a DataFolderError saying what to do.
 *
 *   const opened = await openDatabase({ dataDir, seed });  // seed runs only on a database made now
 *   opened.db; opened.created;  await opened.close();
 */
import { cpSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
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
  /**
   * A new PGlite cluster nothing has touched yet (the folder PGlite's initdb made), copied as a new
   * folder's `pg/` instead of running initdb (most of a start's seconds): the server tests start
   * many backends. Schema, seed and marker then follow as in any first start.
   */
  blankCluster?: string;
}

export interface OpenedDatabase {
  db: Db;
  /** The database was made in this start (it had no schema). */
  created: boolean;
  close(): Promise<void>;
}

const hasSchema = async (db: Db) => (await db.query("SELECT 1 FROM pg_tables WHERE schemaname = current_schema() AND tablename = 'migrations'")).length > 0;

/** PGlite on `path`; a failure names `shown` (the folder the operator knows). */
async function openEmbedded(path: string, shown = path): Promise<Db> {
  try {
    return await openPglite(path);
  } catch (error) {
    throw new DataFolderError(`The database in ${shown} could not be opened (${error instanceof Error ? error.message : String(error)}). The folder may be damaged: restore it from a backup. ${START_OVER}`);
  }
}

/** The database a marker says the backend made holds the studio's tables, and every one reads whole; DataFolderError otherwise. */
async function verify(db: Db, where: string, madeBefore: boolean, kind: 'embedded' | 'server'): Promise<void> {
  if (madeBefore && kind === 'embedded' && !(await hasSchema(db))) {
    throw new DataFolderError(`${where} holds none of the studio's tables, though its data folder says the backend made it. ${NOTHING_CHANGED} Restore the folder from a backup. ${START_OVER}`);
  }
  const damaged = await unreadableTables(db);
  if (damaged.length) {
    const list = damaged.map((d) => `table ${d.table} cannot be read (${d.reason})`).join('; ');
    throw new DataFolderError(`${where} is damaged: ${list}. ${NOTHING_CHANGED} Restore it from a backup. ${kind === 'server' ? '' : START_OVER}`.trim());
  }
}

/**
 * Checks an existing embedded database on a copy in the system's temporary folder: PostgreSQL writes to
 * a data folder it opens even to read it (recovery, hint bits, a checkpoint when it closes), so a
 * refused start must leave the real one unopened, byte for byte as it was ("nothing was changed").
 */
async function verifyCopy(pg: string, where: string): Promise<void> {
  const copy = await mkdtemp(join(tmpdir(), 'studio-data-check-'));
  try {
    // Synchronous: about twice as fast as the promise cp on PGlite's ~1000 small files, and nothing is served yet.
    cpSync(pg, copy, { recursive: true });
    const db = await openEmbedded(copy, pg);
    try {
      await verify(db, where, true, 'embedded');
    } finally {
      await db.close();
    }
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}

export async function openDatabase({ dataDir, databaseUrl, adopt = false, seed, blankCluster }: OpenOptions): Promise<OpenedDatabase> {
  const kind = databaseUrl ? 'server' : 'embedded';
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  // The embedded database allows one process; with a server, processes share the folder (its files, keys and broadcasts).
  const release = databaseUrl ? () => undefined : lockDataFolder(dataDir);
  let db: Db | null = null;
  try {
    const state = inspectDataFolder(dataDir, kind, adopt);
    const pg = join(dataDir, PG_FOLDER);
    const where = databaseUrl ? 'The database at DATABASE_URL' : `The database in ${pg}`;
    if (kind === 'embedded' && state === 'existing') await verifyCopy(pg, where);
    // Synchronous for the same reason as verifyCopy's copy.
    if (kind === 'embedded' && state === 'new' && blankCluster) cpSync(blankCluster, pg, { recursive: true });
    db = databaseUrl ? await openPostgres(databaseUrl) : await openEmbedded(pg);
    const had = await hasSchema(db);
    if (kind === 'server') await verify(db, where, state === 'existing', kind);
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
