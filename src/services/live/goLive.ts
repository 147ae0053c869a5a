/**
 * Going live (§2, §4): a countdown from 10, then the channel goes LIVE (its eventStatus: the one flag
 * every screen reads) and the go-live sound plays. END STREAM asks first; confirming resets the countdown, ends the live
 * state and plays the end sound; cancelling changes nothing. Failures show the §8 dialog and leave
 * the state as it was. A quality above what the server carries is asked about before the countdown
 * (issue 33): stream at the recommended quality, or go on anyway.
 */
import { errorMessage } from '../../log';
import { channelIsLive, channelStatusOf, GO_LIVE_COUNTDOWN_FROM, GO_LIVE_TICK_MS, goLiveStatus, nextBroadcastState, stopLiveStatus } from '../../state/live/broadcastRules';
import { initialBroadcastFlowState, useBroadcastStore } from '../../state/live/broadcastStore';
import { useMeetingStore } from '../../state/meetingStore';
import { useSettingsStore } from '../../state/settingsStore';
import { realClock, type Clock } from '../../lib/clock';
import { showError } from '../show/alerts';
import { sounds } from '../show/sounds';
import { liveAvailable } from './attempt';
import { useLiveStore } from '../../state/live/store';
import { checkGoLiveQuality, wantsVertical } from '../../state/live/qualityRules';
import type { StudioSession } from '../../state/session';

let tick: unknown = null;

function setChannelStatus(eventStatus: 'LIVE' | 'NEW') {
  useMeetingStore.setState((s) => ({ channel: s.channel ? { ...s.channel, eventStatus } : s.channel }));
}

export function startGoLiveCountdown(session: StudioSession, clock: Clock = realClock, now = Date.now): void {
  if (useBroadcastStore.getState().countdown !== null) return;
  if (!canGoLive()) return;
  const live = useLiveStore.getState();
  const check = checkGoLiveQuality(useSettingsStore.getState().settings.broadcastQuality, live.info, wantsVertical(live.destinations));
  if (check.kind === 'ask') {
    const { kind: _ask, ...question } = check;
    useBroadcastStore.setState({ qualityQuestion: question });
    return;
  }
  countDown(session, clock, now);
}

/**
 * The answer to GO LIVE's quality question: 'recommended' streams at the server's quality (and keeps it
 * as the moderator's choice, as Settings would), 'anyway' at the chosen one; 'cancel' goes nowhere.
 */
export function answerQualityQuestion(answer: 'recommended' | 'anyway' | 'cancel', session: StudioSession, clock: Clock = realClock, now = Date.now): void {
  const question = useBroadcastStore.getState().qualityQuestion;
  useBroadcastStore.setState({ qualityQuestion: null });
  if (!question || answer === 'cancel') return;
  useSettingsStore.getState().chooseQuality(answer === 'recommended' ? question.recommended : question.chosen);
  if (useBroadcastStore.getState().countdown === null && canGoLive()) countDown(session, clock, now);
}

function canGoLive(): boolean {
  try {
    goLiveStatus(useMeetingStore.getState().channel); // refuse before counting down, not after
    return true;
  } catch (error) {
    showError('UNKNOWN', { details: errorMessage(error) });
    return false;
  }
}

function countDown(session: StudioSession, clock: Clock, now: () => number): void {
  useBroadcastStore.setState({ countdown: GO_LIVE_COUNTDOWN_FROM, countdownStartedAt: now() });
  const step = () => {
    const left = (useBroadcastStore.getState().countdown ?? 0) - 1;
    if (left > 0) {
      useBroadcastStore.setState({ countdown: left });
      tick = clock.setTimeout(step, GO_LIVE_TICK_MS);
      return;
    }
    tick = null;
    void goLiveNow(session);
  };
  tick = clock.setTimeout(step, GO_LIVE_TICK_MS);
}

export function cancelGoLiveCountdown(clock: Clock = realClock): void {
  if (tick !== null) clock.clearTimeout(tick);
  tick = null;
  useBroadcastStore.setState({ countdown: null, countdownStartedAt: null });
}

async function goLiveNow(session: StudioSession): Promise<void> {
  const channel = useMeetingStore.getState().channel;
  try {
    goLiveStatus(channel);
    await session.goLive(channel!.uuid, { quality: useSettingsStore.getState().settings.broadcastQuality });
  } catch (error) {
    useBroadcastStore.setState({ countdown: null, countdownStartedAt: null });
    showError('UNKNOWN', { details: errorMessage(error) });
    return;
  }
  setChannelStatus('LIVE');
  // With a capture worker (issue 23) the studio server says when the stream flows (CONTAINER_SELECTION,
  // then LIVE): a LIVE set here could hide a state it sent before this answer.
  const serverSays = liveAvailable();
  useBroadcastStore.setState((s) => ({ countdown: null, countdownStartedAt: null, broadcastState: serverSays ? s.broadcastState : nextBroadcastState(s.broadcastState, { source: 'studio-server', state: 'LIVE' }) }));
  sounds.play('goLive');
}

/**
 * §4: a state event from the event platform or the studio server moves the broadcast state. The
 * studio server's also moves the channel's status: a broadcast another producer started is live here
 * too (END STREAM offered, not GO LIVE), and one the server ended (another producer's END STREAM, a
 * capture that could not go on) ends here, so END STREAM is not offered for a stream that is gone.
 */
export function applyBroadcastEvent(event: { source: 'event-platform' | 'studio-server'; state: string }): void {
  const next = nextBroadcastState(useBroadcastStore.getState().broadcastState, event);
  useBroadcastStore.setState({ broadcastState: next });
  if (event.source !== 'studio-server' || next !== event.state) return;
  const status = channelStatusOf(next);
  const live = channelIsLive(useMeetingStore.getState().channel);
  if (status === 'LIVE' && !live) setChannelStatus('LIVE');
  if (status === 'NEW' && live) {
    setChannelStatus('NEW');
    useBroadcastStore.setState({ endConfirmOpen: false });
  }
}

export const openEndStreamConfirm = () => useBroadcastStore.setState({ endConfirmOpen: true });
export const cancelEndStream = () => useBroadcastStore.setState({ endConfirmOpen: false });

export async function confirmEndStream(session: StudioSession, clock: Clock = realClock): Promise<void> {
  const channel = useMeetingStore.getState().channel;
  try {
    stopLiveStatus(channel);
    await session.stopLive(channel!.uuid);
  } catch (error) {
    useBroadcastStore.setState({ endConfirmOpen: false });
    showError('UNKNOWN', { details: errorMessage(error) });
    return;
  }
  cancelGoLiveCountdown(clock);
  setChannelStatus('NEW');
  useBroadcastStore.setState({ ...initialBroadcastFlowState(), broadcastState: 'TERMINATED' });
  sounds.play('endStream');
}
