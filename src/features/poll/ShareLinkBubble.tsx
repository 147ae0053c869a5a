/** §2 Poll: the share link bubble (370x120) shown while a poll is live, with a copy button (§9: confirmation 3 s). */
import { Check, Copy, Link2 } from 'lucide-react';
import { errorMessage, log } from '../../log';
import { COPY_CONFIRMATION_MS, SHARE_BUBBLE_SIZE } from '../../state/polls/limits';
import { POLL_TEXTS as T } from './texts';
import { useTimedValue } from './useTimedValue';

type CopyOutcome = 'copied' | 'failed';

export function ShareLinkBubble({ url }: { url: string }) {
  const [outcome, show] = useTimedValue<CopyOutcome>(COPY_CONFIRMATION_MS);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      show('copied');
    } catch (e) {
      log.info('polls', `copy link failed: ${errorMessage(e)}`);
      show('failed');
    }
  };
  return (
    <section className="poll-share" style={{ width: SHARE_BUBBLE_SIZE.width, height: SHARE_BUBBLE_SIZE.height }} aria-label={T.shareTitle}>
      <div className="poll-share-head">
        <Link2 size={14} aria-hidden />
        <span>{T.shareHint}</span>
      </div>
      <div className="poll-share-row">
        <input className="input poll-share-url" value={url} readOnly aria-label={T.shareTitle} onFocus={(e) => e.target.select()} />
        <button type="button" className="btn btn-secondary btn-small" onClick={() => void copy()}>
          {outcome === 'copied' ? <Check size={14} aria-hidden /> : <Copy size={14} aria-hidden />}
          {outcome === 'copied' ? T.copied : T.copyLink}
        </button>
      </div>
      <p className="poll-share-status" role="status">
        {outcome === 'failed' ? T.copyFailed : ''}
      </p>
    </section>
  );
}
