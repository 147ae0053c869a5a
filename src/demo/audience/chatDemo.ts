/**
 * The demo's chat (Chat and Host Chat tools): the chat service with its sample history and
 * contacts, and, once the audience starts, a fresh backstage message, the simulated chat, and
 * people answering the moderator's direct messages, all emitted as real-time events.
 */
import { DEMO_USER } from '../demoData';
import type { ChatService } from '../../state/chat/service';
import type { ChatMessageInput, ChatParticipant } from '../../state/chat/types';
import type { Dispatch } from '../../state/realtimeEvent';
import { demoChatHistory, demoContacts, demoFreshBackstage, DM_REPLY_LINES } from './chatData';
import { createDemoChatService } from './chatService';
import { startChatSimulation, type ChatPace } from './chatSimulator';
import { createRandom } from '../../lib/random';
import { realTimer, type DemoTimer } from './pollsQnaTimer';

/** The demo moderator as chat knows them (§6: in the demo, self is treated as moderator). */
export const DEMO_CHAT_SELF: ChatParticipant = {
  guid: DEMO_USER.id,
  name: `${DEMO_USER.firstName} ${DEMO_USER.lastName}`,
  firstname: DEMO_USER.firstName,
  lastname: DEMO_USER.lastName,
  role: 'Moderator',
  userId: DEMO_USER.id,
};

/** The demo chat's seed: the same conversation in the same order on every visit. */
export const DEMO_CHAT_SEED = 20_240_602;

/** How long someone takes to answer the moderator's direct message in the demo. */
export const DM_REPLY_DELAY_MS: readonly [number, number] = [3_000, 7_000];

export interface ChatDemoOptions {
  seed?: number;
  now?: () => number;
  schedule?: DemoTimer;
  pace?: Partial<ChatPace>;
  /** Each message the moderator sent; true when a real attendee (the demo's attendee view) got it, and no simulated answer is due. */
  onSent?(message: ChatMessageInput): boolean;
}

export interface ChatDemo {
  service: ChatService;
  /** Starts the chat audience, emitting into `emit`; returns the stop. */
  start(emit: Dispatch): () => void;
}

export function createChatDemo({ seed = DEMO_CHAT_SEED, now = Date.now, schedule = realTimer, pace, onSent }: ChatDemoOptions = {}): ChatDemo {
  const random = createRandom(seed + 1);
  const replies = new Set<unknown>();
  let replySeq = 0;
  let emit: Dispatch | null = null;

  /** Someone the moderator wrote to privately answers a few seconds later. */
  const answer = (sent: ChatMessageInput) => {
    const to = sent.receiver;
    if (!emit || !sent.privateChat || !to?.guid || !to.name) return;
    const recipient: ChatParticipant = { guid: to.guid, name: to.name, role: to.role ?? 'Attendee' };
    const handle = schedule.setTimeout(() => {
      replies.delete(handle);
      emit?.({
        type: 'chat.msg',
        message: { id: `demo-chat-reply-${seed}-${++replySeq}`, body: random.pick(DM_REPLY_LINES) ?? '', timestamp: now(), tag: 'private', sender: recipient, receiver: DEMO_CHAT_SELF, privateChat: true },
      });
    }, Math.round(random.between(DM_REPLY_DELAY_MS[0], DM_REPLY_DELAY_MS[1])));
    replies.add(handle);
  };

  const service = createDemoChatService({
    self: DEMO_CHAT_SELF,
    schedule,
    now,
    history: (kind) => demoChatHistory(now(), DEMO_CHAT_SELF).filter((m) => m.tag === kind),
    contacts: demoContacts,
    onRateLimited: (seconds) => emit?.({ type: 'chat.rateLimited', retryAfter: seconds }),
    onSent: (message) => void (onSent?.(message) || answer(message)),
  });

  return {
    service,
    start(to) {
      emit = to;
      to({ type: 'chat.msg', message: demoFreshBackstage(now()) });
      const stopSimulation = startChatSimulation({ seed, self: DEMO_CHAT_SELF, emit: to, now, schedule, pace });
      return () => {
        stopSimulation();
        for (const handle of replies) schedule.clearTimeout(handle);
        replies.clear();
        emit = null;
      };
    },
  };
}
