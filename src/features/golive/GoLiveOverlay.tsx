/**
 * §2 go-live overlay: the countdown, 'Your event is starting in...' and a rotating tip line. The
 * seconds are read out by the studio's live region (services/announcements), once each.
 */
import { useEffect, useState } from 'react';
import { tipAt } from '../../state/broadcast';
import { useGoLiveStore } from '../../state/goLiveStore';
import { cancelGoLiveCountdown } from '../../services/goLive';
import { TEXTS } from '../../lib/texts';

export function GoLiveOverlay() {
  const countdown = useGoLiveStore((s) => s.countdown);
  const startedAt = useGoLiveStore((s) => s.countdownStartedAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (countdown === null) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [countdown]);
  if (countdown === null) return null;
  return (
    <div className="go-live-overlay" role="alertdialog" aria-modal="true" aria-labelledby="go-live-title" data-testid="go-live-overlay">
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
    </div>
  );
}
