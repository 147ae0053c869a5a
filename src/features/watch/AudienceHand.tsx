/**
 * The attendee's raised hand (issue 32, §3 raiseHandEnabled): "Raise hand" / "Lower hand" (a
 * toggle button), and once a moderator invites them on stage, the invitation with "Join backstage",
 * which opens the guest flow (device check, backstage, on air) under their name through their own
 * invite: no link to send (a page load: the guest page is its own app, with its device check).
 * "Not now" lowers the hand, which withdraws the invitation.
 */
import { useState } from 'react';
import { Hand } from 'lucide-react';
import type { AttendeeSession } from '../../services/watch/attendeeSession';
import { useAttendeeStore } from '../../state/attendee/attendeeStore';
import { BASE_PATH } from '../../config';
import { WATCH_TEXTS as T } from './texts';

export function HandButton({ session }: { session: AttendeeSession }) {
  const hand = useAttendeeStore((s) => s.page?.hand ?? null);
  const enabled = useAttendeeStore((s) => s.page?.raiseHandEnabled ?? false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!enabled && !hand?.raised) return null;
  const raised = hand?.raised ?? false;
  const toggle = async () => {
    setBusy(true);
    setFailed(!(await session.raiseHand(!raised)));
    setBusy(false);
  };
  return (
    <>
      <button type="button" className={`btn btn-small ${raised ? 'btn-primary' : 'btn-secondary'}`} aria-pressed={raised} disabled={busy} onClick={() => void toggle()}>
        <Hand size={14} aria-hidden /> {raised ? T.hand.lower : T.hand.raise}
      </button>
      {failed && (
        <span className="field-error audience-hand-error" role="alert">
          {T.hand.notChanged}
        </span>
      )}
    </>
  );
}

/** The hand's state under the header: raised (a quiet note), or the invitation on stage. */
export function HandNotice({ session }: { session: AttendeeSession }) {
  const hand = useAttendeeStore((s) => s.page?.hand ?? null);
  if (!hand?.raised && !hand?.stageInvite) return null;
  if (!hand.stageInvite)
    return (
      <p className="audience-hand-note" role="status">
        {T.hand.raised}
      </p>
    );
  return (
    <div className="audience-invitation" role="alert">
      <p>{T.hand.invited}</p>
      <div className="audience-invitation-actions">
        <button type="button" className="btn btn-primary btn-small" onClick={() => location.assign(`${BASE_PATH}guest/${encodeURIComponent(hand.stageInvite!)}`)}>
          {T.hand.joinBackstage}
        </button>
        <button type="button" className="btn btn-secondary btn-small" onClick={() => void session.raiseHand(false)}>
          {T.hand.notNow}
        </button>
      </div>
    </div>
  );
}
