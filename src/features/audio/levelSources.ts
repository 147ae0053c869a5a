/**
 * Where the meters' levels come from: the §9 samples of src/state/audioLevels (a guest's real
 * track in backend mode, the simulated voice in the demo, the moderator's own microphone). A muted
 * person reads 0. The program is what the audience hears: everyone on air and the shared video's
 * sound (useProgramMediaLevel), mixed by power (mixLevel).
 */
import { isContentShare } from '../../../compositor/layout';
import { mixLevel } from '../../lib/micLevel';
import { useAudioLevels, useProgramMediaLevel } from '../../state/audioLevels';
import { useChannelStore } from '../../state/channel/store';
import { wakeMeters } from './meterLoop';

const cards = () => useChannelStore.getState().doc.producers;
const sampled = (id: string) => useAudioLevels.getState().levels[id] ?? 0;

export function cardLevel(id: string): number {
  const card = cards().find((p) => p.id === id);
  return !card || card.audioMute ? 0 : sampled(id);
}

export function programLevel(): number {
  const people = cards().filter((p) => p.isLive && !p.audioMute && !isContentShare(p)).map((p) => sampled(p.id));
  const video = useProgramMediaLevel.getState().level;
  const heard = video > 0 ? [...people, video] : people;
  return heard.length ? mixLevel(heard) : 0;
}

/** A new sample or a mute wakes the meters' loop (it sleeps while nothing moves). */
let following = false;
export function followLevels(): void {
  if (following) return;
  following = true;
  useAudioLevels.subscribe(wakeMeters);
  useProgramMediaLevel.subscribe(wakeMeters);
  useChannelStore.subscribe((s, prev) => s.doc.producers !== prev.doc.producers && wakeMeters());
}
