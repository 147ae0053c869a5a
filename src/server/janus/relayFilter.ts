/**
 * What a page may say to Janus through the `/janus` relay (routes/janusProxy.ts): only the messages
 * the studio's pages send (src/realtime/janus.ts, src/services/meeting/videoRoom.ts), only for the
 * member its join token names. Everything else is answered with a Janus error and never reaches
 * Janus: no room listing or participant listing, no room made, edited or destroyed, no kick.
 *
 * - Janus core: `create` (one session per socket), `attach` (the VideoRoom only), `message`,
 *   `trickle`, `detach`, `hangup`, `keepalive`, `destroy`; each on this socket's own session and
 *   handles (learnt from Janus' answers), never another's.
 * - VideoRoom: `join` as publisher in the member's room with its join token and as itself (its
 *   participant id, or `{id}~screen` for a member that may publish), or as subscriber in its room;
 *   `publish` and `configure` on a handle joined as a publisher that may publish; `unpublish`,
 *   `leave`, `start`, `pause`. A member that only receives (the output page `output-…`, a guest's
 *   program return `…~return`) joins as itself and never publishes.
 * - Each request with only the fields those pages send (REQUEST_FIELDS) and a `jsep` of `type` and
 *   `sdp` only: never `record`, `filename`, `secret`, `bitrate`… (a guest once made Janus write a
 *   recording where it chose with `publish { record: true, filename }`).
 */
import { SCREEN_SUFFIX } from '../meeting';

export interface RelayMember {
  room: string;
  participantId: string;
  token: string;
  /** Whether it may publish (not the output page, not a program return). */
  mayPublish: boolean;
}

/** Undefined: forward the frame; a text: refuse it for that reason. */
export type Refusal = string | undefined;

/** A member's handles; a socket's page may keep ~16 subscriptions and a screen share. */
export const RELAY_HANDLES_MAX = 64;
const PLUGIN = 'janus.plugin.videoroom';
const CORE = new Set(['create', 'attach', 'message', 'trickle', 'detach', 'hangup', 'keepalive', 'destroy']);
/** A display name: participants' names are at most 100 characters; room to spare, not for a payload. */
export const RELAY_DISPLAY_MAX = 256;

/** The body fields of each VideoRoom request as src/services/meeting/videoRoom.ts sends it; nothing else passes. */
export const REQUEST_FIELDS = {
  'join:publisher': ['request', 'ptype', 'room', 'id', 'display', 'token'],
  'join:subscriber': ['request', 'ptype', 'room', 'streams', 'private_id'],
  publish: ['request', 'display'],
  configure: ['request', 'display'],
  unpublish: ['request'],
  leave: ['request'],
  start: ['request'],
  pause: ['request'],
} as const satisfies Record<string, readonly string[]>;
type RequestKind = keyof typeof REQUEST_FIELDS;
/** The SDP a request may carry (a publish its offer, a subscriber's start its answer); the others none. */
const JSEP_TYPE: Partial<Record<RequestKind, string>> = { publish: 'offer', start: 'answer' };
const JSEP_FIELDS = ['type', 'sdp'];

type Role = { kind: 'publisher'; id: string } | { kind: 'subscriber' };
type Msg = Record<string, unknown>;

const isRecord = (v: unknown): v is Msg => typeof v === 'object' && v !== null && !Array.isArray(v);

export class RelayFilter {
  private session: number | null = null;
  private readonly handles = new Map<number, Role | null>();
  private readonly creating = new Set<string>();
  private readonly attaching = new Set<string>();
  /** A join went through: the socket is a member in its room. */
  joined = false;

  constructor(private readonly member: RelayMember) {}

  private ownIds(): string[] {
    const { participantId, mayPublish } = this.member;
    return mayPublish ? [participantId, `${participantId}${SCREEN_SUFFIX}`] : [participantId];
  }

  /** A frame from the page: undefined to forward it, else why it is refused. */
  fromPage(msg: unknown): Refusal {
    if (!isRecord(msg) || typeof msg.janus !== 'string' || typeof msg.transaction !== 'string' || msg.transaction.length > 100) return 'Not a Janus request';
    const verb = msg.janus;
    if (!CORE.has(verb)) return `"${verb.slice(0, 40)}" is not allowed through the studio's relay`;
    if (verb === 'create') {
      if (this.session !== null || this.creating.size > 0) return 'One session per connection';
      this.creating.add(msg.transaction);
      return undefined;
    }
    if (this.session === null || msg.session_id !== this.session) return 'Not this connection\'s session';
    if (verb === 'keepalive' || verb === 'destroy') return undefined;
    if (verb === 'attach') {
      if (msg.plugin !== PLUGIN) return 'Only the VideoRoom plugin';
      if (this.handles.size + this.attaching.size >= RELAY_HANDLES_MAX) return 'Too many handles';
      this.attaching.add(msg.transaction);
      return undefined;
    }
    const handle = typeof msg.handle_id === 'number' ? msg.handle_id : NaN;
    if (!this.handles.has(handle)) return 'Not this connection\'s handle';
    if (verb !== 'message') return undefined;
    return this.videoroom(handle, msg.body, msg.jsep);
  }

  private videoroom(handle: number, body: unknown, jsep: unknown): Refusal {
    if (!isRecord(body) || typeof body.request !== 'string') return 'A VideoRoom message needs a request';
    if (body.request === 'join' && body.ptype !== 'publisher' && body.ptype !== 'subscriber') return 'ptype must be publisher or subscriber';
    const kind = requestKind(body.request, body.ptype);
    if (!kind) return `VideoRoom "${body.request.slice(0, 40)}" is not allowed through the studio's relay`;
    const refused = fieldProblem(kind, body) ?? jsepProblem(kind, jsep);
    if (refused) return refused;
    const role = this.handles.get(handle) ?? null;
    const publisher = role?.kind === 'publisher' ? role : null;
    switch (kind) {
      case 'join:publisher':
      case 'join:subscriber':
        return this.join(handle, role, body);
      case 'publish':
      case 'configure':
        return publisher !== null && this.member.mayPublish ? undefined : 'This member does not publish';
      case 'unpublish':
        return publisher ? undefined : 'Not a publisher';
      case 'leave':
        return role ? undefined : 'Not joined';
      case 'start':
      case 'pause':
        return role?.kind === 'subscriber' ? undefined : 'Not a subscriber';
    }
  }

  private join(handle: number, role: Role | null, body: Msg): Refusal {
    if (role) return 'This handle has joined already';
    if (body.room !== this.member.room) return 'Not this member\'s room';
    if (body.ptype === 'subscriber') {
      this.handles.set(handle, { kind: 'subscriber' });
      return undefined;
    }
    if (body.token !== this.member.token) return 'Not this member\'s join token';
    if (typeof body.id !== 'string' || !this.ownIds().includes(body.id)) return 'A member joins as itself';
    this.handles.set(handle, { kind: 'publisher', id: body.id });
    this.joined = true;
    return undefined;
  }

  /** A frame from Janus: the session and handles this socket's requests made. */
  fromJanus(msg: unknown): void {
    if (!isRecord(msg)) return;
    const tx = typeof msg.transaction === 'string' ? msg.transaction : '';
    const id = isRecord(msg.data) && typeof msg.data.id === 'number' ? msg.data.id : null;
    if (this.creating.delete(tx) && msg.janus === 'success' && id !== null) this.session = id;
    if (this.attaching.delete(tx) && msg.janus === 'success' && id !== null) this.handles.set(id, null);
    if (msg.janus === 'detached' && typeof msg.sender === 'number') this.handles.delete(msg.sender);
    if (msg.janus === 'timeout') {
      this.session = null;
      this.handles.clear();
    }
  }
}

/** A join is one kind per ptype; a request named like one of those (`join:…`) is none. */
function requestKind(request: string, ptype: unknown): RequestKind | null {
  const key = request === 'join' ? `join:${String(ptype)}` : request.includes(':') ? '' : request;
  return Object.hasOwn(REQUEST_FIELDS, key) ? (key as RequestKind) : null;
}

const unknownField = (value: Msg, fields: readonly string[]) => Object.keys(value).find((k) => !fields.includes(k));

/** A field the studio does not send with this request, or a value of the wrong kind. */
function fieldProblem(kind: RequestKind, body: Msg): Refusal {
  const extra = unknownField(body, REQUEST_FIELDS[kind]);
  if (extra !== undefined) return `"${extra.slice(0, 40)}" is not a field the studio sends with "${String(body.request)}"`;
  if (body.display !== undefined && (typeof body.display !== 'string' || body.display.length > RELAY_DISPLAY_MAX)) return `display must be a text of at most ${RELAY_DISPLAY_MAX} characters`;
  if (body.private_id !== undefined && !Number.isSafeInteger(body.private_id)) return 'private_id must be a whole number';
  if (body.streams !== undefined) {
    const ok = Array.isArray(body.streams) && body.streams.length <= RELAY_HANDLES_MAX && body.streams.every((s) => isRecord(s) && typeof s.feed === 'string' && unknownField(s, ['feed']) === undefined);
    if (!ok) return 'streams must be a list of { feed }';
  }
  return undefined;
}

function jsepProblem(kind: RequestKind, jsep: unknown): Refusal {
  if (jsep === undefined) return undefined;
  const type = JSEP_TYPE[kind];
  if (!type) return 'This request carries no media';
  if (!isRecord(jsep) || jsep.type !== type || typeof jsep.sdp !== 'string' || unknownField(jsep, JSEP_FIELDS) !== undefined) return `The media description must be { type: '${type}', sdp }`;
  return undefined;
}

/** The Janus error a refused request is answered with (403: Janus' own "unauthorized" code). */
export function refusalAnswer(msg: unknown, reason: string): Msg {
  const m = isRecord(msg) ? msg : {};
  return { janus: 'error', ...(typeof m.transaction === 'string' ? { transaction: m.transaction } : {}), ...(typeof m.session_id === 'number' ? { session_id: m.session_id } : {}), error: { code: 403, reason } };
}
