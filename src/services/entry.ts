/**
 * The demo page's phase flow (§2): haircheck → connecting overlay → connect → initialize the
 * studio → after 100 ms the studio shows and the overlay hides. A connect failure is logged only
 * and the screen stays in haircheck (§8); a failure while initializing shows the init phase's
 * 'An error occurred: {message}'.
 */
import { errorMessage, log } from '../log';
import { DEMO_SWITCH_DELAY_MS } from '../state/limits';
import { initialToolOnStudioOpen, useLayoutStore } from '../state/layoutStore';
import { useMeetingStore } from '../state/meetingStore';
import { sounds } from './sounds';
import type { Connection, StudioSession } from './types';

export type Wait = (ms: number) => Promise<void>;
const realWait: Wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Puts what the connection returned into the stores: one step, so panels never see half of it. */
export function initializeStudio(connection: Connection): void {
  useMeetingStore.getState().applyConnection(connection);
  useLayoutStore.setState({ eventName: connection.eventInformation.eventTitle, selectedTool: initialToolOnStudioOpen() });
}

export type EnterResult = 'entered' | 'connect-failed' | 'init-failed' | 'busy';

export async function enterStudio(session: StudioSession, code: string, wait: Wait = realWait): Promise<EnterResult> {
  const layout = useLayoutStore.getState();
  if (useLayoutStore.getState().connectingOverlayVisible || useLayoutStore.getState().view === 'event') return 'busy';
  layout.setConnectingOverlay(true);
  useMeetingStore.getState().setConnexionState('CONNECTING');

  let connection: Connection;
  try {
    connection = await session.connect(code);
  } catch (error) {
    log.warn('entry', `demo connect failed: ${errorMessage(error)}`);
    useMeetingStore.getState().setConnexionState('IDLE');
    layout.setConnectingOverlay(false);
    return 'connect-failed';
  }

  try {
    initializeStudio(connection);
  } catch (error) {
    layout.setInitError(errorMessage(error));
    layout.setView('init');
    layout.setConnectingOverlay(false);
    return 'init-failed';
  }

  await wait(DEMO_SWITCH_DELAY_MS);
  useLayoutStore.setState({ view: 'event', connectingOverlayVisible: false });
  return 'entered';
}

/** Confirmed exit (§2): exit sound, leave the meeting, reset the session state. */
export async function leaveStudio(session: StudioSession): Promise<void> {
  sounds.play('exit');
  useLayoutStore.getState().setExitDialogOpen(false);
  try {
    await session.leave();
  } catch (error) {
    log.warn('entry', `leave failed: ${errorMessage(error)}`);
  }
  useMeetingStore.getState().leave();
  useLayoutStore.setState({ view: 'haircheck', selectedTool: 'NONE', connectingOverlayVisible: false });
}
