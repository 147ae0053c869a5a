import { Spinner } from '../../ui/Spinner';
import { TEXTS } from '../../lib/texts';
import { useRemoteStore } from '../../state/remoteStore';
import { JOIN_TEXTS } from '../entrance/texts';

/** §2 connecting overlay, shown from proceeding until the studio is up. */
export function ConnectingOverlay() {
  // Backend mode, §4: the event has no instance yet; the join checks again every 2 s.
  const waiting = useRemoteStore((s) => s.waitingForEvent);
  return (
    <div className="connecting-overlay" role="status" aria-live="polite" data-testid="connecting-overlay">
      <div className="connecting-card">
        <Spinner size={48} label={TEXTS.connectingToStudio} />
        <h2>{TEXTS.welcomeToStudio}</h2>
        <p className="connecting-title">{TEXTS.connectingToStudio}</p>
        <p className="muted">{TEXTS.pleaseWaitSetup}</p>
        {waiting && (
          <p className="waiting-event" data-testid="waiting-for-event">
            {JOIN_TEXTS.waiting} <span className="muted">{JOIN_TEXTS.waitingDetail}</span>
          </p>
        )}
      </div>
    </div>
  );
}
