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
    return this.videoroom(handle, msg.body, msg.jsep !== undefined);
  }

  private videoroom(handle: number, body: unknown, hasJsep: boolean): Refusal {
    if (!isRecord(body) || typeof body.request !== 'string') return 'A VideoRoom message needs a request';
    const role = this.handles.get(handle) ?? null;
    const publisher = role?.kind === 'publisher' ? role : null;
    const mayPublish = publisher !== null && this.member.mayPublish;
    switch (body.request) {
      case 'join':
        return hasJsep ? 'A join carries no media' : this.join(handle, role, body);
      case 'publish':
      case 'configure':
        return mayPublish ? undefined : 'This member does not publish';
      case 'unpublish':
        return hasJsep ? 'No media here' : publisher ? undefined : 'Not a publisher';
      case 'leave':
        return hasJsep ? 'No media here' : role ? undefined : 'Not joined';
      case 'start':
        return role?.kind === 'subscriber' ? undefined : 'Not a subscriber';
      case 'pause':
        return !hasJsep && role?.kind === 'subscriber' ? undefined : 'Not a subscriber';
      default:
        return `VideoRoom "${body.request.slice(0, 40)}" is not allowed through the studio's relay`;
    }
  }

  private join(handle: number, role: Role | null, body: Msg): Refusal {
    if (role) return 'This handle has joined already';
    if (body.room !== this.member.room) return 'Not this member\'s room';
    if (body.ptype === 'subscriber') {
      this.handles.set(handle, { kind: 'subscriber' });
      return undefined;
    }
    if (body.ptype !== 'publisher') return 'ptype must be publisher or subscriber';
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

/** The Janus error a refused request is answered with (403: Janus' own "unauthorized" code). */
export function refusalAnswer(msg: unknown, reason: string): Msg {
  const m = isRecord(msg) ? msg : {};
  return { janus: 'error', ...(typeof m.transaction === 'string' ? { transaction: m.transaction } : {}), ...(typeof m.session_id === 'number' ? { session_id: m.session_id } : {}), error: { code: 403, reason } };
}
