/**
 * The backend's client of Janus' VideoRoom over Janus' HTTP API (CONTRACT.md "Meeting"): one session
 * with one `janus.plugin.videoroom` handle, kept alive (a keepalive every 25 s; Janus drops a session
 * after 60 s of silence) and made again when Janus says it is gone. Every VideoRoom request used here
 * is synchronous: the answer is in the POST's response.
 *
 *   const admin = janusAdmin({ httpUrl, adminKey });
 *   await admin.ensureRoom('ev-1-2');            // made once, with a random secret kept here
 *   await admin.allow('ev-1-2', token);          // the token may join as publisher
 *   await admin.kick('ev-1-2', 'guest-abc');     // gone from the room ("no such user" is fine)
 *   admin.close();
 *
 * Rooms, their secrets and their allowed tokens live as long as the Janus process (the backend starts
 * one per run), so the secrets are kept in memory only.
 */
import { randomBytes } from 'node:crypto';

export const KEEPALIVE_MS = 25_000;
const REQUEST_TIMEOUT_MS = 5000;

/** Janus core errors meaning the session or handle is gone (make them again). */
const SESSION_GONE = new Set([458, 459]);
/** VideoRoom error codes this client names. */
export const VIDEOROOM_ERROR = {
  NO_SUCH_ROOM: 426,
  ROOM_EXISTS: 427,
  NO_SUCH_FEED: 428,
  MISSING_ELEMENT: 429,
  UNAUTHORIZED: 433,
} as const;

/** The room's media: what every room of the meeting is made with. */
export const ROOM_SETTINGS = {
  publishers: 16,
  is_private: false,
  videocodec: 'vp8',
  audiocodec: 'opus',
  audiolevel_ext: true,
  audiolevel_event: false,
  notify_joining: true,
  permanent: false,
  /** A subscription names the private id of a publisher of the room: only admitted members receive. */
  require_pvtid: true,
} as const;

export class JanusError extends Error {
  constructor(
    message: string,
    /** Janus' core error code, or the VideoRoom's `error_code`. */
    readonly code: number,
  ) {
    super(message);
  }
}

export interface JanusAdmin {
  /** The room exists (made with the admin key, a random secret, an empty allowed list: a token is required). */
  ensureRoom(room: string): Promise<void>;
  /** Adds `token` to the room's allowed list. */
  allow(room: string, token: string): Promise<void>;
  /** Takes `token` off the room's allowed list. */
  disallow(room: string, token: string): Promise<void>;
  /** Kicks the participant `id` out of the room; nothing when there is no such participant. */
  kick(room: string, id: string): Promise<void>;
  /** Destroys the room; nothing when there is no such room. */
  destroyRoom(room: string): Promise<void>;
  /** A synchronous VideoRoom request (`body.request`), answering the plugin's data; throws JanusError on `error_code`. */
  request(body: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Stops the keepalive and ends the session. */
  close(): Promise<void>;
}

interface JanusReply {
  janus: string;
  data?: { id?: number };
  error?: { code: number; reason: string };
  plugindata?: { data?: Record<string, unknown> };
}

const transaction = () => randomBytes(9).toString('base64url');

export function janusAdmin({ httpUrl, adminKey }: { httpUrl: string; adminKey: string }): JanusAdmin {
  let handle: Promise<{ session: number; handle: number }> | null = null;
  let keepalive: NodeJS.Timeout | null = null;
  let closed = false;
  const secrets = new Map<string, string>();
  const creating = new Map<string, Promise<void>>();

  async function post(path: string, body: Record<string, unknown>): Promise<JanusReply> {
    const res = await fetch(`${httpUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...body, transaction: transaction() }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const reply = (await res.json()) as JanusReply;
    if (reply.janus === 'error') throw new JanusError(`Janus: ${reply.error?.reason ?? 'error'}`, reply.error?.code ?? 0);
    return reply;
  }

  function stopKeepalive(): void {
    if (keepalive) clearInterval(keepalive);
    keepalive = null;
  }

  function connect(): Promise<{ session: number; handle: number }> {
    handle ??= (async () => {
      const session = (await post('', { janus: 'create' })).data?.id;
      if (!session) throw new JanusError('Janus: no session id', 0);
      const id = (await post(`/${session}`, { janus: 'attach', plugin: 'janus.plugin.videoroom' })).data?.id;
      if (!id) throw new JanusError('Janus: no handle id', 0);
      stopKeepalive();
      keepalive = setInterval(() => {
        post(`/${session}`, { janus: 'keepalive' }).catch((error: unknown) => {
          // Gone (or Janus unreachable): the next request makes a new session.
          if (!(error instanceof JanusError) || SESSION_GONE.has(error.code)) forget();
        });
      }, KEEPALIVE_MS);
      keepalive.unref();
      return { session, handle: id };
    })();
    handle.catch(() => forget());
    return handle;
  }

  function forget(): void {
    stopKeepalive();
    handle = null;
  }

  async function request(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    if (closed) throw new JanusError('Janus admin client closed', 0);
    for (let attempt = 0; ; attempt++) {
      const ids = await connect();
      try {
        const reply = await post(`/${ids.session}/${ids.handle}`, { janus: 'message', body });
        const data = reply.plugindata?.data ?? {};
        if (typeof data.error_code === 'number') throw new JanusError(`Janus VideoRoom ${String(body.request)}: ${String(data.error)}`, data.error_code);
        return data;
      } catch (error) {
        if (attempt === 0 && error instanceof JanusError && SESSION_GONE.has(error.code)) {
          forget();
          continue;
        }
        throw error;
      }
    }
  }

  const secretOf = (room: string): string => {
    const secret = secrets.get(room);
    if (!secret) throw new JanusError(`Janus VideoRoom: room ${room} was not made here`, VIDEOROOM_ERROR.NO_SUCH_ROOM);
    return secret;
  };

  const ignoring = async (codes: number[], run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (error) {
      if (!(error instanceof JanusError && codes.includes(error.code))) throw error;
    }
  };

  return {
    request,

    ensureRoom(room) {
      if (secrets.has(room)) return Promise.resolve();
      let made = creating.get(room);
      if (!made) {
        made = (async () => {
          const secret = randomBytes(24).toString('base64url');
          await request({ request: 'create', admin_key: adminKey, room, description: room, secret, allowed: [], ...ROOM_SETTINGS });
          secrets.set(room, secret);
        })().finally(() => creating.delete(room));
        creating.set(room, made);
      }
      return made;
    },

    async allow(room, token) {
      await request({ request: 'allowed', room, secret: secretOf(room), action: 'add', allowed: [token] });
    },

    async disallow(room, token) {
      await request({ request: 'allowed', room, secret: secretOf(room), action: 'remove', allowed: [token] });
    },

    async kick(room, id) {
      await ignoring([VIDEOROOM_ERROR.NO_SUCH_FEED], () => request({ request: 'kick', room, secret: secretOf(room), id }));
    },

    async destroyRoom(room) {
      const secret = secrets.get(room);
      if (!secret) return;
      await ignoring([VIDEOROOM_ERROR.NO_SUCH_ROOM], () => request({ request: 'destroy', room, secret }));
      secrets.delete(room);
    },

    async close() {
      closed = true;
      const current = handle;
      forget();
      if (!current) return;
      try {
        const { session } = await current;
        await post(`/${session}`, { janus: 'destroy' });
      } catch {
        /* Janus may be gone already */
      }
    },
  };
}
