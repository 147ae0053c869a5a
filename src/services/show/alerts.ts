/**
 * The show flow's services: the §8 error dialogs (with their sounds), the browser's offline/online
 * events toggling the network dialog, the §4 live-stream banner, and §9 info messages.
 * Timers take an injectable clock so unit tests run on fake time.
 */
import { BANNER_MS, INFO_MESSAGE_HIDE_MS } from '../../lib/limits';
import { raiseError, useAlertsStore } from '../../state/alertsStore';
import { subscribeLiveChanges } from '../../state/live/broadcastStore';
import { sounds } from './sounds';
import { realClock, type Clock } from '../../lib/clock';

/** §8: an error sound plays on each error dialog (the popup sound for the device dialogs). */
useAlertsStore.subscribe((state, previous) => {
  const error = state.error;
  if (!error || error === previous.error) return;
  sounds.play(error.code === 'CAM_IN_USE' || error.code === 'CAM_MIC_DENIED' ? 'popup' : 'error');
});

/** Opens a §8 error dialog with its sound (see raiseError). */
export const showError = raiseError;

export function closeError(): void {
  useAlertsStore.setState({ error: null });
}

/** Browser offline/online events toggle the lost-network dialog (§8). Returns the stop. */
export function watchNetwork(target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): () => void {
  const onOffline = () =>
    showError('NETWORK_LOST', {
      retry: () => {
        if (navigator.onLine) closeError();
      },
    });
  const onOnline = () => {
    if (useAlertsStore.getState().error?.code === 'NETWORK_LOST') closeError();
  };
  target.addEventListener('offline', onOffline);
  target.addEventListener('online', onOnline);
  return () => {
    target.removeEventListener('offline', onOffline);
    target.removeEventListener('online', onOnline);
  };
}


/** §4: the banner shows started (2) or stopped (-2) when the stream starts or stops, neutral after 10 s. */
export function watchLiveStreamBanner(timers: Clock = realClock): () => void {
  let timer: unknown;
  const unsubscribe = subscribeLiveChanges((live) => {
    timers.clearTimeout(timer);
    useAlertsStore.setState({ banner: live ? 2 : -2 });
    timer = timers.setTimeout(() => useAlertsStore.setState({ banner: 0 }), BANNER_MS);
  });
  return () => {
    timers.clearTimeout(timer);
    unsubscribe();
  };
}

let nextInfoId = 1;
/** §9: an info message hides after 5 s. */
export function info(text: string, timers: Clock = realClock): void {
  const id = nextInfoId++;
  useAlertsStore.setState((s) => ({ infos: [...s.infos, { id, text }] }));
  timers.setTimeout(() => useAlertsStore.setState((s) => ({ infos: s.infos.filter((m) => m.id !== id) })), INFO_MESSAGE_HIDE_MS);
}
