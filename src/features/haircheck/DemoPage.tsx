/** The demo page (§2): phases init, haircheck and event, with the connecting overlay. */
import { lazy, Suspense, useCallback, useEffect } from 'react';
import { watchNetwork } from '../../services/show/alerts';
import { sounds } from '../../services/show/sounds';
import { ErrorDialogHost } from '../dialogs/ErrorDialogHost';
import { InfoMessages } from '../dialogs/InfoMessages';
import { useScreenStore } from '../../state/screenStore';
import { enterStudio } from '../../services/show/entry';
import { backend } from '../../state/backend';
import { ConnectingOverlay } from './ConnectingOverlay';
import { HairCheck } from './HairCheck';
import { InitScreen } from './InitScreen';

/**
 * The studio (and with it the compositor and pixi.js) is its own chunk: the first screen is the device
 * check, so the initial download stays small (issue 11: initial JS ≤ 300 KB gzip). It is fetched while
 * the moderator checks their devices, so entering does not wait for it.
 */
const loadStudio = () => import('../studio/StudioScreen');
const StudioScreen = lazy(() => loadStudio().then((m) => ({ default: m.StudioScreen })));

export function DemoPage({ code }: { code: string }) {
  const view = useScreenStore((s) => s.view);
  const overlay = useScreenStore((s) => s.connectingOverlayVisible);
  const initError = useScreenStore((s) => s.initError);
  const user = backend().session.currentUser();
  useEffect(() => {
    sounds.preload();
    void loadStudio();
    return watchNetwork();
  }, []);
  const proceed = useCallback(() => void enterStudio(code), [code]);

  return (
    <>
      {view === 'init' && <InitScreen firstName={user.firstName} error={initError} onRetry={() => useScreenStore.setState({ view: 'haircheck', initError: null })} />}
      {view === 'haircheck' && <HairCheck user={user} eventTitle={backend().session.upcomingEventTitle()} connecting={overlay} onProceed={proceed} />}
      {view === 'event' && (
        <Suspense fallback={null}>
          <StudioScreen />
        </Suspense>
      )}
      {overlay && <ConnectingOverlay />}
      <ErrorDialogHost />
      <InfoMessages />
    </>
  );
}
