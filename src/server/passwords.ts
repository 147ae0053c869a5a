/**
 * Passwords: salted scrypt (Node's asynchronous scrypt, on libuv's thread pool, never on the event
 * loop), compared in constant time. At most HASH_CONCURRENCY hashes run at once: each takes tens of
 * milliseconds and 16 MB, and the pool's four threads also serve file reads and writes. Beyond
 * HASH_QUEUE_MAX waiting hashes a sign-in is refused (503) instead of queued without end.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { HttpError } from './errors';

export const HASH_CONCURRENCY = 2;
export const HASH_QUEUE_MAX = 64;
/** Longer passwords are refused before hashing (400): scrypt's work grows with the input. */
export const PASSWORD_MAX = 1024;
/** What --create-user asks for at least. */
export const PASSWORD_MIN = 8;
const KEY_LEN = 64;

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `fn` once fewer than HASH_CONCURRENCY hashes run; 503 when too many wait already. */
async function limited<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= HASH_CONCURRENCY) {
    if (waiting.length >= HASH_QUEUE_MAX) throw new HttpError(503, 'The server is busy; try again in a moment', { 'Retry-After': '1' });
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running += 1;
  try {
    return await fn();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

const scryptAsync = (password: string, salt: Buffer): Promise<Buffer> =>
  limited(() => new Promise((resolve, reject) => scrypt(password, salt, KEY_LEN, (err, key) => (err ? reject(err) : resolve(key)))));

/** `scrypt$<salt b64>$<key b64>` with a random 16-byte salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('base64')}$${(await scryptAsync(password, salt)).toString('base64')}`;
}

/** A stored hash no password matches: an unknown user costs a hash too, so timing does not tell which names exist. */
export const NO_USER_HASH = 'scrypt$AAAAAAAAAAAAAAAAAAAAAA==$AAAA';

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
