/**
 * "Copy output link" (backend mode): a new read-only link to the program for a capture or playout
 * machine. Each copy rotates the channel's output token, so an old link stops working. The link is
 * also shown, selectable, for when the clipboard is not allowed.
 */
import { useState } from 'react';
import { Check, Copy, MonitorPlay, X } from 'lucide-react';
import { COPY_CONFIRMATION_MS } from '../../lib/limits';
import { errorMessage } from '../../log';
import { createOutputLink } from '../../services/channel/outputLink';
import { Tooltip } from '../../ui/Tooltip';
import { useTimedValue } from '../poll/useTimedValue';

export function OutputLinkButton() {
  const [link, setLink] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, show] = useTimedValue<boolean>(COPY_CONFIRMATION_MS);
  async function copy() {
    setError(null);
    try {
      const url = await createOutputLink();
      setLink(url);
      await navigator.clipboard.writeText(url).then(
        () => show(true),
        () => undefined, // no clipboard permission: the link is shown to select
      );
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }
  return (
    <div className="output-link">
      <Tooltip label="Copy a link that shows the program on another machine (a new link revokes the last one)">
        <button type="button" className="btn btn-ghost btn-small" onClick={() => void copy()} data-testid="copy-output-link">
          {copied ? <Check size={14} aria-hidden /> : <MonitorPlay size={14} aria-hidden />} {copied ? 'Copied!' : 'Copy output link'}
        </button>
      </Tooltip>
      {(link || error) && (
        <div className="output-link-pop" role="dialog" aria-label="Output link">
          {link && <input className="input" readOnly value={link} aria-label="Output link" data-testid="output-link" onFocus={(e) => e.target.select()} />}
          {error && <p className="field-error">{error}</p>}
          <button type="button" className="icon-button" aria-label="Close" onClick={() => (setLink(null), setError(null))}>
            {link ? <X size={16} aria-hidden /> : <Copy size={16} aria-hidden />}
          </button>
        </div>
      )}
    </div>
  );
}
