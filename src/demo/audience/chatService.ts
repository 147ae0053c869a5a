/**
 * The demo's chat service (§1: no backend). Each call answers after a short delay, like a server
 * would. Like the real chat server it rate-limits a burst of sends: past `rateLimit.max` messages
 * in `rateLimit.windowMs` the send is refused and chat.rateLimited is raised with a retry-after
 * (§8). `fail` makes chosen calls reject (with the §8 backend error shape) for tests.
 */
import type { ChatService } from '../../state/chat/service';
import type { ChatKind, ChatMessageInput, ChatParticipant, ChatSendRequest } from '../../state/chat/types';
import { DEMO_CHAT_EVENT_GUID } from './chatData';
import { realTimer, type DemoTimer } from './pollsQnaTimer';

/** How long a demo chat call takes. */
export const DEMO_CHAT_LATENCY_MS = 250;
/** The demo server's rate limit: this many sends in this window, then a pause of retryAfterS seconds. */
export const DEMO_RATE_LIMIT = { max: 6, windowMs: 10_000, retryAfterS: 15 } as const;

export type DemoChatCall = `chat.${keyof ChatService}`;

export interface DemoChatServiceOptions {
  self: ChatParticipant;
  latencyMs?: number;
  schedule?: DemoTimer;
  now?: () => number;
  rateLimit?: { max: number; windowMs: number; retryAfterS: number };
  /** The socket's chat.rateLimited (the demo backend emits it as a real-time event). */
  onRateLimited?(retryAfterSeconds: number): void;
  /** Called with each message the server stored (the demo audience answers direct messages). */
  onSent?(message: ChatMessageInput): void;
  history?: (kind: ChatKind) => ChatMessageInput[];
  contacts?: () => ChatParticipant[];
  fail?: (call: DemoChatCall) => boolean;
}

/** §8: backend failures appear as an error of type unknown, code API_BACKEND_ERROR, with the message. */
export const demoChatError = (message: string) => ({ type: 'unknown', code: 'API_BACKEND_ERROR', message });

export function createDemoChatService({
  self,
  latencyMs = DEMO_CHAT_LATENCY_MS,
  schedule = realTimer,
  now = Date.now,
  rateLimit = DEMO_RATE_LIMIT,
  onRateLimited,
  onSent,
  history = () => [],
  contacts = () => [],
  fail = () => false,
}: DemoChatServiceOptions): ChatService {
  let seq = 0;
  let sends: number[] = [];
  const respond = <T>(call: DemoChatCall, value: () => T): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      schedule.setTimeout(() => {
        if (fail(call)) reject(demoChatError(`The server could not complete ${call}`));
        else {
          try {
            resolve(value());
          } catch (e) {
            reject(e);
          }
        }
      }, latencyMs);
    });

  const send = (request: ChatSendRequest): ChatMessageInput => {
    const at = now();
    sends = sends.filter((t) => at - t < rateLimit.windowMs);
    if (sends.length >= rateLimit.max) {
      onRateLimited?.(rateLimit.retryAfterS);
      throw demoChatError('Too many messages');
    }
    sends.push(at);
    const message: ChatMessageInput = {
      id: `demo-chat-sent-${++seq}`,
      body: request.text,
      timestamp: at,
      tag: request.tag,
      sender: self,
      receiver: request.recipient ?? null,
      eventGuid: DEMO_CHAT_EVENT_GUID,
      privateChat: request.channel === 'private',
      moderatorPresenterChat: request.channel === 'backstage',
      moderatorChat: request.channel === 'moderator',
      isSelf: true,
    };
    onSent?.(message);
    return message;
  };

  return {
    send: (request) => respond('chat.send', () => send(request)),
    delete: () => respond('chat.delete', () => undefined),
    loadScrollback: (kind) => respond('chat.loadScrollback', () => history(kind)),
    contacts: () => respond('chat.contacts', contacts),
  };
}
