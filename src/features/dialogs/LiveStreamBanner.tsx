import { useShowStore } from '../../state/showStore';
import { TEXTS } from '../../lib/texts';

/** §2 banner 'LIVESTREAM STARTED' / 'LIVESTREAM STOPPED' after the running flag changes. */
export function LiveStreamBanner() {
  const banner = useShowStore((s) => s.banner);
  if (banner === 0) return null;
  return (
    <div className={`live-banner ${banner === 2 ? 'started' : 'stopped'}`} role="status" data-testid="live-banner">
      {banner === 2 ? TEXTS.livestreamStarted : TEXTS.livestreamStopped}
    </div>
  );
}
