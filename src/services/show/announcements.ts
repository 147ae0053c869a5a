/**
 * Live-region announcements (issue 11): who goes on or off air, the go-live countdown and going live,
 * and incoming chat from others (politely, at most once per CHAT_ANNOUNCE_INTERVAL_MS). Returns the stop.
 */
import { announce, throttledAnnouncer } from '../../state/announcer';
import { useChannelStore } from '../../state/channel/store';
import { subscribeLiveChanges, useBroadcastStore } from '../../state/live/broadcastStore';
import { useChatStore } from '../../state/chat/chatStore';
import type { ChatKind, ChatMessage } from '../../state/chat/types';
import { realClock, type Clock } from '../../lib/clock';
import { ANNOUNCED_CHAT_TEXT_MAX, CHAT_ANNOUNCE_INTERVAL_MS } from '../../lib/limits';
import { fitGraphemes } from '../../lib/text';

const CHAT_PLACE: Record<ChatKind, string> = { public: 'Chat', private: 'Private message', backstage: 'Backstage chat', moderator: 'Moderator chat' };

export const announcementTexts = {
  onAir: (name: string) => `${name} is on air`,
  offAir: (name: string) => `${name} is off air`,
  countdown: (seconds: number) => `Going live in ${seconds}`,
  live: 'You are live',
  ended: 'The live stream has ended',
  chat: (m: ChatMessage, kind: ChatKind) => {
    const body = fitGraphemes(m.body, ANNOUNCED_CHAT_TEXT_MAX);
    return `${CHAT_PLACE[kind]}, ${m.sender.name}: ${body.text}${body.cut ? '…' : ''}`;
  },
  chats: (count: number) => `${count} new chat messages`,
};

export function watchAnnouncements(clock: Clock = realClock, now: () => number = Date.now): () => void {
  const startedAt = now();
  const stops: (() => void)[] = [];

  stops.push(
    useChannelStore.subscribe((state, previous) => {
      if (state.doc.producers === previous.doc.producers) return;
      const before = new Map(previous.doc.producers.map((p) => [p.id, p.isLive]));
      for (const p of state.doc.producers) {
        const was = before.get(p.id) ?? false;
        if (p.isLive !== was) announce(p.isLive ? announcementTexts.onAir(p.name) : announcementTexts.offAir(p.name));
      }
    }),
  );

  stops.push(
    useBroadcastStore.subscribe((state, previous) => {
      if (state.countdown !== null && state.countdown !== previous.countdown) announce(announcementTexts.countdown(state.countdown));
    }),
    subscribeLiveChanges((live) => announce(live ? announcementTexts.live : announcementTexts.ended)),
  );

  const chat = throttledAnnouncer<{ message: ChatMessage; kind: ChatKind }>({
    clock,
    intervalMs: CHAT_ANNOUNCE_INTERVAL_MS,
    one: ({ message, kind }) => announcementTexts.chat(message, kind),
    many: announcementTexts.chats,
  });
  // Only what arrives after the studio opened and is newer than what was there: a scrollback is not news.
  const newest = (list: readonly ChatMessage[]) => list[list.length - 1]?.timestamp ?? 0;
  stops.push(
    useChatStore.subscribe((state, previous) => {
      for (const kind of Object.keys(state.messages) as ChatKind[]) {
        const list = state.messages[kind];
        const before = previous.messages[kind];
        if (list === before) continue;
        const since = Math.max(newest(before), startedAt);
        // Messages are kept oldest first: only the tail can be new, and only a tie with the newest
        // known timestamp needs a look at what was there.
        const tied = new Set<string>();
        for (let i = before.length - 1; i >= 0 && before[i]!.timestamp === since; i--) tied.add(before[i]!.id);
        const fresh: ChatMessage[] = [];
        for (let i = list.length - 1; i >= 0 && list[i]!.timestamp >= since; i--) {
          const m = list[i]!;
          if (!m.isSelf && !tied.has(m.id)) fresh.unshift(m);
        }
        for (const message of fresh) chat.push({ message, kind });
      }
    }),
    chat.stop,
  );
  return () => stops.forEach((stop) => stop());
}
