/**
 * The backend's client of Janus' VideoRoom over Janus' HTTP API (CONTRACT.md "Meeting"): one session
 * with one `janus.plugin.videoroom` handle, kept alive (a keepalive every 25 s; Janus drops a session
 * after 60 s of silence) and made again when Janus says it is gone. Every VideoRoom request used here
 * is synchronous: the answer is in the POST's response.
 *
 *   const admin = janusAdmin({ httpUrl, adminKey });
 *   await admin.ensureRoom('ev-1-2', secret);            // made with this secret ("exists" is fine)
 *   await admin.allow('ev-1-2', secret, token);          // the token may join as publisher
 *   await admin.kick('ev-1-2', secret, 'guest-abc');     // gone from the room ("no such user" is fine)
 *   admin.close();
 *
 * The room's secret is the caller's (meeting.ts derives it from the server key): any backend process
 * can manage any room on any instance.
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
  /** Janus records nothing (the broadcast's recording is the capture worker's), and only the room's secret could change that. */
  record: false,
  lock_record: true,
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
  /** The room exists (made with the admin key, `secret`, an empty allowed list: a token is required). */
  ensureRoom(room: string, secret: string): Promise<void>;
  /** Adds `tokens` to the room's allowed list. */
  allow(room: string, secret: string, ...tokens: string[]): Promise<void>;
  /** Takes `token` off the room's allowed list. */
  disallow(room: string, secret: string, token: string): Promise<void>;
  /** Kicks the participant `id` out of the room; nothing when there is no such participant. */
  kick(room: string, secret: string, id: string): Promise<void>;
  /** Destroys the room; nothing when there is no such room. */
  destroyRoom(room: string, secret: string): Promise<void>;
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
  /** Rooms made (or found) here, and those being made: each is asked for once. */
  const made = new Set<string>();
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

  const ignoring = async (codes: number[], run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (error) {
      if (!(error instanceof JanusError && codes.includes(error.code))) throw error;
    }
  };

  return {
    request,

    ensureRoom(room, secret) {
      if (made.has(room)) return Promise.resolve();
      let making = creating.get(room);
      if (!making) {
        making = (async () => {
          await ignoring([VIDEOROOM_ERROR.ROOM_EXISTS], () => request({ request: 'create', admin_key: adminKey, room, description: room, secret, allowed: [], ...ROOM_SETTINGS }));
          made.add(room);
        })().finally(() => creating.delete(room));
        creating.set(room, making);
      }
      return making;
    },

    async allow(room, secret, ...tokens) {
      await request({ request: 'allowed', room, secret, action: 'add', allowed: tokens });
    },

    async disallow(room, secret, token) {
      await request({ request: 'allowed', room, secret, action: 'remove', allowed: [token] });
    },

    async kick(room, secret, id) {
      await ignoring([VIDEOROOM_ERROR.NO_SUCH_FEED], () => request({ request: 'kick', room, secret, id }));
    },

    async destroyRoom(room, secret) {
      await ignoring([VIDEOROOM_ERROR.NO_SUCH_ROOM], () => request({ request: 'destroy', room, secret }));
      made.delete(room);
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
