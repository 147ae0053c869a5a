/**
 * A small typed client of the Janus WebRTC Server's WebSocket API (subprotocol `janus-protocol`):
 * one session per connection, kept alive every 25 s, plugin handles with request/answer matching by
 * transaction, and each handle's unsolicited events. Written here rather than taking Meetecho's
 * janus.js: that is a browser global of ~3,000 lines with callbacks and its own WebRTC wrapper
 * (and webrtc-adapter); the studio needs only the few messages below and owns its RTCPeerConnections.
 */

export interface JanusJsep {
  type: 'offer' | 'answer';
  sdp: string;
}

/** A plugin's answer to a message: its data, and an SDP when it carries one. */
export interface PluginAnswer {
  data: Record<string, unknown>;
  jsep?: JanusJsep;
}

/** A failed request: Janus' own error, or the plugin's (`error_code`, `error`). */
export class JanusError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'JanusError';
  }
}

export interface JanusHandleEvents {
  /** An event the handle did not ask for (a publisher joined, a feed left, we were kicked…). */
  event?(data: Record<string, unknown>, jsep?: JanusJsep): void;
  /** The PeerConnection of this handle is up (`webrtcup`) or down (`hangup`). */
  webrtc?(up: boolean): void;
}

export interface JanusHandle {
  readonly id: number;
  /** A plugin message; resolves with the plugin's answer (synchronous, or the event after the ack). */
  send(body: Record<string, unknown>, jsep?: JanusJsep): Promise<PluginAnswer>;
  trickle(candidate: RTCIceCandidateInit | null): void;
  detach(): void;
}

export interface JanusSession {
  attach(plugin: string, events: JanusHandleEvents): Promise<JanusHandle>;
  /** Ends the session and closes the socket. */
  destroy(): void;
  /** Called once when the socket closes or the session times out (not after destroy()). */
  onLost(listener: () => void): void;
}

export const JANUS_KEEPALIVE_MS = 25_000;
/** How long a request may wait for its answer before it fails. */
export const JANUS_REQUEST_TIMEOUT_MS = 15_000;

type Message = Record<string, unknown> & { janus?: string; transaction?: string; sender?: number; session_id?: number };

interface Pending {
  resolve(message: Message): void;
  reject(error: unknown): void;
  /** An `ack` only acknowledges; the answer is the event that follows with the same transaction. */
  waitsForEvent: boolean;
  timer: ReturnType<typeof setTimeout>;
}

let counter = 0;
const newTransaction = () => `t${Date.now().toString(36)}${(++counter).toString(36)}`;

function pluginAnswer(message: Message): PluginAnswer {
  const plugindata = (message.plugindata ?? {}) as { data?: Record<string, unknown> };
  const data = plugindata.data ?? {};
  if (typeof data.error_code === 'number') throw new JanusError(data.error_code, String(data.error ?? 'plugin error'));
  return message.jsep ? { data, jsep: message.jsep as JanusJsep } : { data };
}

function janusError(message: Message): JanusError {
  const e = (message.error ?? {}) as { code?: number; reason?: string };
  return new JanusError(e.code ?? 0, e.reason ?? 'Janus error');
}

/** The subprotocol that carries the join token to the backend's `/janus` relay (src/server/routes/janusProxy.ts). */
export const RELAY_TOKEN_PROTOCOL = 'studio-join.';

/**
 * Opens a WebSocket to Janus and creates a session on it. Through the backend's relay, `joinToken`
 * (the meeting answer's token) goes as a second subprotocol: a browser cannot set headers on a
 * WebSocket, and a query would put it in logs.
 */
export function connectJanus(url: string, joinToken?: string, WebSocketImpl: typeof WebSocket = WebSocket): Promise<JanusSession> {
  return new Promise((resolveSession, rejectSession) => {
    const ws = new WebSocketImpl(url, joinToken ? ['janus-protocol', `${RELAY_TOKEN_PROTOCOL}${joinToken}`] : 'janus-protocol');
    const pending = new Map<string, Pending>();
    const handles = new Map<number, JanusHandleEvents>();
    const lostListeners: (() => void)[] = [];
    let sessionId = 0;
    let keepalive: ReturnType<typeof setInterval> | null = null;
    let ended = false;

    const end = (notify: boolean) => {
      if (ended) return;
      ended = true;
      if (keepalive) clearInterval(keepalive);
      for (const p of pending.values()) {
        clearTimeout(p.timer);
        p.reject(new JanusError(0, 'The connection to the media server closed'));
      }
      pending.clear();
      if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close();
      if (notify) lostListeners.forEach((l) => l());
    };

    const request = (message: Record<string, unknown>, waitsForEvent = false): Promise<Message> =>
      new Promise((resolve, reject) => {
        if (ended || ws.readyState !== ws.OPEN) return reject(new JanusError(0, 'Not connected to the media server'));
        const transaction = newTransaction();
        const timer = setTimeout(() => {
          pending.delete(transaction);
          reject(new JanusError(0, `No answer from the media server to ${String(message.janus)}`));
        }, JANUS_REQUEST_TIMEOUT_MS);
        pending.set(transaction, { resolve, reject, waitsForEvent, timer });
        ws.send(JSON.stringify({ ...message, transaction, ...(sessionId ? { session_id: sessionId } : {}) }));
      });

    const settle = (message: Message): boolean => {
      const p = message.transaction ? pending.get(message.transaction) : undefined;
      if (!p) return false;
      if (message.janus === 'ack' && p.waitsForEvent) return true;
      pending.delete(message.transaction!);
      clearTimeout(p.timer);
      if (message.janus === 'error') p.reject(janusError(message));
      else p.resolve(message);
      return true;
    };

    ws.onmessage = (e: MessageEvent) => {
      let message: Message;
      try {
        message = JSON.parse(String(e.data)) as Message;
      } catch {
        return;
      }
      if (settle(message)) return;
      const handle = typeof message.sender === 'number' ? handles.get(message.sender) : undefined;
      switch (message.janus) {
        case 'event':
          if (handle?.event) {
            const plugindata = (message.plugindata ?? {}) as { data?: Record<string, unknown> };
            handle.event(plugindata.data ?? {}, message.jsep as JanusJsep | undefined);
          }
          return;
        case 'webrtcup':
          return handle?.webrtc?.(true);
        case 'hangup':
          return handle?.webrtc?.(false);
        case 'detached':
          if (typeof message.sender === 'number') handles.delete(message.sender);
          return;
        case 'timeout':
          return end(true);
      }
    };
    ws.onclose = () => {
      if (!sessionId) rejectSession(new JanusError(0, 'Could not reach the media server'));
      end(true);
    };
    ws.onopen = () => {
      request({ janus: 'create' }).then(
        (answer) => {
          sessionId = (answer.data as { id: number }).id;
          keepalive = setInterval(() => void request({ janus: 'keepalive' }).catch(() => undefined), JANUS_KEEPALIVE_MS);
          resolveSession(session);
        },
        (error: unknown) => {
          end(false);
          rejectSession(error);
        },
      );
    };

    const session: JanusSession = {
      async attach(plugin, events) {
        const answer = await request({ janus: 'attach', plugin });
        const id = (answer.data as { id: number }).id;
        handles.set(id, events);
        return {
          id,
          async send(body, jsep) {
            const reply = await request({ janus: 'message', handle_id: id, body, ...(jsep ? { jsep } : {}) }, true);
            return pluginAnswer(reply);
          },
          trickle(candidate) {
            void request({ janus: 'trickle', handle_id: id, candidate: candidate ?? { completed: true } }).catch(() => undefined);
          },
          detach() {
            handles.delete(id);
            void request({ janus: 'detach', handle_id: id }).catch(() => undefined);
          },
        };
      },
      destroy() {
        if (ended) return;
        if (ws.readyState === ws.OPEN && sessionId) ws.send(JSON.stringify({ janus: 'destroy', session_id: sessionId, transaction: newTransaction() }));
        end(false);
      },
      onLost(listener) {
        lostListeners.push(listener);
      },
    };
  });
}
