import { useAlertsStore } from '../../state/alertsStore';
import { TEXTS } from '../../lib/texts';

/** §2 banner 'LIVESTREAM STARTED' / 'LIVESTREAM STOPPED' when the stream starts or stops (the channel's eventStatus). */
export function LiveStreamBanner() {
  const banner = useAlertsStore((s) => s.banner);
  if (banner === 0) return null;
  return (
    <div className={`live-banner ${banner === 2 ? 'started' : 'stopped'}`} role="status" data-testid="live-banner">
      {banner === 2 ? TEXTS.livestreamStarted : TEXTS.livestreamStopped}
    </div>
  );
}
