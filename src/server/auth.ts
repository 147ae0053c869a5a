/**
 * Passwords (salted scrypt, compared in constant time) and tokens (random 32 bytes, base64url, kept
 * only as their sha256 with the user, the kind and the expiry), plus the request guards: 401 for a
 * missing, unknown or expired token, 403 for a user who does not moderate the event.
 */
import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from './db/adapter';
import { forbidden, unauthorized } from './errors';

/** expires_in of both tokens: 8 hours. */
export const TOKEN_TTL_S = 8 * 60 * 60;
const KEY_LEN = 64;

function scryptAsync(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password, salt, KEY_LEN, (err, key) => (err ? reject(err) : resolve(key))));
}

/** `scrypt$<salt b64>$<key b64>` with a random 16-byte salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('base64')}$${(await scryptAsync(password, salt)).toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export const newToken = (): string => randomBytes(32).toString('base64url');
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** 'user': the user manager's token (also the producer token); 'event': the event access token. */
export type TokenKind = 'user' | 'event';

export interface TokenOwner {
  userId: string;
  kind: TokenKind;
  eventId: string | null;
}

export async function issueToken(db: Queryable, userId: string, kind: TokenKind, eventId: string | null = null): Promise<string> {
  const token = newToken();
  await db.query('INSERT INTO tokens (hash, kind, user_id, event_id, expires_at) VALUES ($1, $2, $3, $4, $5)', [tokenHash(token), kind, userId, eventId, Date.now() + TOKEN_TTL_S * 1000]);
  return token;
}

export async function lookupToken(db: Queryable, token: string | undefined | null): Promise<TokenOwner | null> {
  if (!token) return null;
  const rows = await db.query<{ user_id: string; kind: TokenKind; event_id: string | null; expires_at: number }>('SELECT user_id, kind, event_id, expires_at FROM tokens WHERE hash = $1', [tokenHash(token)]);
  const row = rows[0];
  if (!row || row.expires_at <= Date.now()) return null;
  return { userId: row.user_id, kind: row.kind, eventId: row.event_id };
}

/** The token of `Bearer <token>`, or undefined. */
export function bearer(header: unknown): string | undefined {
  if (typeof header !== 'string') return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return m?.[1];
}

function queryParam(req: FastifyRequest, name: string): string | undefined {
  const q = req.query as Record<string, unknown> | undefined;
  const v = q?.[name];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** The user of a user token: `Authorization: Bearer` (or `?access_token=`, as CMS calls send it). */
export async function requireUser(db: Queryable, req: FastifyRequest): Promise<string> {
  const owner = await lookupToken(db, bearer(req.headers.authorization) ?? queryParam(req, 'access_token'));
  if (!owner || owner.kind !== 'user') throw unauthorized();
  return owner.userId;
}

/** The user of a producer token: `X-Producer-Authorization: Bearer` (else `Authorization`). */
export async function requireProducer(db: Queryable, req: FastifyRequest): Promise<string> {
  const owner = await lookupToken(db, bearer(req.headers['x-producer-authorization']) ?? bearer(req.headers.authorization));
  if (!owner || owner.kind !== 'user') throw unauthorized();
  return owner.userId;
}

export async function isModerator(db: Queryable, userId: string, eventId: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM event_moderators WHERE event_id = $1 AND user_id = $2', [eventId, userId])).length > 0;
}

export async function requireModerator(db: Queryable, userId: string, eventId: string | null): Promise<void> {
  if (!eventId || !(await isModerator(db, userId, eventId))) throw forbidden();
}

/**
 * An event-platform call: the event access token (`Authorization: Bearer`), bound to `eventId`,
 * of a user who still moderates it. A user token is not an event token (401); a token of
 * another event, or of a user who no longer moderates this one, is 403.
 */
export async function requireEventAccess(db: Queryable, req: FastifyRequest, eventId: string): Promise<string> {
  const owner = await lookupToken(db, bearer(req.headers.authorization));
  if (!owner || owner.kind !== 'event') throw unauthorized();
  if (owner.eventId !== eventId) throw forbidden('This event access token is for another event');
  await requireModerator(db, owner.userId, eventId);
  return owner.userId;
}
