/**
 * The audience members of the Backend port (chat, polls, Q&A, people) over the event platform's
 * calls (§7). The stores check what they receive (as they do for the demo), so answers pass through
 * in the wire's shape, which is the state's shape (src/server/CONTRACT.md).
 */
import type { ChatService } from '../../state/chat/service';
import type { ChatMessageInput, ChatParticipant } from '../../state/chat/types';
import type { AttendeeInvite, AudienceAccess, PeopleService } from '../../state/people/service';
import type { PollService } from '../../state/polls/service';
import type { Poll } from '../../state/polls/types';
import type { QnaService } from '../../state/qna/service';
import type { Answer, Question } from '../../state/qna/types';
import type { EventClient } from '../../api/events';
import { currentJoin, type Joined } from './joined';

const displayName = (j: Joined) => `${j.user.firstName} ${j.user.lastName}`.trim() || j.user.username;

const audience = () => currentJoin().audience;

export const serverChat: ChatService = {
  send: async (request) => (await audience().chat.send({ ...request, recipient: request.recipient ? { ...request.recipient } : undefined })) as ChatMessageInput,
  delete: (messageId) => audience().chat.delete(messageId),
  async loadScrollback(kind) {
    const chat = audience().chat;
    const list = kind === 'moderator' ? await chat.moderatorScrollback() : kind === 'backstage' ? await chat.backstageScrollback() : await chat.publicScrollback(kind === 'private');
    return list as ChatMessageInput[];
  },
  contacts: async () => (await audience().chat.contacts()) as unknown as ChatParticipant[],
};

export const serverPolls: PollService = {
  create: async (draft) => (await audience().polls.create({ ...draft })) as unknown as Poll,
  update: async (pollGuid, draft) => (await audience().polls.update(pollGuid, { ...draft })) as unknown as Poll,
  delete: (pollGuid) => audience().polls.delete(pollGuid),
  manage: (pollGuid, action) => {
    const j = currentJoin();
    return j.audience.polls.manage(pollGuid, action, displayName(j), pollGuid);
  },
  list: async (status) => (await audience().polls.list(status)) as unknown as Poll[],
  markSeen: (pollGuids) => audience().polls.markSeen(pollGuids),
};

/** Q&A; the announcement form's banner is a manage call of the event platform (§7). */
export function createServerQna(events: EventClient): QnaService {
  return {
    publish: (id) => audience().qna.approve(id, true),
    decline: (id) => audience().qna.approve(id, false),
    delete: (id) => audience().qna.delete(id),
    answer: async (id, content) => {
      const j = currentJoin();
      return (await j.audience.qna.answer(id, content, { name: displayName(j), endpointGuid: j.moderatorGuid })) as unknown as Answer;
    },
    sendBanner: async (bannerMessage) => void (await events.banner(currentJoin().eventId, bannerMessage)),
    list: async () => (await audience().qna.list()) as unknown as Question[],
    markSeen: (ids) => audience().qna.markSeen(ids),
  };
}

export const serverPeople: PeopleService = {
  rename: (guid, name) => audience().moderator.rename(guid, name),
  muteAll: (mute) => audience().moderator.muteAll(mute),
  muteEndpoint: (guid, media, mode) => audience().moderator.muteEndpoint(guid, media, mode),
  voiceProcessing: (guid, on) => audience().moderator.voiceProcessing(guid, on),
  kickOut: (type, guid) => audience().moderator.kickOut(type, guid),
  lowerHand: (guid) => audience().moderator.lowerHand(guid),
  inviteOnStage: (guid) => audience().moderator.inviteOnStage(guid),
  access: {
    settings: async () => (await audience().access.settings()) as unknown as AudienceAccess,
    change: async (change) => (await audience().access.change(change)) as unknown as AudienceAccess,
    invites: async () => (await audience().access.invites()) as unknown as AttendeeInvite[],
    invite: async (name) => (await audience().access.invite(name)) as unknown as AttendeeInvite,
    revoke: (id) => audience().access.revoke(id),
  },
};
