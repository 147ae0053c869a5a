/**
 * §2 Shared-video player for the foreground video on stage: play/pause, loop, a seek bar that follows
 * playback every 190 ms (§9), replay, stop sharing, and what the video does when it ends (leave the
 * program or hold its last frame); 'Video is about to start... You will be muted.' until its first
 * frame plays (the moderator's microphone is muted as it starts) and 'Click to replay video' when it
 * ended with loop off and holds its last frame. §5 a seek outside 0..1 is ignored (the machine logs
 * it). Also the 'Screen Share Conflict' dialog (§4 CANCEL / CONTINUE).
 */
import { Pause, Play, Repeat, RotateCcw, Square } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { SEEK_BAR_PROGRESS_MS } from '../../lib/limits';
import { TEXTS } from '../../lib/texts';
import { continueSharing, sharedVideo, sharedVideoElement, stopSharing } from '../../services/media/sharedVideoPlayer';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Tooltip } from '../../ui/Tooltip';
import { VideoEndChoice } from './VideoEndChoice';

/** Steps of the seek bar: an arrow key moves 1 % of the video, Home and End go to its ends. */
const SEEK_STEPS = 100;

const clock = (sec: number) => {
  const s = Math.max(0, Math.floor(sec));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

export const useSharedVideo = () => useSyncExternalStore(sharedVideo.subscribe, sharedVideo.getState);

/** Where the element is, sampled every 190 ms while it plays (§9 seek bar progress). */
function usePosition(playing: boolean): { at: number; duration: number } {
  const read = () => {
    const el = sharedVideoElement();
    return { at: el?.currentTime ?? 0, duration: el && Number.isFinite(el.duration) ? el.duration : 0 };
  };
  const [position, setPosition] = useState(read);
  useEffect(() => {
    setPosition(read());
    if (!playing) return;
    const timer = setInterval(() => setPosition(read()), SEEK_BAR_PROGRESS_MS);
    return () => clearInterval(timer);
  }, [playing]);
  return position;
}

export function VideoPlayer({ name }: { name: string }) {
  const s = useSharedVideo();
  const playing = s.state === 'PLAYING';
  const { at, duration } = usePosition(playing);
  const shown = playing ? at : s.seekSec;
  const toggle = () => sharedVideo.togglePlay(sharedVideoElement()?.currentTime ?? s.seekSec);
  return (
    <section className="video-player" aria-label={`Shared video: ${name}`} data-state={s.state}>
      <div className="video-player-title">
        <span className="live-dot" aria-hidden /> Sharing <strong>{name}</strong>
      </div>
      {(s.state === 'OPEN' || (playing && at === 0)) && (
        <p className="video-player-note" role="status">
          {TEXTS.videoAboutToStart}
        </p>
      )}
      {s.replayable && (
        <button type="button" className="video-player-replay-overlay" onClick={() => sharedVideo.replay()}>
          <RotateCcw size={16} aria-hidden /> {TEXTS.clickToReplay}
        </button>
      )}
      <div className="video-player-controls">
        <Tooltip label={playing ? 'Pause' : 'Play'}>
          <button type="button" className="icon-button" aria-label={playing ? 'Pause' : 'Play'} onClick={toggle}>
            {playing ? <Pause size={18} aria-hidden /> : <Play size={18} aria-hidden />}
          </button>
        </Tooltip>
        <Tooltip label={s.loop ? 'Loop is on' : 'Loop is off'}>
          <button type="button" className={`icon-button${s.loop ? ' active' : ''}`} aria-label="Loop" aria-pressed={s.loop} onClick={() => sharedVideo.setLoop(!s.loop)}>
            <Repeat size={18} aria-hidden />
          </button>
        </Tooltip>
        <input
          type="range"
          className="seek-bar"
          aria-label="Seek"
          aria-valuetext={`${clock(shown)} of ${clock(duration)}`}
          min={0}
          max={SEEK_STEPS}
          value={duration ? Math.round((shown / duration) * SEEK_STEPS) : 0}
          disabled={!duration}
          onChange={(e) => sharedVideo.seek(Number(e.target.value) / SEEK_STEPS)}
        />
        <span className="video-player-time">
          {clock(shown)} / {clock(duration)}
        </span>
        <Tooltip label="Replay from the start">
          <button type="button" className="icon-button" aria-label="Replay" onClick={() => sharedVideo.replay()}>
            <RotateCcw size={18} aria-hidden />
          </button>
        </Tooltip>
        <Tooltip label="Stop sharing">
          <button type="button" className="icon-button" aria-label="Stop sharing" onClick={stopSharing}>
            <Square size={16} aria-hidden />
          </button>
        </Tooltip>
      </div>
      {s.video && <VideoEndChoice id={s.video.id} looping={s.loop} />}
    </section>
  );
}

export function ScreenShareConflictDialog() {
  const s = useSharedVideo();
  if (!s.conflict) return null;
  return (
    <ConfirmDialog title={TEXTS.screenShareConflict} confirmLabel={TEXTS.continue} danger={false} onConfirm={continueSharing} onCancel={() => sharedVideo.cancelConflict()} testId="screen-share-conflict">
      Someone else is presenting. Continue to stop their share and start this video.
    </ConfirmDialog>
  );
}
