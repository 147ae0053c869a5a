/**
 * The server key: 32 random bytes in `<dataDir>/server.key` (mode 0600), made on first use. Invite
 * links are derived from it (guests.ts), so the database alone (a dump, a stolen backup) does not
 * give them away. Losing the file only means the host gets a new invite link.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SERVER_KEY_FILE = 'server.key';

export function serverKey(dataDir: string): Buffer {
  return keyFile(dataDir, SERVER_KEY_FILE);
}

/** 32 random bytes kept in `<dataDir>/<file>` (hex, mode 0600), made on first use. */
export function keyFile(dataDir: string, file: string): Buffer {
  const path = join(dataDir, file);
  if (existsSync(path)) {
    const key = Buffer.from(readFileSync(path, 'utf8').trim(), 'hex');
    if (key.length === 32) return key;
  }
  const key = randomBytes(32);
  writeFileSync(path, `${key.toString('hex')}\n`, { mode: 0o600 });
  return key;
}
