/** Invite Guest (backend mode): the event's guest link with Copy, and a New link that revokes the old one. */
import { useEffect, useState } from 'react';
import { Check, Copy, RefreshCw } from 'lucide-react';
import { COPY_CONFIRMATION_MS } from '../../lib/limits';
import { errorMessage } from '../../log';
import type { LiveMeetingService } from '../../state/backend';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { Tooltip } from '../../ui/Tooltip';
import { useTimedValue } from '../poll/useTimedValue';
import { MEETING_TEXTS } from './texts';
import './meeting.css';

const expiry = (ms: number) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);

export function InviteDialog({ live, onClose }: { live: LiveMeetingService; onClose(): void }) {
  const [invite, setInvite] = useState<{ link: string; expiresAt: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(true);
  const [copied, showCopied] = useTimedValue<boolean>(COPY_CONFIRMATION_MS);

  const load = (rotate: boolean) => {
    setBusy(true);
    setError(null);
    live.invite(rotate).then(
      (next) => (setInvite(next), setBusy(false)),
      (failure: unknown) => (setError(errorMessage(failure)), setBusy(false)),
    );
  };
  useEffect(() => load(false), []); // eslint-disable-line react-hooks/exhaustive-deps -- once, on opening

  const copy = () => invite && void navigator.clipboard.writeText(invite.link).then(() => showCopied(true), () => undefined);

  return (
    <Dialog
      title={MEETING_TEXTS.inviteTitle}
      testId="invite-dialog"
      onCancel={onClose}
      closeLabel={MEETING_TEXTS.close}
      actions={
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {MEETING_TEXTS.close}
        </button>
      }
    >
      <p>{MEETING_TEXTS.inviteBody}</p>
      {busy && <Spinner label="Getting the link" />}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {invite && (
        <>
          <div className="invite-row">
            <input className="input" readOnly value={invite.link} aria-label="Guest link" data-testid="invite-link" onFocus={(e) => e.target.select()} />
            <button type="button" className="btn btn-secondary btn-small" onClick={copy} data-autofocus>
              {copied ? <Check size={14} aria-hidden /> : <Copy size={14} aria-hidden />} {copied ? MEETING_TEXTS.copied : MEETING_TEXTS.copy}
            </button>
            <Tooltip label={MEETING_TEXTS.newLinkTip}>
              <button type="button" className="btn btn-ghost btn-small" onClick={() => load(true)} disabled={busy} data-testid="invite-rotate">
                <RefreshCw size={14} aria-hidden /> {MEETING_TEXTS.newLink}
              </button>
            </Tooltip>
          </div>
          <p className="hint">{MEETING_TEXTS.inviteExpires(expiry(invite.expiresAt))}</p>
        </>
      )}
    </Dialog>
  );
}
