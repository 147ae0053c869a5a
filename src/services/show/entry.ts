/**
 * The demo page's phase flow (§2): haircheck → connecting overlay → connect → initialize the
 * studio → after 100 ms the studio shows and the overlay hides. A connect failure is logged only
 * and the screen stays in haircheck (§8); a failure while initializing shows the init phase's
 * 'An error occurred: {message}'.
 */
import { errorMessage, log } from '../../log';
import { realWait } from '../../lib/clock';
import { DEMO_SWITCH_DELAY_MS } from '../../lib/limits';
import { initialToolOnStudioOpen, useScreenStore } from '../../state/screenStore';
import { useMeetingStore } from '../../state/meetingStore';
import { sounds } from './sounds';
import { backend } from '../../state/backend';
import type { Connection } from '../../state/session';
import { useAudioLevels } from '../../state/audioLevels';
import { loadStage } from '../channel/stageSetup';
import { watchChannelMedia } from '../media/channelMedia';
import { startStageSync } from '../channel/stageSync';
import { startRundown } from '../rundown/rundownSession';
import { startLocalMedia } from '../media/localMedia';
import { media } from '../media/elements';
import { syncChatOverlay } from '../channel/chatOverlay';
import { syncShiftVideosUp } from '../channel/shiftVideosUp';
import { loadAssetLibrary, persistBrandSettings } from '../channel/graphicsSetup';
import { startSharedVideo } from '../media/sharedVideoPlayer';
import { tourActions } from '../../state/tourStore';
import { startAudience } from './audience';
import { showError } from './alerts';
import { startLive } from '../live/liveSession';
import { watchSilence } from '../media/silenceWatch';
import { watchProgramMediaLevel } from '../media/programMediaLevel';

export type Wait = (ms: number) => Promise<void>;

/** What runs while the studio is open (channel sync, audio levels, audience, own camera). */
let running: (() => Promise<void> | void)[] = [];

/** Puts what the connection returned into the stores: one step, so panels never see half of it. */
export function initializeStudio(connection: Connection): void {
  const b = backend();
  useMeetingStore.getState().applyConnection(connection);
  useScreenStore.setState({ eventName: connection.eventInformation.eventTitle, selectedTool: initialToolOnStudioOpen() });
  loadStage(connection.stage.doc);
  tourActions.openWelcomeIfNew();
  running = [
    watchChannelMedia(),
    startStageSync(connection.channel, connection.stage.server),
    startRundown(connection.channel.uuid),
    b.meeting.subscribeAudioLevels((levels) => useAudioLevels.setState((s) => ({ levels: { ...s.levels, ...levels } }))),
    startAudience(b, connection),
    syncChatOverlay(),
    syncShiftVideosUp(),
    persistBrandSettings(),
    startSharedVideo(),
    startLive(),
    watchSilence(),
    watchProgramMediaLevel(),
  ];
  void loadAssetLibrary();
  if ('mediaDevices' in navigator) void startLocalMedia().then((stop) => running.push(stop));
  if (b.meeting.live) running.push(b.meeting.live.start());
}

async function stopStudio(): Promise<void> {
  const stops = running;
  running = [];
  await Promise.all(stops.map((stop) => stop()));
  media.clear();
}

export type EnterResult = 'entered' | 'connect-failed' | 'init-failed' | 'busy';

export async function enterStudio(code: string, wait: Wait = realWait): Promise<EnterResult> {
  const layout = useScreenStore.getState();
  if (useScreenStore.getState().connectingOverlayVisible || useScreenStore.getState().view === 'event') return 'busy';
  performance.mark('entry:proceed'); // the entry benchmark reads the entry:* and compositor:* marks
  layout.setConnectingOverlay(true);
  useMeetingStore.getState().setConnexionState('CONNECTING');

  let connection: Connection;
  try {
    connection = await backend().session.connect(code);
    performance.mark('entry:connected');
  } catch (error) {
    log.warn('entry', `connect failed: ${errorMessage(error)}`);
    // §8: the demo's connect failure is logged only; joining a real event says why it failed.
    if (backend().session.capabilities.joinFailureDialog) showError('UNKNOWN', { details: `The event could not be joined: ${errorMessage(error)}` });
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
  performance.mark('entry:studio');
  useScreenStore.setState({ view: 'event', connectingOverlayVisible: false });
  return 'entered';
}

/** Confirmed exit (§2): exit sound, leave the meeting, reset the session state. */
export async function leaveStudio(): Promise<void> {
  sounds.play('exit');
  useScreenStore.getState().setExitDialogOpen(false);
  await stopStudio(); // flushes a pending channel save before the meeting ends
  try {
    await backend().session.leave();
  } catch (error) {
    log.warn('entry', `leave failed: ${errorMessage(error)}`);
  }
  useMeetingStore.getState().leave();
  useScreenStore.setState({ view: 'haircheck', selectedTool: 'NONE', connectingOverlayVisible: false });
}
