/**
 * The Q&A tool (§2 Q&A): Incoming (hidden with auto-approve), Published, Answered and Unanswered
 * tabs (remembered; defined in src/state/qna/rules.ts), Latest First / Latest Last sort, the
 * announcement form, and per-question actions by §4 state. It reads the Q&A store and calls the Q&A
 * commands; it does not know whether a demo audience or a backend is behind them.
 */
import { Megaphone } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useQnaStore } from '../../state/qna/qnaStore';
import { declineQuestion, deleteQuestion, markQuestionsSeen, publishQuestion, replyToQuestion } from '../../services/audience/qna';
import { QNA_MASK_HIDE_MS } from '../../state/qna/limits';
import { inTab, offeredQnaTabs, questionsInTab } from '../../state/qna/rules';
import type { QnaSort, QnaTab } from '../../state/qna/types';
import { ConfirmDelete } from '../../ui/ConfirmDelete';
import { FailureNotice } from '../../ui/FailureNotice';
import { Tabs } from '../../ui/Tabs';
import { usePersistedTab } from '../../ui/usePersistedTab';
import { useTimedValue } from '../poll/useTimedValue';
import { AnnouncementForm } from './AnnouncementForm';
import { QuestionCard } from './QuestionCard';
import { useNow } from '../../ui/useNow';
import { SuccessMask, type MaskKind } from './SuccessMask';
import { QNA_TEXTS as T } from './texts';
import './qna.css';

export interface QnaPanelProps {
  /** The event's qnaAutoApprove: questions are published without the moderator, so Incoming is hidden. */
  autoApprove: boolean;
  /** Injectable clock for relative times. */
  clock?: () => number;
}

const SORTS: readonly QnaSort[] = ['LATEST_FIRST', 'LATEST_LAST'];

export function QnaPanel({ autoApprove, clock }: QnaPanelProps) {
  const { questions, busy, failure, seen } = useQnaStore(useShallow((s) => ({ questions: s.questions, busy: s.busy, failure: s.failure, seen: s.seen })));
  const tabs = offeredQnaTabs(autoApprove);
  const [tab, setTab] = usePersistedTab<QnaTab>('qna', tabs, tabs[0] ?? 'PUBLISHED');
  const [sort, setSort] = useState<QnaSort>('LATEST_FIRST');
  const [announcing, setAnnouncing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  const [mask, showMask, hideMask] = useTimedValue<MaskKind>(QNA_MASK_HIDE_MS);
  const now = useNow(clock);

  const shown = useMemo(() => questionsInTab(questions, tab, sort), [questions, tab, sort]);

  // Questions on screen are seen (they stop counting in the side navigation).
  useEffect(() => {
    const unseen = shown.map((q) => q.id).filter((id) => !seen.includes(id));
    if (unseen.length > 0) markQuestionsSeen(unseen);
  }, [shown, seen]);

  const store = useQnaStore.getState;
  const publish = async (id: string) => {
    if (await publishQuestion(id)) showMask('published');
  };
  const decline = async (id: string) => {
    if (await declineQuestion(id)) showMask('declined');
  };
  const toDelete = confirmDelete ? questions.find((q) => q.id === confirmDelete) : undefined;

  return (
    <div className="qna-panel">
      <div className="qna-toolbar">
        <button type="button" className="btn btn-secondary btn-small" aria-expanded={announcing} onClick={() => setAnnouncing((a) => !a)}>
          <Megaphone size={14} aria-hidden />
          {T.announcement}
        </button>
        <label className="qna-sort">
          <span className="field-label">{T.sortLabel}</span>
          <select className="select" value={sort} onChange={(e) => setSort(e.target.value as QnaSort)}>
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {T.sorts[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {announcing && <AnnouncementForm onClose={() => setAnnouncing(false)} />}
      {failure && <FailureNotice className="qna-failure" message={T.failure(failure.command, failure.detail)} onDismiss={() => store().clearFailure()} />}
      <div className="qna-body">
        <Tabs label={T.tabsLabel} value={tab} onChange={setTab} tabs={tabs.map((t) => ({ value: t, label: T.tabs[t], count: questions.filter((q) => inTab(q, t)).length }))}>
          {shown.length === 0 ? (
            <p className="qna-empty">{T.noQuestions}</p>
          ) : (
            <div className="qna-list">
              {shown.map((q) => (
                <QuestionCard
                  key={q.id}
                  question={q}
                  now={now}
                  busy={busy.includes(q.id)}
                  onPublish={() => void publish(q.id)}
                  onDecline={() => void decline(q.id)}
                  onDelete={() => setConfirmDelete(q.id)}
                  onReply={(text) => replyToQuestion(q.id, text)}
                />
              ))}
            </div>
          )}
        </Tabs>
        {mask && <SuccessMask kind={mask} onDismiss={hideMask} />}
      </div>
      {toDelete && (
        <ConfirmDelete
          title={T.deleteTitle}
          subject={toDelete.content}
          body={T.deleteBody}
          confirmLabel={T.confirmDelete}
          onClose={() => setConfirmDelete(null)}
          onDelete={() => void deleteQuestion(toDelete.id)}
        />
      )}
    </div>
  );
}
