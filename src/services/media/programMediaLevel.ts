/**
 * The shared video's part of the program sound (issue 26: the program meter measures what the
 * audience hears, everyone on air and the shared video). While the channel has a foreground video,
 * its element's level is read every §9 VOLUME_SAMPLE_MS through programSound (the capture page's
 * mix, where the same element's sound goes on air) into useProgramMediaLevel; a paused or ended
 * video, or none, is 0. The studio's element stays inaudible: its sound goes to an analyser only.
 */
import { realClock, type Clock } from '../../lib/clock';
import { VOLUME_SAMPLE_MS } from '../../lib/limits';
import { useProgramMediaLevel } from '../../state/audioLevels';
import { useChannelStore } from '../../state/channel/store';
import { programSound } from './programSound';
import { sharedVideoElement } from './sharedVideoPlayer';

export function watchProgramMediaLevel(clock: Clock = realClock, read: (el: HTMLMediaElement) => number = programSound.level): () => void {
  let timer: unknown = null;
  const set = (level: number) => useProgramMediaLevel.getState().level !== level && useProgramMediaLevel.setState({ level });
  const sample = () => {
    timer = null;
    const el = sharedVideoElement();
    set(el && !el.paused && !el.ended ? read(el) : 0);
    if (useChannelStore.getState().doc.media.foregroundVideo) timer = clock.setTimeout(sample, VOLUME_SAMPLE_MS);
  };
  const follow = () => {
    if (useChannelStore.getState().doc.media.foregroundVideo) {
      if (timer === null) sample();
    } else {
      clock.clearTimeout(timer);
      timer = null;
      set(0);
    }
  };
  follow();
  const stop = useChannelStore.subscribe((s, prev) => s.doc.media.foregroundVideo !== prev.doc.media.foregroundVideo && follow());
  return () => {
    stop();
    clock.clearTimeout(timer);
    set(0);
  };
}
