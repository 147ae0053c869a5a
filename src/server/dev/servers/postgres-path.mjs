// Where Debian's PostgreSQL server binaries are (initdb, pg_ctl, postgres): the newest version under
// /usr/lib/postgresql, or $PG_BIN. Shared by the install script and the backend's PostgreSQL test.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export function postgresBin() {
  const candidates = process.env.PG_BIN ? [process.env.PG_BIN] : [];
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => join(root, v, 'bin')));
  }
  return candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) ?? null;
}
