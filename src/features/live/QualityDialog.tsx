/**
 * GO LIVE's question (issue 33): the chosen quality is above what this server carries, so before the
 * countdown the moderator picks: the recommended quality (first, focused), or the chosen one anyway.
 * CANCEL or Escape goes nowhere.
 */
import { useBroadcastStore } from '../../state/live/broadcastStore';
import { answerQualityQuestion } from '../../services/live/goLive';
import { backend } from '../../state/backend';
import { Dialog } from '../../ui/Dialog';
import { TEXTS } from '../../lib/texts';
import { QUALITY_QUESTION } from './texts';

export function QualityDialog() {
  const question = useBroadcastStore((s) => s.qualityQuestion);
  if (!question) return null;
  const answer = (a: 'recommended' | 'anyway' | 'cancel') => answerQualityQuestion(a, backend().session);
  return (
    <Dialog
      role="alertdialog"
      testId="quality-dialog"
      title={QUALITY_QUESTION.title(question.chosen)}
      onCancel={() => answer('cancel')}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={() => answer('cancel')}>
            {TEXTS.cancel}
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => answer('anyway')}>
            {QUALITY_QUESTION.anyway(question.chosen)}
          </button>
          <button type="button" className="btn btn-primary" onClick={() => answer('recommended')} data-autofocus>
            {QUALITY_QUESTION.recommended(question.recommended)}
          </button>
        </>
      }
    >
      <p>{QUALITY_QUESTION.body(question)}</p>
    </Dialog>
  );
}
