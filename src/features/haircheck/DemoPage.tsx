/** The demo page (§2): phases init, haircheck and event, with the connecting overlay. */
import { useCallback, useEffect } from 'react';
import { watchNetwork } from '../../services/show';
import { sounds } from '../../services/sounds';
import { ErrorDialogHost } from '../dialogs/ErrorDialogHost';
import { InfoMessages } from '../dialogs/InfoMessages';
import { useLayoutStore } from '../../state/layoutStore';
import { enterStudio } from '../../services/entry';
import { backend } from '../../state/backend';
import { StudioScreen } from '../studio/StudioScreen';
import { ConnectingOverlay } from './ConnectingOverlay';
import { HairCheck } from './HairCheck';
import { InitScreen } from './InitScreen';

export function DemoPage({ code }: { code: string }) {
  const view = useLayoutStore((s) => s.view);
  const overlay = useLayoutStore((s) => s.connectingOverlayVisible);
  const initError = useLayoutStore((s) => s.initError);
  const user = backend().session.currentUser();
  useEffect(() => {
    sounds.preload();
    return watchNetwork();
  }, []);
  const proceed = useCallback(() => void enterStudio(code), [code]);

  return (
    <>
      {view === 'init' && <InitScreen firstName={user.firstName} error={initError} onRetry={() => useLayoutStore.setState({ view: 'haircheck', initError: null })} />}
      {view === 'haircheck' && <HairCheck user={user} eventTitle={backend().session.upcomingEventTitle()} connecting={overlay} onProceed={proceed} />}
      {view === 'event' && <StudioScreen />}
      {overlay && <ConnectingOverlay />}
      <ErrorDialogHost />
      <InfoMessages />
    </>
  );
}
