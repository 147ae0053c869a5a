/**
 * The Q&A calls (§7 Q&A, Moderator actions) that src/services/audience/qna.ts makes, as the `qna`
 * member of the Backend port (src/state/backend.ts), with a demo implementation
 * (src/demo/audience/pollsQnaService.ts).
 */
import type { Answer, Question } from './types';

export interface QnaService {
  /** PUT chat/v1/events/{eventId}/qna/question/{id} with body approve (true). */
  publish(id: string): Promise<void>;
  /** The same call with approve false. */
  decline(id: string): Promise<void>;
  /** DELETE .../qna/question/{id}. */
  delete(id: string): Promise<void>;
  /** POST .../qna/question/{id}/answer (body content, answerBy): resolves to the stored answer. */
  answer(id: string, content: string): Promise<Answer>;
  /** POST manager/v1/events/{eventId}/manage/banner with bannerMessage (the announcement form). */
  sendBanner(bannerMessage: string): Promise<void>;
  /** §7: the Q&A list fetch (method and path not shown: the backend stub returns nothing). */
  list(): Promise<Question[]>;
  /** §7: question-seen marking by id list. */
  markSeen(ids: string[]): Promise<void>;
}
