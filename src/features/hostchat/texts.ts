/**
 * Texts of the Host Chat tool. SPEC texts are verbatim with their section; the rest are ours and
 * marked so.
 */
import { TEXTS } from '../../lib/texts';

export const HOST_CHAT_TEXTS = {
  // §2 Host chat tabs
  tabBackstage: 'Backstage',
  tabModerators: 'Moderator Group',
  tabDirect: 'Direct Message',
  // §2 / §8 Empty states
  waitingForMeeting: TEXTS.waitingForMeeting,
  // §2 Direct Messages: a welcome screen with a START button
  start: 'START',
  // ours
  tabsLabel: 'Host chats',
  backstageLabel: 'Backstage messages',
  moderatorsLabel: 'Moderator group messages',
  conversationLabel: (name: string) => `Conversation with ${name}`,
  noBackstage: 'No backstage messages yet. Presenters and moderators talk here, out of the audience’s sight.',
  noModerators: 'No messages in the moderator group yet.',
  noConversationMessages: (name: string) => `No messages with ${name} yet. Say hello!`,
  welcomeTitle: 'Direct messages',
  welcomeBody: 'Talk one-to-one with presenters and moderators, out of the audience’s sight.',
  welcomeBodyAttendees: 'Talk one-to-one with presenters, moderators and attendees, out of the audience’s sight.',
  search: 'Search people',
  conversations: 'Conversations',
  noConversations: 'Nobody to message yet.',
  noMatch: (query: string) => `Nobody matches “${query}”.`,
  noMessagesYet: 'No messages yet',
  back: 'Back to conversations',
  unread: (n: number) => (n === 1 ? '1 unread message' : `${n} unread messages`),
} as const;
