/**
 * §2 REC indicator. In the demo it opens the registration pop-up (lit while live, which the demo never
 * is). In backend mode it is lit while the broadcast is being recorded (the worker's status, issue 23)
 * and opens the recordings.
 */
import { isRecording } from '../../state/live/rules';
import { useLiveStore } from '../../state/live/store';
import { useChannelLive } from '../../state/live/broadcastStore';
import { useScreenStore } from '../../state/screenStore';
import { Tooltip } from '../../ui/Tooltip';
import { LIVE_TEXTS } from '../live/texts';

export function RecIndicator({ backendLive, demo }: { backendLive: boolean; demo: boolean }) {
  const live = useChannelLive();
  const recording = useLiveStore((s) => isRecording(s.status));
  if (!backendLive) {
    return (
      <Tooltip label="Record this event">
        <button type="button" className={`rec-indicator${live ? ' recording' : ''}`} aria-pressed={live} data-testid="rec-indicator" onClick={demo ? useScreenStore.getState().showRegisterPopup : undefined}>
          <span className="rec-dot" aria-hidden /> REC
        </button>
      </Tooltip>
    );
  }
  return (
    <Tooltip label={recording ? LIVE_TEXTS.recTip : LIVE_TEXTS.recIdleTip}>
      <button type="button" className={`rec-indicator${recording ? ' recording' : ''}`} data-testid="rec-indicator" data-recording={recording} onClick={() => useLiveStore.getState().openDialog('recordings')}>
        <span className="rec-dot" aria-hidden /> REC{recording && <span className="visually-hidden"> {LIVE_TEXTS.recordingStates.recording}</span>}
      </button>
    </Tooltip>
  );
}
