/**
 * An event's RTMP/RTMPS destinations (CONTRACT.md "Going live"): name, server URL and stream key,
 * the key sealed at rest (streamKeys.ts) and shown to pages as its last characters only.
 */
import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { Queryable } from '../db/adapter';
import { badRequest, notFound } from '../errors';
import { isRecord } from '../../../compositor/model/json';
import { DESTINATION_NAME_MAX, DESTINATIONS_MAX } from './rules';
import { normaliseServerUrl, rtmpTarget, streamKeyProblem } from './destinationUrl';
import { addressProblem, type DestinationRules } from './addresses';
import { keyTail, openKey, sealKey } from './streamKeys';
import type { Destination } from '../../lib/liveContract';
import { LANDSCAPE, PORTRAIT, type FrameShape } from '../../../compositor/model/frame';
import type { WorkerDestination } from './worker/protocol';

interface DestinationRow {
  id: string;
  event_id: string;
  name: string;
  server_url: string;
  key_cipher: string;
  key_last4: string;
  enabled: boolean;
  shape: FrameShape;
  created_at: string | number;
}

/** What a page sees of a destination: never the key. */
export type DestinationJson = Destination;

const toJson = (r: DestinationRow): DestinationJson => ({ id: r.id, name: r.name, serverUrl: r.server_url, keyLast4: r.key_last4, enabled: r.enabled, shape: r.shape, createdAt: Number(r.created_at) });

/** The program a destination receives (issue 34): 16:9 when not said; 400 for anything but the two shapes. */
function shapeOf(body: Record<string, unknown>, current: FrameShape = LANDSCAPE): FrameShape {
  if (body.shape === undefined) return current;
  if (body.shape !== LANDSCAPE && body.shape !== PORTRAIT) throw badRequest(`The shape is ${LANDSCAPE} or ${PORTRAIT}`);
  return body.shape as FrameShape;
}

/** A text field of a body: trimmed, 1..max characters; 400 saying which field otherwise. */
function text(body: Record<string, unknown>, field: string, label: string, max: number): string {
  const v = body[field];
  if (typeof v !== 'string' || !v.trim()) throw badRequest(`${label} is required`);
  if (v.trim().length > max) throw badRequest(`${label} is longer than ${max} characters`);
  return v.trim();
}

/**
 * The server URL in the normal form it was checked in: what is stored and streamed to. A host typed
 * as an address is judged now (a name, by what it resolves to when the output connects).
 */
function serverUrl(body: Record<string, unknown>, rules: DestinationRules): string {
  if (typeof body.serverUrl !== 'string' || !body.serverUrl) throw badRequest('The server URL is required');
  const checked = normaliseServerUrl(body.serverUrl);
  if (!checked.ok) throw badRequest(checked.problem);
  const { host, port } = rtmpTarget(checked.value);
  const problem = isIP(host) ? addressProblem(rules, host, host, port) : null;
  if (problem) throw badRequest(problem);
  return checked.value;
}

/** What a destination's checks need of the backend. */
export interface DestinationContext {
  streamKeySecret: Buffer;
  destinationRules: DestinationRules;
}

/** The stream key exactly as typed (nothing trimmed): refused when it holds what a URL would drop or end at. */
function streamKey(body: Record<string, unknown>): string {
  const problem = streamKeyProblem(body.streamKey);
  if (problem) throw badRequest(problem);
  return body.streamKey as string;
}

export async function listDestinations(db: Queryable, eventId: string): Promise<DestinationJson[]> {
  return (await db.query<DestinationRow>('SELECT * FROM destinations WHERE event_id = $1 ORDER BY created_at, id', [eventId])).map(toJson);
}

export async function addDestination(db: Queryable, ctx: DestinationContext, eventId: string, body: unknown, now = Date.now()): Promise<DestinationJson> {
  if (!isRecord(body)) throw badRequest('A destination needs a name, a server URL and a stream key');
  const secret = ctx.streamKeySecret;
  const name = text(body, 'name', 'The name', DESTINATION_NAME_MAX);
  const url = serverUrl(body, ctx.destinationRules);
  const key = streamKey(body);
  const shape = shapeOf(body);
  const count = Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM destinations WHERE event_id = $1', [eventId]))[0]?.n ?? 0);
  if (count >= DESTINATIONS_MAX) throw badRequest(`An event has at most ${DESTINATIONS_MAX} destinations`);
  const row: DestinationRow = { id: randomUUID(), event_id: eventId, name, server_url: url, key_cipher: sealKey(secret, key), key_last4: keyTail(key), enabled: true, shape, created_at: now };
  await db.query('INSERT INTO destinations (id, event_id, name, server_url, key_cipher, key_last4, enabled, shape, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)', [
    row.id, row.event_id, row.name, row.server_url, row.key_cipher, row.key_last4, row.enabled, row.shape, row.created_at,
  ]);
  return toJson(row);
}

async function row(db: Queryable, eventId: string, id: string): Promise<DestinationRow> {
  const found = (await db.query<DestinationRow>('SELECT * FROM destinations WHERE event_id = $1 AND id = $2', [eventId, id]))[0];
  if (!found) throw notFound('No such destination');
  return found;
}

export async function changeDestination(db: Queryable, ctx: DestinationContext, eventId: string, id: string, body: unknown): Promise<DestinationJson> {
  if (!isRecord(body)) throw badRequest('Nothing to change');
  const secret = ctx.streamKeySecret;
  const current = await row(db, eventId, id);
  const next = { ...current };
  if (body.name !== undefined) next.name = text(body, 'name', 'The name', DESTINATION_NAME_MAX);
  if (body.serverUrl !== undefined) next.server_url = serverUrl(body, ctx.destinationRules);
  if (body.streamKey !== undefined) {
    const key = streamKey(body);
    next.key_cipher = sealKey(secret, key);
    next.key_last4 = keyTail(key);
  }
  if (body.enabled !== undefined) {
    if (typeof body.enabled !== 'boolean') throw badRequest('enabled must be true or false');
    next.enabled = body.enabled;
  }
  next.shape = shapeOf(body, current.shape);
  await db.query('UPDATE destinations SET name = $3, server_url = $4, key_cipher = $5, key_last4 = $6, enabled = $7, shape = $8 WHERE event_id = $1 AND id = $2', [
    eventId, id, next.name, next.server_url, next.key_cipher, next.key_last4, next.enabled, next.shape,
  ]);
  return toJson(next);
}

export async function deleteDestination(db: Queryable, eventId: string, id: string): Promise<void> {
  await row(db, eventId, id);
  await db.query('DELETE FROM destinations WHERE event_id = $1 AND id = $2', [eventId, id]);
}

/** Told why a destination is left out of a broadcast. */
export type SkippedDestination = (message: string) => void;

/** Why a destination is left out: the secret its key was sealed with is not this backend's. */
export const unreadableKeyMessage = (name: string) =>
  `Destination ${name} is skipped: its stream key cannot be read with this backend's secret (STUDIO_SECRETS_KEY or stream-keys.key changed). Type the stream key again in Destinations.`;

/** Why a destination saved before today's rules is left out: its server URL or key fails them. */
export const refusedDestinationMessage = (name: string, problem: string) => `Destination ${name} is skipped: ${problem}. Change it in Destinations.`;

/** A destination as the worker needs it (key in clear, in memory only), or null when disabled or gone. */
export async function destinationForWorker(db: Queryable, secret: Buffer, eventId: string, id: string, onUnreadable: SkippedDestination) {
  const found = (await db.query<DestinationRow>('SELECT * FROM destinations WHERE event_id = $1 AND id = $2 AND enabled', [eventId, id]))[0];
  return found ? workerDestination(secret, found, onUnreadable) : null;
}

/** Whether a broadcast starting now has a vertical program: a vertical destination is switched on (issue 34). */
export async function wantsVertical(db: Queryable, eventId: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM destinations WHERE event_id = $1 AND enabled AND shape = $2 LIMIT 1', [eventId, PORTRAIT])).length > 0;
}

/** The event's destinations switched on, with their keys in clear; one whose key cannot be opened is left out (and told), not the whole broadcast. */
export async function enabledDestinations(db: Queryable, secret: Buffer, eventId: string, onUnreadable: SkippedDestination) {
  const rows = await db.query<DestinationRow>('SELECT * FROM destinations WHERE event_id = $1 AND enabled ORDER BY created_at, id', [eventId]);
  return rows.map((r) => workerDestination(secret, r, onUnreadable)).filter((d) => d !== null);
}

function workerDestination(secret: Buffer, r: DestinationRow, onSkipped: SkippedDestination): WorkerDestination | null {
  let key: string;
  try {
    key = openKey(secret, r.key_cipher);
  } catch {
    onSkipped(unreadableKeyMessage(r.name));
    return null;
  }
  // A row saved before the rules of today is checked again: only a URL in its checked form is streamed to.
  const url = normaliseServerUrl(r.server_url);
  const problem = url.ok ? streamKeyProblem(key) : url.problem;
  if (!url.ok || problem) {
    onSkipped(refusedDestinationMessage(r.name, problem ?? ''));
    return null;
  }
  return { id: r.id, name: r.name, shape: r.shape, serverUrl: url.value, streamKey: key };
}
