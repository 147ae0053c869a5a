import { Spinner } from '../../ui/Spinner';
import { TEXTS } from '../../lib/texts';

/** §2 connecting overlay, shown from proceeding until the studio is up. */
export function ConnectingOverlay() {
  return (
    <div className="connecting-overlay" role="status" aria-live="polite" data-testid="connecting-overlay">
      <div className="connecting-card">
        <Spinner size={48} label={TEXTS.connectingToStudio} />
        <h2>{TEXTS.welcomeToStudio}</h2>
        <p className="connecting-title">{TEXTS.connectingToStudio}</p>
        <p className="muted">{TEXTS.pleaseWaitSetup}</p>
      </div>
    </div>
  );
}
