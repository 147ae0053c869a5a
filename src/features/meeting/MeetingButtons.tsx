/**
 * Share Screen and Invite Guest in the preview's control bar. In the demo both open the registration
 * pop-up (§2); in backend mode they share the screen (with the §4 Screen Share Conflict) and open the
 * guest invite.
 */
import { useState } from 'react';
import { MonitorUp, MonitorX, UserPlus } from 'lucide-react';
import { backend, type LiveMeetingService, type Sharer } from '../../state/backend';
import { useScreenStore } from '../../state/screenStore';
import { useMeetingStore } from '../../state/meetingStore';
import { continueScreenShare, pickDisplay, requestScreenShare, type ShareOutcome } from '../../services/meeting/screenShare';
import { realWait } from '../../lib/clock';
import { showError } from '../../services/show/alerts';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Tooltip } from '../../ui/Tooltip';
import { TEXTS } from '../../lib/texts';
import { InviteDialog } from './InviteDialog';
import { MEETING_TEXTS } from './texts';

/** Share Screen / Stop sharing, with the conflict dialog; the studio's and a guest's. */
export function ScreenShareButton({ live }: { live: Pick<LiveMeetingService, 'available' | 'shareScreen' | 'stopShare' | 'otherSharer' | 'stopOtherShare'> }) {
  const sharing = useMeetingStore((s) => s.sharingLocalContent);
  const [conflict, setConflict] = useState<Sharer | null>(null);
  const deps = { live, pickScreen: pickDisplay, wait: realWait };
  const settle = (result: ShareOutcome) => {
    if (result.outcome === 'conflict') return setConflict(result.other);
    if (result.outcome === 'failed') showError('UNKNOWN', { details: MEETING_TEXTS.shareFailed(result.message) });
  };
  const toggle = () => {
    if (!live.available) return showError('UNKNOWN', { details: MEETING_TEXTS.unavailable });
    if (sharing) return live.stopShare();
    void requestScreenShare(deps).then(settle);
  };
  return (
    <>
      <Tooltip label={sharing ? MEETING_TEXTS.stopSharingTip : MEETING_TEXTS.shareScreenTip}>
        <button type="button" className={`btn btn-small ${sharing ? 'btn-danger' : 'btn-secondary'}`} onClick={toggle} aria-pressed={sharing} data-testid="share-screen">
          {sharing ? <MonitorX size={14} aria-hidden /> : <MonitorUp size={14} aria-hidden />} {sharing ? MEETING_TEXTS.stopSharing : MEETING_TEXTS.shareScreen}
        </button>
      </Tooltip>
      {conflict && (
        <ConfirmDialog
          title={TEXTS.screenShareConflict}
          confirmLabel={TEXTS.continue}
          danger={false}
          testId="screen-share-conflict"
          onCancel={() => setConflict(null)}
          onConfirm={() => {
            const other = conflict;
            setConflict(null);
            void continueScreenShare(deps, other).then(settle);
          }}
        >
          {MEETING_TEXTS.conflictBody(conflict.name)}
        </ConfirmDialog>
      )}
    </>
  );
}

function InviteButton({ live }: { live: LiveMeetingService }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-secondary btn-small" onClick={() => (live.available ? setOpen(true) : showError('UNKNOWN', { details: MEETING_TEXTS.unavailable }))} data-testid="invite-guest">
        <UserPlus size={14} aria-hidden /> {MEETING_TEXTS.inviteGuest}
      </button>
      {open && <InviteDialog live={live} onClose={() => setOpen(false)} />}
    </>
  );
}

export function MeetingButtons() {
  const live = backend().meeting.live;
  if (live)
    return (
      <>
        <ScreenShareButton live={live} />
        <InviteButton live={live} />
      </>
    );
  const { showRegisterPopup } = useScreenStore.getState();
  return (
    <>
      <button type="button" className="btn btn-secondary btn-small" onClick={showRegisterPopup}>
        <MonitorUp size={14} aria-hidden /> {MEETING_TEXTS.shareScreen}
      </button>
      <button type="button" className="btn btn-secondary btn-small" onClick={showRegisterPopup}>
        <UserPlus size={14} aria-hidden /> {MEETING_TEXTS.inviteGuest}
      </button>
    </>
  );
}
