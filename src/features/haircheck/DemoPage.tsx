/** The demo page (§2): phases init, haircheck and event, with the connecting overlay. */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
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
let studioModule: typeof import('../studio/StudioScreen') | null = null;
const loadStudio = () => import('../studio/StudioScreen').then((m) => (studioModule = m));
/**
 * Then the preview's first-frame costs are paid while the device check shows (stage/warmPreview.ts).
 * Only while it shows: once the studio is entered the preview pays them itself, and a chunk fetched
 * then (perhaps offline) would be a late, failing request the studio never needed.
 */
const warmPreview = () => {
  if (useScreenStore.getState().view !== 'haircheck') return;
  void import('../stage/warmPreview').then((m) => m.warmPreview(), () => undefined);
};
const LazyStudioScreen = lazy(() => loadStudio().then((m) => ({ default: m.StudioScreen })));

/**
 * The studio, rendered directly once its chunk is here: a lazy component suspends on its first render
 * even when its chunk is loaded, and React then holds the reveal (about 125 ms of an idle main thread
 * after ENTER STUDIO). Chosen once per visit: switching from the lazy to the loaded one would remount it.
 */
function Studio() {
  const [Screen] = useState(() => studioModule?.StudioScreen ?? LazyStudioScreen);
  return (
    <Suspense fallback={null}>
      <Screen />
    </Suspense>
  );
}

/** The warm-up waits for an idle moment of the device check, at most this long. */
const WARM_UP_IDLE_TIMEOUT_MS = 1000;

export function DemoPage({ code }: { code: string }) {
  const view = useScreenStore((s) => s.view);
  const overlay = useScreenStore((s) => s.connectingOverlayVisible);
  const initError = useScreenStore((s) => s.initError);
  const user = backend().session.currentUser();
  useEffect(() => {
    sounds.preload();
    backend().session.warmUp?.();
    void loadStudio().then(() => requestIdleCallback(warmPreview, { timeout: WARM_UP_IDLE_TIMEOUT_MS }));
    return watchNetwork();
  }, []);
  const proceed = useCallback(() => void enterStudio(code), [code]);

  return (
    <>
      {view === 'init' && <InitScreen firstName={user.firstName} error={initError} onRetry={() => useScreenStore.setState({ view: 'haircheck', initError: null })} />}
      {view === 'haircheck' && <HairCheck user={user} eventTitle={backend().session.upcomingEventTitle()} connecting={overlay} onProceed={proceed} />}
      {view === 'event' && <Studio />}
      {overlay && <ConnectingOverlay />}
      <ErrorDialogHost />
      <InfoMessages />
    </>
  );
}
