/** A failed command's inline error (§8: the UI never freezes and the change was rolled back), until dismissed. */
import { X } from 'lucide-react';
import { TEXTS } from '../lib/texts';
import { Tooltip } from './Tooltip';

export function FailureNotice({ message, onDismiss, className }: { message: string; onDismiss(): void; className: string }) {
  return (
    <div className={`inline-error failure-notice ${className}`} role="alert">
      <span>{message}</span>
      <Tooltip label={TEXTS.dismiss} placement="left">
        <button type="button" className="icon-button" aria-label={TEXTS.dismiss} onClick={onDismiss}>
          <X size={14} aria-hidden />
        </button>
      </Tooltip>
    </div>
  );
}
