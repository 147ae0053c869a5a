/** Polls, questions and chat people for the audience tests (stores and services alike). */
import type { ChatParticipant } from '../../src/state/chat/types';
import type { Poll } from '../../src/state/polls/types';
import type { Answer, Question } from '../../src/state/qna/types';

/** §8: what a backend failure throws (the JSON error body). */
export const backendError = { type: 'unknown', code: 'API_BACKEND_ERROR', message: 'Server says no' };

export const opts = (...texts: string[]) => texts.map((option, i) => ({ optionNumber: i + 1, option }));
export const poll = (pollGuid: string, extra: Partial<Poll> = {}): Poll => ({ pollGuid, question: `Question ${pollGuid}`, options: opts('Yes', 'No'), results: [], ...extra });

export const question = (id: string, extra: Partial<Question> = {}): Question => ({
  id,
  content: `Question ${id}`,
  status: 'ASKED',
  anonymous: false,
  initiator: { name: 'Ann' },
  timestamp: 1000,
  upvoteCount: 0,
  answerCount: 0,
  replyCount: 0,
  answers: [],
  ...extra,
});
export const answer = (content: string, timestamp = 5): Answer => ({ content, anonymous: false, answerBy: { name: 'Mod', endpointGuid: 'm1' }, timestamp });

export const CHAT_NOW = 1_700_000_000_000;
export const SELF: ChatParticipant = { guid: 'me', name: 'Alex Morgan', role: 'Moderator' };
export const EMILY: ChatParticipant = { guid: 'emily', name: 'Emily Carter', role: 'Attendee' };
export const LUKAS: ChatParticipant = { guid: 'lukas', name: 'Lukas Becker', role: 'Panelist' };
export const SIOBHAN: ChatParticipant = { guid: 'siobhan', name: 'Siobhan Walsh', role: 'Moderator' };
