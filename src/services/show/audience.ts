/**
 * The audience side of a joined event (chat, polls, Q&A, attendees): what the panels show is loaded
 * through the backend's calls (§4: polls on meeting initialization; chat scrollback and contacts;
 * questions), then the backend's real-time events flow into the one dispatcher. Returns the stop,
 * which also empties those stores for the next event.
 */
import { realClock, type Clock } from '../../lib/clock';
import type { Backend } from '../../state/backend';
import { resetChatStore, useChatStore } from '../../state/chat/chatStore';
import type { ChatKind, ChatParticipant } from '../../state/chat/types';
import { ROSTER_CLEANUP_MS } from '../../state/people/limits';
import { peopleActions } from '../../state/people/peopleStore';
import { initialPollState, usePollStore } from '../../state/polls/pollStore';
import { initialQnaState, useQnaStore } from '../../state/qna/qnaStore';
import type { Connection } from '../../state/session';
import { loadChatContacts, loadChatScrollback } from '../audience/chat';
import { loadPolls } from '../audience/polls';
import { loadQuestions } from '../audience/qna';
import { dispatch } from './realtimeEvents';

const CHAT_KINDS: readonly ChatKind[] = ['public', 'private', 'backstage', 'moderator'];

/** The moderator as chat knows them (§6: in the studio, self is a moderator). */
export const chatSelf = ({ user }: Pick<Connection, 'user'>): ChatParticipant => ({
  guid: user.id,
  name: `${user.firstName} ${user.lastName}`,
  firstname: user.firstName,
  lastname: user.lastName,
  role: 'Moderator',
  userId: user.id,
});

export function startAudience(b: Backend, connection: Connection, clock: Clock = realClock): () => void {
  useChatStore.getState().setSelf(chatSelf(connection));
  void loadChatContacts();
  for (const kind of CHAT_KINDS) void loadChatScrollback(kind);
  void loadPolls();
  void loadQuestions();
  const stopEvents = b.meeting.startAudience(connection.eventInformation, dispatch);

  // §4: attendees out of the roster are freed every 5 s.
  let cleanup: unknown = null;
  const arm = () => {
    cleanup = clock.setTimeout(() => {
      peopleActions.cleanup();
      arm();
    }, ROSTER_CLEANUP_MS);
  };
  arm();

  return () => {
    stopEvents();
    clock.clearTimeout(cleanup);
    resetChatStore();
    usePollStore.setState(initialPollState());
    useQnaStore.setState(initialQnaState());
    peopleActions.reset();
  };
}
