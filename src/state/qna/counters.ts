/**
 * The side navigation reads its counters from the audience-counters store (§2: Q&A with unseen
 * counter). This mirrors the Q&A store into it; the app calls it once and keeps the returned stop.
 */
import { useAudienceCounters } from '../audienceCounters';
import { useQnaStore, type QnaState } from './qnaStore';

export function syncQnaCounters(): () => void {
  const push = (s: QnaState) => useAudienceCounters.setState({ questionIds: s.questions.map((q) => q.id), seenQuestionIds: [...s.seenQuestionIds] });
  push(useQnaStore.getState());
  return useQnaStore.subscribe(push);
}
