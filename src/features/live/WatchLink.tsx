/** The public watch page's link (issue 23): opens in a new tab; Copy says it did for a moment. */
import { Check, Copy, ExternalLink } from 'lucide-react';
import { COPY_CONFIRMATION_MS } from '../../lib/limits';
import { watchPageUrl } from '../../services/live/watchLink';
import { useLiveStore } from '../../state/live/store';
import { useTimedValue } from '../poll/useTimedValue';
import { LIVE_TEXTS } from './texts';

export function WatchLink() {
  const info = useLiveStore((s) => s.info);
  const [copied, showCopied] = useTimedValue<boolean>(COPY_CONFIRMATION_MS);
  if (!info) return null;
  const url = watchPageUrl(info);
  // No clipboard permission: the link is there to select and copy by hand.
  const copy = () => void navigator.clipboard?.writeText(url).then(() => showCopied(true), () => undefined);
  return (
    <section className="live-section" aria-labelledby="watch-heading">
      <h3 id="watch-heading" className="live-heading">
        {LIVE_TEXTS.watchHeading}
      </h3>
      <p className="field-hint">{LIVE_TEXTS.watchHint}</p>
      <div className="watch-link-row">
        <a className="watch-link" href={url} target="_blank" rel="noopener noreferrer" data-testid="watch-link">
          {url} <ExternalLink size={12} aria-hidden />
        </a>
        <button type="button" className="btn btn-secondary btn-small" onClick={copy} data-testid="copy-watch-link">
          {copied ? <Check size={14} aria-hidden /> : <Copy size={14} aria-hidden />} {copied ? LIVE_TEXTS.copied : LIVE_TEXTS.copyWatchLink}
        </button>
      </div>
    </section>
  );
}
