/**
 * The data folder (`DATA_DIR`): the embedded database in `pg/`, uploaded files, Janus' working folder.
 *
 * A new folder and a damaged one look alike to PGlite: without `pg/PG_VERSION` it makes a new empty
 * database over whatever is left. So the backend writes a marker (`studio-data.json`) once it has
 * made a folder's database, and at every start tells the cases apart before opening anything:
 * - no marker and no database files: a new folder (the database is made, then the marker written);
 * - marker and `pg/PG_VERSION`: an existing folder (its tables are read through at start, integrity.ts);
 * - marker but no `pg/PG_VERSION`, or database files but no marker: damaged, the start is refused
 *   with what is wrong and what to do, and nothing in the folder is changed.
 * A lock file keeps two backends (or a backend and `--create-user`) off one folder; modes are 0700
 * for folders and 0600 for files (PGlite makes some files 0666 whatever the umask).
 */
import { chmodSync, closeSync, existsSync, lstatSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const MARKER_FILE = 'studio-data.json';
export const LOCK_FILE = 'studio.lock';
/** The embedded database's folder inside the data folder. */
export const PG_FOLDER = 'pg';
const FORMAT = 1;

export type DatabaseKind = 'embedded' | 'server';

interface Marker {
  studioDataFolder: number;
  createdAt: string;
  database: DatabaseKind;
}

/** A data folder the backend will not start on; the message says what is wrong and what to do. */
export class DataFolderError extends Error {
  override name = 'DataFolderError';
}

export const NOTHING_CHANGED = 'Nothing in the folder was changed.';
export const START_OVER = 'To start over with an empty database instead, move the folder away (keep it: it holds your data) and start again.';

export function readMarker(dir: string): Marker | null {
  const path = join(dir, MARKER_FILE);
  if (!existsSync(path)) return null;
  let marker: Partial<Marker> | null = null;
  try {
    marker = JSON.parse(readFileSync(path, 'utf8')) as Partial<Marker>;
  } catch {
    marker = null;
  }
  if (!marker || marker.studioDataFolder !== FORMAT || (marker.database !== 'embedded' && marker.database !== 'server')) {
    throw new DataFolderError(`The data folder ${dir} is damaged: its marker ${MARKER_FILE} is not one this backend wrote. ${NOTHING_CHANGED} Restore the folder from a backup. ${START_OVER}`);
  }
  return marker as Marker;
}

const hasEntries = (path: string) => existsSync(path) && readdirSync(path).length > 0;

/**
 * Whether `dir` is a new folder or one with a database made before; throws DataFolderError for a
 * damaged one. `adopt` accepts database files without a marker (a folder made before markers
 * existed): the caller checks every table, then writes the marker.
 */
export function inspectDataFolder(dir: string, database: DatabaseKind, adopt = false): 'new' | 'existing' {
  const marker = readMarker(dir);
  if (database === 'server') return marker ? 'existing' : 'new';
  const pg = join(dir, PG_FOLDER);
  if (marker?.database === 'server') {
    throw new DataFolderError(
      `The data folder ${dir} belongs to a backend on a PostgreSQL server (DATABASE_URL was set when it was made); starting without DATABASE_URL would make a new empty database. ${NOTHING_CHANGED} Set DATABASE_URL, or use another DATA_DIR.`,
    );
  }
  if (marker) {
    if (!existsSync(pg)) throw new DataFolderError(`The data folder ${dir} is damaged: its database folder ${PG_FOLDER}/ is missing. ${NOTHING_CHANGED} Restore the folder from a backup. ${START_OVER}`);
    if (!existsSync(join(pg, 'PG_VERSION'))) {
      throw new DataFolderError(
        `The data folder ${dir} is damaged: ${PG_FOLDER}/PG_VERSION is missing, so its database cannot be opened (and starting would make a new empty database over it). ${NOTHING_CHANGED} Restore the folder from a backup. ${START_OVER}`,
      );
    }
    return 'existing';
  }
  if (!hasEntries(pg)) return 'new';
  if (adopt && existsSync(join(pg, 'PG_VERSION'))) return 'existing';
  throw new DataFolderError(
    `The data folder ${dir} holds database files (${PG_FOLDER}/) but no ${MARKER_FILE}: an older backend made it, a first start was interrupted, or the marker was deleted. ${NOTHING_CHANGED} If it is a studio data folder you trust, start once with --adopt-data-dir (npm run backend -- --adopt-data-dir): every table is read through, then the marker is written. Otherwise use another DATA_DIR.`,
  );
}

/** Writes the marker (atomically: a half-written marker would read as damage). */
export function writeMarker(dir: string, database: DatabaseKind): void {
  const marker: Marker = { studioDataFolder: FORMAT, createdAt: new Date().toISOString(), database };
  const temp = join(dir, `${MARKER_FILE}.tmp`);
  writeFileSync(temp, `${JSON.stringify(marker, null, 2)}\n`, { mode: 0o600 });
  renameSync(temp, join(dir, MARKER_FILE));
}

/** Whether `pid` runs (a zombie, killed but not yet reaped, does not). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true; // no /proc: trust kill(0)
  }
}

/** A killed holder can take a moment to be gone: its lock counts as held only if it still runs after this. */
const HOLDER_GRACE_MS = 2000;

function stillHeld(pid: number): boolean {
  const until = Date.now() + HOLDER_GRACE_MS;
  while (processAlive(pid)) {
    if (Date.now() >= until) return true;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
  return false;
}

/** Locks this process holds (its own pid in a lock file is no proof the lock is stale). */
const heldHere = new Set<string>();

/**
 * Takes the folder's lock (a file holding this process' id); a lock left by a process that is gone
 * (killed) is taken over. Answers the release.
 */
export function lockDataFolder(dir: string): () => void {
  const path = join(dir, LOCK_FILE);
  if (heldHere.has(path)) throw new DataFolderError(`The data folder ${dir} is in use by another backend of this process. Close it first, or use another DATA_DIR.`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      heldHere.add(path);
      return () => {
        heldHere.delete(path);
        rmSync(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(path, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && stillHeld(pid)) {
        throw new DataFolderError(`The data folder ${dir} is in use by another backend (process ${pid}). Stop it first, or use another DATA_DIR.`);
      }
      rmSync(path, { force: true });
    }
  }
  throw new DataFolderError(`The data folder ${dir} could not be locked (${LOCK_FILE}).`);
}

/** Folders 0700, files 0600, under `dir` (symbolic links are left alone). */
export function tightenModes(dir: string): void {
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if (stat.isDirectory()) {
      if ((stat.mode & 0o777) !== 0o700) chmodSync(path, 0o700);
      for (const name of readdirSync(path)) walk(join(path, name));
    } else if ((stat.mode & 0o777) !== 0o600) chmodSync(path, 0o600);
  };
  walk(dir);
}
