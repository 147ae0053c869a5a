/**
 * Everything the demo needs for the Chat and Host Chat tools, in one call for the app shell:
 * install the demo chat service, seed the history and the direct-message contacts, mirror the
 * unread counters for the side navigation, start the simulated chat, and let people answer the
 * moderator's direct messages. The returned function undoes it all.
 */
import { DEMO_USER } from '../demoData';
import { resetChatStore, useChatStore } from '../../state/chat/chatStore';
import { installChatService } from '../../state/chat/service';
import type { ChatMessageInput, ChatParticipant } from '../../state/chat/types';
import { demoChatHistory, demoContacts, demoFreshBackstage, DM_REPLY_LINES } from './chatData';
import { createDemoChatService } from './chatService';
import { startChatSimulation, type ChatPace } from './chatSimulator';
import { createRandom } from './pollsQnaRandom';
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
  /** Seed the history and contacts (default true). */
  seedHistory?: boolean;
}

export function startChatDemo({ seed = DEMO_CHAT_SEED, now = Date.now, schedule = realTimer, pace, seedHistory = true }: ChatDemoOptions = {}): () => void {
  const random = createRandom(seed + 1);
  const replies = new Set<unknown>();
  let replySeq = 0;

  /** Someone the moderator wrote to privately answers a few seconds later. */
  const answer = (sent: ChatMessageInput) => {
    const to = sent.receiver;
    if (!sent.privateChat || !to?.guid || !to.name) return;
    const recipient: ChatParticipant = { guid: to.guid, name: to.name, role: to.role ?? 'Attendee' };
    const handle = schedule.setTimeout(() => {
      replies.delete(handle);
      useChatStore.getState().receive({
        id: `demo-chat-reply-${seed}-${++replySeq}`,
        body: random.pick(DM_REPLY_LINES) ?? '',
        timestamp: now(),
        tag: 'private',
        sender: recipient,
        receiver: DEMO_CHAT_SELF,
        privateChat: true,
      });
    }, Math.round(random.between(DM_REPLY_DELAY_MS[0], DM_REPLY_DELAY_MS[1])));
    replies.add(handle);
  };

  const store = useChatStore.getState();
  store.setSelf(DEMO_CHAT_SELF);
  installChatService(
    createDemoChatService({
      self: DEMO_CHAT_SELF,
      schedule,
      now,
      onRateLimited: (seconds) => useChatStore.getState().rateLimited(seconds),
      onSent: answer,
    }),
  );
  if (seedHistory) {
    store.setContacts(demoContacts());
    store.loadHistory(demoChatHistory(now(), DEMO_CHAT_SELF));
    store.receive(demoFreshBackstage(now()));
  }
  const stops = [startChatSimulation({ seed, self: DEMO_CHAT_SELF, now, schedule, pace })];
  return () => {
    for (const stop of stops) stop();
    for (const handle of replies) schedule.clearTimeout(handle);
    replies.clear();
    installChatService(null);
    resetChatStore();
  };
}
