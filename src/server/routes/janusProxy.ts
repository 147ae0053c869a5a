/**
 * `/janus`: Janus' WebSocket API on the backend's own origin (CONTRACT.md "Meeting"), relayed frame
 * by frame to the Janus that holds the page's room (meeting.ts: this backend's own, or another's). The page's CSP allows only its own origin
 * (and https/wss) for connections, so a page served over http could not reach Janus' own port; and a
 * deployment needs one public address instead of two. Only signalling passes here; media flows
 * between the browser and Janus directly.
 *
 * The upgrade needs a join token the backend issued (a meeting answer's `meeting.token`), sent as a
 * second WebSocket subprotocol `studio-join.<token>` (a browser cannot set headers on a WebSocket, and a
 * query would put the token in logs). It is refused (401) when the token is unknown, and (403) when
 * what it was issued against no longer holds: the producer's session was signed out or they no
 * longer moderate the event, the guest was removed, the output token was replaced. A socket that
 * has not joined its room within REGISTER_TIMEOUT_MS is closed; every frame the page sends passes
 * janus/relayFilter.ts first. A producer's relay closes when that session signs out, an output page's
 * when its output token is replaced.
 */
import { isCaptureToken } from '../live/jobs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { WebSocket, type RawData } from 'ws';
import { isModerator } from '../auth';
import type { Ctx } from '../context';
import type { Queryable } from '../db/adapter';
import { HttpError } from '../errors';
import { RelayFilter, refusalAnswer } from '../janus/relayFilter';
import { RETURN_SUFFIX, type Grant, type Member } from '../meeting';
import { CLOSE_FORBIDDEN, CLOSE_REGISTER_TIMEOUT, CLOSE_UNAUTHORIZED, OUTPUT_TOKEN_REPLACED_REASON, REGISTER_TIMEOUT_MS } from '../sockets/messages';

export const JANUS_PUBLIC_PATH = '/janus';
export const JANUS_PROTOCOL = 'janus-protocol';
/** The subprotocol that carries the join token: `studio-join.<token>` (base64url is a valid protocol token). */
export const RELAY_TOKEN_PROTOCOL = 'studio-join.';
/** Frames kept while the connection to Janus opens (a page sends two or three). */
const WAITING_MAX = 32;

/** The join token of an upgrade's `Sec-WebSocket-Protocol` list, or null. */
export function relayToken(header: string | string[] | undefined): string | null {
  const list = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((p) => p.trim());
  const entry = list.find((p) => p.startsWith(RELAY_TOKEN_PROTOCOL));
  return entry ? entry.slice(RELAY_TOKEN_PROTOCOL.length) || null : null;
}

/** Whether what the join token was issued against still holds. */
async function grantHolds(db: Queryable, grant: Grant): Promise<boolean> {
  switch (grant.kind) {
    case 'producer': {
      if (!(await isModerator(db, grant.userId, grant.eventId))) return false;
      if (grant.sessionId === null) return true;
      return (await db.query('SELECT 1 FROM tokens WHERE session_id = $1 AND expires_at > $2 LIMIT 1', [grant.sessionId, Date.now()])).length > 0;
    }
    case 'guest': {
      const rows = await db.query<{ removed_at: number | null }>('SELECT removed_at FROM guests WHERE id = $1 AND event_id = $2', [grant.guestId, grant.eventId]);
      return rows[0]?.removed_at === null;
    }
    case 'output': {
      const rows = await db.query<{ output_token_hash: string | null }>('SELECT output_token_hash FROM channels WHERE uuid = $1 AND event_id = $2', [grant.channel, grant.eventId]);
      return rows[0]?.output_token_hash === grant.outputTokenHash;
    }
    case 'capture':
      return isCaptureToken(db, grant.channel, grant.captureTokenHash);
  }
}

const text = (data: RawData) => (Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer)).toString('utf8');

function parse(frame: string): unknown {
  try {
    return JSON.parse(frame) as unknown;
  } catch {
    return null;
  }
}

export function janusProxyRoute(app: FastifyInstance, { db, hub, meeting }: Ctx): void {
  if (!meeting) return;
  const members = new WeakMap<FastifyRequest, { member: Member; upstreamUrl: string }>();

  const preValidation = async (req: FastifyRequest) => {
    const token = relayToken(req.headers['sec-websocket-protocol']);
    const member = token ? await meeting.memberOf(token) : null;
    if (!member) throw new HttpError(401, 'The media relay needs a join token from a meeting answer');
    if (!(await grantHolds(db, member.grant))) throw new HttpError(403, 'This join token no longer admits anyone');
    // The Janus that holds the room, on whichever machine: a room whose instance went is placed again.
    members.set(req, { member, upstreamUrl: await meeting.upstreamOf(member.room) });
  };

  app.get(JANUS_PUBLIC_PATH, { websocket: true, preValidation }, (socket: WebSocket, req: FastifyRequest) => {
    const found = members.get(req);
    if (!found) return socket.close(CLOSE_UNAUTHORIZED, 'No join token');
    const { member, upstreamUrl } = found;
    const { participantId, grant } = member;
    const filter = new RelayFilter({ ...member, mayPublish: grant.kind !== 'output' && !participantId.endsWith(RETURN_SUFFIX) && !participantId.startsWith('output-') });
    const upstream = new WebSocket(upstreamUrl, JANUS_PROTOCOL);
    const waiting: string[] = [];
    const idle = setTimeout(() => filter.joined || socket.close(CLOSE_REGISTER_TIMEOUT, 'Not joined'), REGISTER_TIMEOUT_MS);
    const unwatch = meeting.watch(member.token, () => socket.close(CLOSE_FORBIDDEN, 'REMOVED'));
    if (grant.kind === 'producer') hub.bindSession(grant.sessionId, socket);
    if (grant.kind === 'output') {
      hub.bindOutputToken(grant.outputTokenHash, socket);
      // Replaced between the upgrade's check and this bind: the close did not see this socket.
      void grantHolds(db, grant).then((holds) => holds || socket.close(CLOSE_FORBIDDEN, OUTPUT_TOKEN_REPLACED_REASON), () => socket.close(1011, 'Grant check failed'));
    }

    upstream.on('open', () => waiting.splice(0).forEach((m) => upstream.send(m)));
    upstream.on('message', (data) => {
      const frame = text(data);
      filter.fromJanus(parse(frame));
      if (socket.readyState === socket.OPEN) socket.send(frame);
    });
    socket.on('message', (data) => {
      const frame = text(data);
      const msg = parse(frame);
      const refusal = filter.fromPage(msg);
      if (refusal) return socket.send(JSON.stringify(refusalAnswer(msg, refusal)));
      if (upstream.readyState === upstream.OPEN) upstream.send(frame);
      else if (waiting.length < WAITING_MAX) waiting.push(frame);
      else socket.close(1008, 'Too many frames before the media server answered');
    });
    const closeBoth = () => {
      clearTimeout(idle);
      unwatch();
      if (socket.readyState === socket.OPEN) socket.close(1001, 'Media server connection closed');
      if (upstream.readyState === upstream.OPEN || upstream.readyState === upstream.CONNECTING) upstream.terminate();
    };
    upstream.on('close', closeBoth);
    upstream.on('error', closeBoth);
    socket.on('close', closeBoth);
  });
}
