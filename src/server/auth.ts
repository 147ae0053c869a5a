/**
 * Tokens (random 32 bytes, base64url, kept only as their sha256 with the user, the kind and the
 * expiry) and the request guards: 401 for a missing, unknown or expired token, 403 for a user who
 * does not moderate the event.
 *
 * Every token belongs to a session: a sign-in starts one that lasts SESSION_TTL_S. The token
 * exchange and the event access token make more tokens of the same session, never outliving it
 * (an exchange cannot extend a session), and signing out revokes every token of the session.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from './db/adapter';
import { forbidden, unauthorized } from './errors';

/** expires_in of a fresh sign-in's token; a session lasts as long, whatever is exchanged in it. */
export const TOKEN_TTL_S = 8 * 60 * 60;
export const SESSION_TTL_S = TOKEN_TTL_S;

export const newToken = (): string => randomBytes(32).toString('base64url');
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** 'user': the user manager's token (also the producer token); 'event': the event access token. */
export type TokenKind = 'user' | 'event';

export interface Session {
  /** null for a token made before sessions existed: it is its own session. */
  id: string | null;
  expiresAt: number;
}

export interface TokenOwner {
  userId: string;
  kind: TokenKind;
  eventId: string | null;
  session: Session;
  /** The token's own hash (revokes a token without a session id). */
  hash: string;
  expiresAt: number;
}

/** A new session for a sign-in. */
export const newSession = (now = Date.now()): Session => ({ id: randomBytes(16).toString('hex'), expiresAt: now + SESSION_TTL_S * 1000 });

/** A token of `session`; it expires TOKEN_TTL_S from now, or with its session if that comes first. Answers the token and its expiry. */
export async function issueToken(db: Queryable, userId: string, kind: TokenKind, eventId: string | null, session: Session): Promise<{ token: string; expiresAt: number }> {
  const token = newToken();
  const expiresAt = Math.min(Date.now() + TOKEN_TTL_S * 1000, session.expiresAt);
  await db.query('INSERT INTO tokens (hash, kind, user_id, event_id, expires_at, session_id, session_expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
    tokenHash(token),
    kind,
    userId,
    eventId,
    expiresAt,
    session.id,
    session.expiresAt,
  ]);
  return { token, expiresAt };
}

/** expires_in (seconds) of a token expiring at `expiresAt`. */
export const expiresIn = (expiresAt: number): number => Math.max(0, Math.floor((expiresAt - Date.now()) / 1000));

interface TokenRow {
  hash: string;
  user_id: string;
  kind: TokenKind;
  event_id: string | null;
  expires_at: number;
  session_id: string | null;
  session_expires_at: number | null;
}

export async function lookupToken(db: Queryable, token: string | undefined | null): Promise<TokenOwner | null> {
  if (!token) return null;
  const row = (await db.query<TokenRow>('SELECT hash, user_id, kind, event_id, expires_at, session_id, session_expires_at FROM tokens WHERE hash = $1', [tokenHash(token)]))[0];
  if (!row || row.expires_at <= Date.now()) return null;
  return {
    userId: row.user_id,
    kind: row.kind,
    eventId: row.event_id,
    session: { id: row.session_id, expiresAt: row.session_expires_at ?? row.expires_at },
    hash: row.hash,
    expiresAt: row.expires_at,
  };
}

/** Sign-out: every token of the owner's session (user, exchanged and event tokens) stops working. */
export async function revokeSession(db: Queryable, owner: TokenOwner): Promise<void> {
  if (owner.session.id) await db.query('DELETE FROM tokens WHERE session_id = $1', [owner.session.id]);
  else await db.query('DELETE FROM tokens WHERE hash = $1', [owner.hash]);
}

/** Drops tokens past their expiry (at start: they answer 401 anyway, this keeps the table small). */
export async function purgeExpiredTokens(db: Queryable): Promise<void> {
  await db.query('DELETE FROM tokens WHERE expires_at <= $1', [Date.now()]);
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

/** The user token's owner: `Authorization: Bearer`; `?access_token=` only where §7 sends it (`queryToken`: the CMS calls). */
export async function requireUserToken(db: Queryable, req: FastifyRequest, { queryToken = false } = {}): Promise<TokenOwner> {
  const owner = await lookupToken(db, bearer(req.headers.authorization) ?? (queryToken ? queryParam(req, 'access_token') : undefined));
  if (!owner || owner.kind !== 'user') throw unauthorized();
  return owner;
}

/** The user of a user token (see requireUserToken). */
export async function requireUser(db: Queryable, req: FastifyRequest, options: { queryToken?: boolean } = {}): Promise<string> {
  return (await requireUserToken(db, req, options)).userId;
}

/** The producer token's owner: `X-Producer-Authorization: Bearer` (else `Authorization`). */
export async function requireProducerToken(db: Queryable, req: FastifyRequest): Promise<TokenOwner> {
  const owner = await lookupToken(db, bearer(req.headers['x-producer-authorization']) ?? bearer(req.headers.authorization));
  if (!owner || owner.kind !== 'user') throw unauthorized();
  return owner;
}

/** The user of a producer token (see requireProducerToken). */
export async function requireProducer(db: Queryable, req: FastifyRequest): Promise<string> {
  return (await requireProducerToken(db, req)).userId;
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
