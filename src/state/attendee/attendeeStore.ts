/**
 * The attendee's page (issue 32): where this browser stands in the event, the chat it reads (the
 * public channel and its own conversation with the moderators), drafts, the §9 rate-limit countdown,
 * the live poll, Q&A (audienceQna.ts) and unread counts. services/watch/attendeeSession.ts fills it; the watch page reads it.
 */
import { create } from 'zustand';
import type { AttendeeChatTarget, AttendeeHand, AttendeePage, AttendeeSelf, AudiencePoll, AudienceQnaEvent, AudienceQuestion, AudienceSettings } from '../../lib/audienceContract';
import { applyQnaEvent, mergeQuestion } from './audienceQna';
import { CHAT_HISTORY_MAX } from '../chat/limits';
import { normalizeMessage } from '../chat/rules';
import type { ChatMessage, ChatMessageInput } from '../chat/types';

export type AttendeePhase = 'loading' | 'unknown' | 'join' | 'joining' | 'joined' | 'removed' | 'left';
export type AudienceTab = AttendeeChatTarget | 'qna' | 'polls';

export interface AttendeeState {
  phase: AttendeePhase;
  page: AttendeePage | null;
  me: AttendeeSelf | null;
  /** Why the last join was refused, as the server said it (shown under the form). */
  joinError: string | null;
  /** Oldest first: the public chat and this attendee's own conversation with the moderators. */
  messages: ChatMessage[];
  drafts: Record<AttendeeChatTarget, string>;
  /** Seconds until chat resumes after the §9 rate limit (0: not limited). */
  retryAfter: number;
  /** The live poll, or the last one ended (with its results); null when there is none. */
  poll: AudiencePoll | null;
  /** Q&A: the published questions and this attendee's own (waiting, or declined). */
  questions: AudienceQuestion[];
  /** The question being written, and whether it is to be asked anonymously. */
  questionDraft: { text: string; anonymous: boolean };
  /** Seconds until this attendee may ask again after the Q&A rate limit (0: not limited). */
  askRetryAfter: number;
  tab: AudienceTab;
  unread: Record<AudienceTab, number>;
  /** The page's socket: messages may be late while it is not connected. */
  connected: boolean;
  /** The banner this attendee closed (a new one shows again). */
  bannerClosed: string | null;
}

export const initialAttendeeState = (): AttendeeState => ({
  phase: 'loading',
  page: null,
  me: null,
  joinError: null,
  messages: [],
  drafts: { public: '', moderators: '' },
  retryAfter: 0,
  poll: null,
  questions: [],
  questionDraft: { text: '', anonymous: false },
  askRetryAfter: 0,
  tab: 'public',
  unread: { public: 0, moderators: 0, qna: 0, polls: 0 },
  connected: false,
  bannerClosed: null,
});

export const useAttendeeStore = create<AttendeeState>()(() => initialAttendeeState());

/** The tab a message belongs to on the attendee's page. */
export const tabOf = (m: Pick<ChatMessage, 'privateChat'>): AudienceTab => (m.privateChat ? 'moderators' : 'public');

/** A message as the page keeps it: the server never says isSelf, the page knows who it is. */
/** The message marked on stream when it is the one a moderator put there (the studio's badge reads onStreamDate). */
const withStream = (m: ChatMessage, streamed: string | null | undefined): ChatMessage => {
  const on = m.id === streamed;
  return on === m.onStreamDate > 0 ? m : { ...m, onStreamDate: on ? 1 : 0 };
};

const toMessage = (raw: ChatMessageInput, s: Pick<AttendeeState, 'me' | 'page'>): ChatMessage => {
  const { isSelf: _serverSays, ...rest } = raw;
  return withStream(normalizeMessage(rest, s.me?.id ?? null), s.page?.onStreamMessageId);
};

export const attendeeActions = {
  /** Replaces the chat (the scrollback read at join or after a reconnect); nothing is unread. */
  loadChat(list: readonly ChatMessageInput[]): void {
    useAttendeeStore.setState((s) => ({ messages: list.map((m) => toMessage(m, s)).slice(-CHAT_HISTORY_MAX), unread: { ...s.unread, public: 0, moderators: 0 } }));
  },
  /** A message arrived (or the answer to this page's own send): added once, counted unread when its tab is not shown. */
  receive(raw: ChatMessageInput): void {
    useAttendeeStore.setState((s) => {
      if (s.messages.some((m) => m.id === raw.id)) return s;
      const message = toMessage(raw, s);
      const tab = tabOf(message);
      const unread = tab === s.tab || message.isSelf ? s.unread : { ...s.unread, [tab]: s.unread[tab] + 1 };
      return { messages: [...s.messages, message].slice(-CHAT_HISTORY_MAX), unread };
    });
  },
  deleted(id: string): void {
    useAttendeeStore.setState((s) => (s.messages.some((m) => m.id === id) ? { messages: s.messages.filter((m) => m.id !== id) } : s));
  },
  /** The poll as it now stands; a newly started one counts unread while the Polls tab is not shown. */
  setPoll(poll: AudiencePoll | null): void {
    useAttendeeStore.setState((s) => {
      const fresh = poll !== null && poll.status === 'ACTIVE' && poll.pollGuid !== s.poll?.pollGuid && s.tab !== 'polls';
      return { poll, unread: fresh ? { ...s.unread, polls: s.unread.polls + 1 } : s.unread };
    });
  },
  /** Replaces the questions (read at join or after a reconnect). */
  loadQuestions(list: readonly AudienceQuestion[]): void {
    useAttendeeStore.setState({ questions: list.map((q) => mergeQuestion(q)) });
  },
  /** A `qna` frame, or the answer to this page's own ask or upvote: something new counts unread while the Q&A tab is not shown. */
  applyQna(event: AudienceQnaEvent): void {
    useAttendeeStore.setState((s) => {
      const { questions, fresh } = applyQnaEvent(s.questions, event);
      return { questions, unread: fresh && s.tab !== 'qna' ? { ...s.unread, qna: s.unread.qna + 1 } : s.unread };
    });
  },
  setQuestionDraft(draft: Partial<AttendeeState['questionDraft']>): void {
    useAttendeeStore.setState((s) => ({ questionDraft: { ...s.questionDraft, ...draft } }));
  },
  showTab(tab: AudienceTab): void {
    useAttendeeStore.setState((s) => ({ tab, unread: { ...s.unread, [tab]: 0 } }));
  },
  /** What the moderators changed for every attendee page (the banner, the count, hands allowed). */
  settings(change: Partial<AudienceSettings>): void {
    useAttendeeStore.setState((s) => (s.page ? { page: { ...s.page, ...change } } : s));
  },
  /** Their hand as the server now has it (raised, and an invitation on stage). */
  setHand(hand: AttendeeHand | null): void {
    useAttendeeStore.setState((s) => (s.page ? { page: { ...s.page, hand } } : s));
  },
  /** A moderator put this public message on stream (null: took it off): the chat marks it. */
  onStream(id: string | null): void {
    useAttendeeStore.setState((s) => ({ page: s.page ? { ...s.page, onStreamMessageId: id } : s.page, messages: s.messages.map((m) => withStream(m, id)) }));
  },
  closeBanner(): void {
    useAttendeeStore.setState((s) => ({ bannerClosed: s.page?.banner ?? null }));
  },
  setDraft(to: AttendeeChatTarget, text: string): void {
    useAttendeeStore.setState((s) => ({ drafts: { ...s.drafts, [to]: text } }));
  },
};
