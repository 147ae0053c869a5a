/**
 * A throwaway PostgreSQL server for the backend's PostgreSQL test: initdb in a temp folder, started
 * on a free loopback port (socket files in the same folder), stopped and removed afterwards. As root
 * it runs as the `postgres` user Debian's package creates (PostgreSQL refuses to run as root).
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error plain ESM helper shared with the install script
import { postgresBin } from './postgres-path.mjs';

export interface PostgresServer {
  /** A fresh empty database on the server. */
  database(name: string): Promise<string>;
  stop(): void;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

export async function startPostgres(): Promise<PostgresServer> {
  const bin = postgresBin() as string | null;
  if (!bin) throw new Error("No PostgreSQL server found: npm test installs Debian's postgresql (tests/ensure-postgres.mjs)");
  const dir = mkdtempSync(join(tmpdir(), 'studio-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  const run = (tool: string, args: string[]) => execFileSync(asRoot ? 'runuser' : join(bin, tool), asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args, { stdio: 'pipe', cwd: dir });
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'studio', '--no-sync']);
  const port = await freePort();
  run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on`, 'start']);
  const base = `postgres://studio@127.0.0.1:${port}`;
  const { default: pg } = await import('pg');
  return {
    async database(name) {
      const client = new pg.Client({ connectionString: `${base}/postgres` });
      await client.connect();
      await client.query(`CREATE DATABASE ${name}`);
      await client.end();
      return `${base}/${name}`;
    },
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** One query on its own connection to `url` (tests reading what the backends stored). */
export async function querySql<T = Record<string, unknown>>(url: string, query: string, params: unknown[] = []): Promise<T[]> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(query, params)).rows as T[];
  } finally {
    await client.end();
  }
}
