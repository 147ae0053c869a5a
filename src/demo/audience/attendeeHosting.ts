/**
 * The demo studio's side of "Open attendee view" (issue 32): every studio tab keeps an audience
 * host beside its simulated audience, and the one elected among this browser's studio tabs (a Web
 * Lock, as the channel room's) answers the attendee pages. Where tabs cannot share a room (jsdom, an
 * old browser) the host runs but nobody reaches it.
 */
import type { Dispatch } from '../../state/realtimeEvent';
import { useChatStore } from '../../state/chat/chatStore';
import { useChannelStore } from '../../state/channel/store';
import type { EventInformation } from '../../state/session';
import type { Poll } from '../../state/polls/types';
import type { Question } from '../../state/qna/types';
import { canShare, lockElection } from '../demoChannel';
import { DEMO_SHARING_URL } from '../demoData';
import { demoChatHistory } from './chatData';
import { DEMO_CHAT_SELF } from './chatDemo';
import { createAttendeeHost, type AttendeeHost } from './attendeeHost';
import { attendeeRoomName, broadcastAttendeeRoom } from './attendeeRoom';
import type { PollsQnaAudience } from './pollsQnaSimulator';

export interface DemoAttendeeHosting {
  host: AttendeeHost;
  stop(): void;
}

export function hostDemoAttendees(o: {
  info: EventInformation;
  dispatch: Dispatch;
  polls: () => readonly Poll[];
  questions: () => readonly Question[];
  pollsAudience: (emit: Dispatch) => PollsQnaAudience;
  now: () => number;
}): DemoAttendeeHosting {
  const host = createAttendeeHost({
    now: o.now,
    studio: {
      page: {
        eventId: o.info.eventId,
        title: o.info.eventTitle,
        requireEmail: false,
        chatEnabled: o.info.chatEnabled,
        qnaEnabled: o.info.qnaEnabled,
        one2OneModChat: o.info.one2OneModChat,
        raiseHandEnabled: false,
        invitedOnly: false,
        invite: null,
        banner: null,
        attendeeCount: null,
      },
      dispatch: o.dispatch,
      polls: o.polls,
      // Recorded by the poll server, then through the host (the pages re-read the results) to the studio.
      recordPoll: (event) => o.pollsAudience(host.through).emit(event),
      // An attendee's question or upvote is recorded by the Q&A server, then through the host to the studio.
      qna: { enabled: o.info.qnaEnabled, autoApprove: o.info.qnaAutoApprove, questions: o.questions, record: (event) => o.pollsAudience(host.through).emit(event) },
      history: () => demoChatHistory(o.now(), DEMO_CHAT_SELF).filter((m) => m.tag === 'public'),
      brandColor: () => useChannelStore.getState().doc.brandSettings.primaryColor,
    },
  });
  // The message on stream is the chat store's (§4): the pages mark the one it holds.
  const unwatch = useChatStore.subscribe((state, previous) => state.onStreamMessageId !== previous.onStreamMessageId && host.onStream(state.onStreamMessageId));
  if (!canShare()) return { host, stop: unwatch };
  const name = attendeeRoomName(DEMO_SHARING_URL);
  const transport = broadcastAttendeeRoom(name);
  let stopServing: () => void = () => undefined;
  const resign = lockElection(`${name}:host`).campaign(() => (stopServing = host.serve(transport)));
  return {
    host,
    stop() {
      unwatch();
      resign();
      stopServing();
      transport.close();
    },
  };
}
