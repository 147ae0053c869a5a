// @vitest-environment node
/**
 * Start-up on a data folder (src/server/db/dataFolder.ts, db/open.ts): a new folder gets its marker,
 * tight modes and (in development) the sample data once; a damaged folder refuses the start with
 * what is wrong and what to do, and is left as it was, every file byte for byte (its database is read
 * on a copy): the marker deleted, PG_VERSION deleted, a table file cut short, a database without the
 * studio's tables, a folder made for a PostgreSQL server. Also the lock, --adopt-data-dir, and the
 * CLI's own output for a refused start.
 */
import { PGlite } from '@electric-sql/pglite';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataFolderError, LOCK_FILE, MARKER_FILE, PG_FOLDER } from '../../src/server/db/dataFolder';
import { REPO_ROOT, startBackend } from '../../src/server/server';
import { SERVER_KEY_FILE } from '../../src/server/serverKey';
import { blankClusterReady, removeDir, signIn, tempDir } from './helpers';

/** A data folder a development start made (sample data in it), closed: each test damages a copy. */
let made: string;
const dirs: string[] = [];

beforeAll(async () => {
  made = tempDir();
  dirs.push(made);
  const backend = await startBackend({ dataDir: made, janus: false, production: false });
  expect(backend.sampleData).toBe(true);
  await backend.close();
});
afterAll(() => dirs.forEach(removeDir));

function copyOfMade(): string {
  const dir = tempDir();
  dirs.push(dir);
  cpSync(made, dir, { recursive: true });
  return dir;
}

/** Every path under `dir` with its size, mode and checksum: what "left as it was, byte for byte" compares. */
function listing(dir: string): string[] {
  const out: string[] = [];
  const walk = (p: string) => {
    for (const name of readdirSync(p).sort()) {
      const path = join(p, name);
      const stat = statSync(path);
      if (stat.isDirectory()) {
        out.push(`${path.slice(dir.length)}/ ${(stat.mode & 0o777).toString(8)}`);
        walk(path);
      } else out.push(`${path.slice(dir.length)} ${stat.size} ${(stat.mode & 0o777).toString(8)} ${createHash('sha256').update(readFileSync(path)).digest('hex')}`);
    }
  };
  walk(dir);
  return out;
}

async function refusal(dir: string, options: Parameters<typeof startBackend>[0] = {}): Promise<DataFolderError> {
  const error = await startBackend({ dataDir: dir, janus: false, ...options }).then(
    async (b) => {
      await b.close();
      return null;
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DataFolderError);
  return error as DataFolderError;
}

describe('a new data folder', () => {
  it('gets its marker, 0700 folders and 0600 files, and the server key', () => {
    expect(JSON.parse(readFileSync(join(made, MARKER_FILE), 'utf8'))).toMatchObject({ studioDataFolder: 1, database: 'embedded' });
    expect(existsSync(join(made, SERVER_KEY_FILE))).toBe(true);
    expect(existsSync(join(made, LOCK_FILE))).toBe(false);
    const loose: string[] = [];
    const walk = (p: string) => {
      const stat = statSync(p);
      const want = stat.isDirectory() ? 0o700 : 0o600;
      if ((stat.mode & 0o777) !== want) loose.push(`${p} ${(stat.mode & 0o777).toString(8)}`);
      if (stat.isDirectory()) readdirSync(p).forEach((n) => walk(join(p, n)));
    };
    walk(made);
    expect(loose).toEqual([]);
  });

  it('a second start keeps the data and does not seed again', async () => {
    const dir = copyOfMade();
    const backend = await startBackend({ dataDir: dir, janus: false });
    try {
      expect(backend.sampleData).toBe(false);
      expect(backend.users).toBe(2);
      expect((await signIn(backend.url, 'producer1')).token).toEqual(expect.any(String));
    } finally {
      await backend.close();
    }
  });

  it('a production start makes no sample users and says there is none', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const backend = await startBackend({ dataDir: dir, janus: false, production: true });
    try {
      expect(backend.sampleData).toBe(false);
      expect(backend.users).toBe(0);
      await expect(signIn(backend.url, 'producer1')).rejects.toThrow(/401/);
      // The test hooks are not there (dev/faults.ts is never loaded) …
      expect((await fetch(`${backend.url}/__test/drop-sockets`, { method: 'POST' })).status).toBe(404);
    } finally {
      await backend.close();
    }
    // … and a production start that asks for them does not start.
    await expect(startBackend({ dataDir: tempDir(), janus: false, production: true, faults: true })).rejects.toThrow(/production start \(NODE_ENV=production\) refuses them/);
  });
});

describe('a damaged data folder refuses the start and is left as it was', () => {
  it('the marker file deleted (database files but no marker)', async () => {
    const dir = copyOfMade();
    rmSync(join(dir, MARKER_FILE));
    const before = listing(dir);
    const error = await refusal(dir);
    expect(error.message).toMatch(new RegExp(`holds database files \\(${PG_FOLDER}/\\) but no ${MARKER_FILE}`));
    expect(error.message).toMatch(/Nothing in the folder was changed.*--adopt-data-dir/s);
    expect(listing(dir)).toEqual(before);
  });

  it('PG_VERSION deleted (PGlite would make a new empty database over it)', async () => {
    const dir = copyOfMade();
    rmSync(join(dir, PG_FOLDER, 'PG_VERSION'));
    const before = listing(dir);
    const error = await refusal(dir);
    expect(error.message).toMatch(/is damaged: pg\/PG_VERSION is missing/);
    expect(error.message).toMatch(/Restore the folder from a backup.*move the folder away/s);
    expect(listing(dir)).toEqual(before);
  });

  it('a table file cut short: the start fails, naming the table, not a request later', async () => {
    const dir = copyOfMade();
    const pg = await PGlite.create({ dataDir: join(dir, PG_FOLDER) });
    const file = (await pg.query<{ path: string }>("SELECT pg_relation_filepath('users') AS path")).rows[0]!.path;
    await pg.close();
    truncateSync(join(dir, PG_FOLDER, file), 4000);
    const before = listing(dir);
    const error = await refusal(dir);
    expect(error.message).toMatch(/is damaged: table users cannot be read \(could not read block/);
    expect(error.message).toMatch(/Restore it from a backup/);
    expect(error.message).toMatch(/Nothing in the folder was changed/);
    // And nothing was: every file byte for byte (the check read a copy), the cut file too.
    expect(listing(dir)).toEqual(before);
    expect(statSync(join(dir, PG_FOLDER, file)).size).toBe(4000);
  });

  it('a database without the studio\'s tables where the marker says the backend made one: refused, every file as it was', async () => {
    const dir = copyOfMade();
    rmSync(join(dir, PG_FOLDER), { recursive: true });
    cpSync(await blankClusterReady(), join(dir, PG_FOLDER), { recursive: true });
    const before = listing(dir);
    const error = await refusal(dir);
    expect(error.message).toMatch(/holds none of the studio's tables.*Nothing in the folder was changed/s);
    expect(listing(dir)).toEqual(before);
  });

  it('the marker is not one this backend wrote', async () => {
    const dir = copyOfMade();
    writeFileSync(join(dir, MARKER_FILE), 'not json');
    expect((await refusal(dir)).message).toMatch(/its marker studio-data.json is not one this backend wrote/);
  });

  it('a folder made for a PostgreSQL server, started without DATABASE_URL', async () => {
    const dir = tempDir();
    dirs.push(dir);
    writeFileSync(join(dir, MARKER_FILE), JSON.stringify({ studioDataFolder: 1, createdAt: new Date().toISOString(), database: 'server' }));
    expect((await refusal(dir)).message).toMatch(/belongs to a backend on a PostgreSQL server.*Set DATABASE_URL/s);
    expect(existsSync(join(dir, PG_FOLDER))).toBe(false);
  });
});

describe('the folder lock and adoption', () => {
  it('a second backend on a folder in use is refused', async () => {
    const dir = copyOfMade();
    const first = await startBackend({ dataDir: dir, janus: false });
    try {
      expect((await refusal(dir)).message).toMatch(/is in use by another backend/);
    } finally {
      await first.close();
    }
  });

  it('--adopt-data-dir accepts a folder made before markers, once its tables read, and writes the marker', async () => {
    const dir = copyOfMade();
    rmSync(join(dir, MARKER_FILE));
    const backend = await startBackend({ dataDir: dir, janus: false, adoptDataDir: true });
    await backend.close();
    expect(existsSync(join(dir, MARKER_FILE))).toBe(true);
    expect(backend.sampleData).toBe(false);
  });
});

describe('npm run backend on a damaged folder', () => {
  it('prints that it did not start and why, and exits 1', async () => {
    const dir = copyOfMade();
    rmSync(join(dir, PG_FOLDER, 'PG_VERSION'));
    const child = spawn('npx', ['tsx', 'src/server/main.ts'], { cwd: REPO_ROOT, env: { ...process.env, PORT: '0', DATA_DIR: dir, STUDIO_JANUS: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += String(d)));
    child.stderr.on('data', (d: Buffer) => (out += String(d)));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(out).toContain('The backend did not start.');
    expect(out).toContain('pg/PG_VERSION is missing');
    expect(out).not.toMatch(/Studio backend on/);
  });
});
