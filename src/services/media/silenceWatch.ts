/**
 * The silent sign (issue 26): follows every level sample and, every SILENCE_CHECK_MS, lists the
 * on-air people with an open mic who made no sound for SILENT_ON_AIR_MS (a muted one gets the muted
 * sign from the card instead). Returns the stop.
 */
import { isContentShare } from '../../../compositor/layout';
import { realClock, type Clock } from '../../lib/clock';
import { SILENCE_CHECK_MS } from '../../lib/limits';
import { createSilenceTracker } from '../../lib/meterMath';
import { useAudioLevels, useSilentOnAir } from '../../state/audioLevels';
import { useChannelStore } from '../../state/channel/store';

export function watchSilence(clock: Clock = realClock): () => void {
  const tracker = createSilenceTracker();
  const stopLevels = useAudioLevels.subscribe((s) => {
    const now = Date.now();
    for (const [id, level] of Object.entries(s.levels)) tracker.hear(id, level, now);
  });
  let timer: unknown = null;
  const check = () => {
    const open = useChannelStore.getState().doc.producers.filter((p) => p.isLive && !p.audioMute && !isContentShare(p));
    const ids = tracker.silent(open.map((p) => p.id), Date.now());
    const before = useSilentOnAir.getState().ids;
    if (ids.length !== before.length || ids.some((id, i) => id !== before[i])) useSilentOnAir.setState({ ids });
    timer = clock.setTimeout(check, SILENCE_CHECK_MS);
  };
  check();
  return () => {
    clock.clearTimeout(timer);
    stopLevels();
    useSilentOnAir.setState({ ids: [] });
  };
}
