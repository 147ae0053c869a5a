/**
 * The moderator's Q&A commands (§4 Question, §7 Q&A and Moderator actions): publish, decline and
 * delete are applied by the Q&A store at once and rolled back if the call fails (§8); a reply and
 * an announcement are sent only when non-empty after the shared text rule.
 */
import { cleanText } from '../../lib/text';
import { log } from '../../log';
import { backend } from '../../state/backend';
import { ANNOUNCEMENT_RULE, QNA_REPLY_RULE } from '../../state/qna/limits';
import { useQnaStore } from '../../state/qna/qnaStore';
import { canDo } from '../../state/qna/rules';
import type { Rollback } from '../../state/remoteList';
import { attemptAllowed, reportSeen } from './attempt';
import { describeFailure } from './failure';

const qna = () => useQnaStore.getState();
/** A reply or an announcement shows only once the server has it: nothing to take back. */
const keep: Rollback = () => undefined;

export const publishQuestion = (id: string): Promise<boolean> => attemptAllowed(qna(), 'publish', id, qna().beginPublish(id), () => backend().qna.publish(id));

export const declineQuestion = (id: string): Promise<boolean> => attemptAllowed(qna(), 'decline', id, qna().beginDecline(id), () => backend().qna.decline(id));

export const deleteQuestion = (id: string): Promise<boolean> => attemptAllowed(qna(), 'delete', id, qna().beginDelete(id), () => backend().qna.delete(id));

/** §5: a reply is sent only if non-empty (cleaned by the shared text rule, cut to its limit); the stored answer joins the question. */
export async function replyToQuestion(id: string, content: string): Promise<boolean> {
  const text = cleanText(content, QNA_REPLY_RULE).text;
  const question = qna().questions.find((q) => q.id === id);
  if (text === '' || !question || !canDo(question.status, 'REPLY')) return false;
  return attemptAllowed(qna(), 'reply', id, keep, async () => qna().applyEvent({ type: 'answer', id, answer: await backend().qna.answer(id, text) }));
}

/** The announcement form (§2), sent as a banner (§7 manage/banner); only a non-empty message is sent. */
export async function announce(message: string): Promise<boolean> {
  const text = cleanText(message, ANNOUNCEMENT_RULE).text;
  if (text === '') return false;
  return attemptAllowed(qna(), 'announce', undefined, keep, () => backend().qna.sendBanner(text));
}

/** Questions on screen are seen; the server is told about the new ones. */
export function markQuestionsSeen(ids: readonly string[]): void {
  reportSeen('qna', qna().markSeen(ids), (fresh) => backend().qna.markSeen(fresh));
}

/** §7: the Q&A list, merged into what sockets brought meanwhile; a failure is logged. */
export async function loadQuestions(): Promise<boolean> {
  try {
    const list = await backend().qna.list();
    for (const question of list) qna().applyEvent({ type: 'add', question });
    return true;
  } catch (e) {
    log.warn('qna', `loading questions failed: ${describeFailure(e)}`);
    return false;
  }
}
