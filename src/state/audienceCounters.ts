/**
 * The counts the side navigation shows (§2): unseen polls, unseen questions, host-chat unread.
 * The chat, poll and Q&A stores feed these; the navigation only reads them.
 */
import { create } from 'zustand';
import { immer } from 'zustand/middleware/immer';

/** §3 Chat: unread counters exist per chat kind. */
export type ChatKind = 'public' | 'private' | 'backstage' | 'moderator';

export interface AudienceCountersState {
  /** pollGuid of every known poll, and the ones the moderator has seen (§4 Poll). */
  pollGuids: string[];
  seenPollGuids: string[];
  questionIds: string[];
  seenQuestionIds: string[];
  unread: Record<ChatKind, number>;
}

export const initialAudienceCounters = (): AudienceCountersState => ({
  pollGuids: [],
  seenPollGuids: [],
  questionIds: [],
  seenQuestionIds: [],
  unread: { public: 0, private: 0, backstage: 0, moderator: 0 },
});

export const useAudienceCounters = create<AudienceCountersState>()(immer(() => initialAudienceCounters()));

/** §4 Poll: the unseen count is polls not in the seen list. */
export const unseenPollCount = (s: AudienceCountersState) => s.pollGuids.filter((g) => !s.seenPollGuids.includes(g)).length;
export const unseenQuestionCount = (s: AudienceCountersState) => s.questionIds.filter((id) => !s.seenQuestionIds.includes(id)).length;
/** §2: Host Chat counter = backstage unread plus moderator unread. */
export const hostChatUnread = (s: AudienceCountersState) => s.unread.backstage + s.unread.moderator;
