/**
 * §2 go-live overlay: the countdown, 'Your event is starting in...' and a rotating tip line. A modal
 * alert dialog (React Aria): focus starts on CANCEL and stays in it, the studio behind is inert, and
 * focus goes back to GO LIVE when it closes.
 * The seconds are read out by the studio's live region (services/announcements), once each.
 */
import { useEffect, useState } from 'react';
import { Dialog, Modal, ModalOverlay } from 'react-aria-components';
import { tipAt } from '../../state/live/broadcastRules';
import { useBroadcastStore } from '../../state/live/broadcastStore';
import { cancelGoLiveCountdown } from '../../services/live/goLive';
import { TEXTS } from '../../lib/texts';

export function GoLiveOverlay() {
  const countdown = useBroadcastStore((s) => s.countdown);
  const startedAt = useBroadcastStore((s) => s.countdownStartedAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (countdown === null) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [countdown]);
  if (countdown === null) return null;
  return (
    <ModalOverlay isOpen isKeyboardDismissDisabled>
      <Modal className="dialog-modal">
        <Dialog className="go-live-overlay" role="alertdialog" aria-labelledby="go-live-title" data-testid="go-live-overlay">
          <p id="go-live-title" className="go-live-title">
            {TEXTS.eventStartingIn}
          </p>
          <div className="go-live-count">
            {countdown}
          </div>
          <p className="go-live-tip">{tipAt(Math.max(0, now - (startedAt ?? now)))}</p>
          <button type="button" className="btn btn-ghost" onClick={() => cancelGoLiveCountdown()} autoFocus>
            CANCEL
          </button>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
