/**
 * §4/§9 speaker test: plays a test sound on the chosen speaker for up to 4 s, or until clicked
 * again. The timer is injectable so unit tests run it on fake time.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage, log } from '../../log';
import { SPEAKER_TEST_MS } from '../../lib/limits';

type SinkAudio = HTMLAudioElement & { setSinkId?: (id: string) => Promise<void> };

const SPEAKER_TEST_URL = new URL('../../../assets/sounds/speaker-test.ogg', import.meta.url).href;

export function useSpeakerTest(speakerId: string | null) {
  const [playing, setPlaying] = useState(false);
  const audio = useRef<SinkAudio | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const stop = useCallback(() => {
    clearTimeout(timer.current);
    audio.current?.pause();
    setPlaying(false);
  }, []);

  const start = useCallback(async () => {
    const el: SinkAudio = audio.current ?? (audio.current = new Audio(SPEAKER_TEST_URL));
    el.loop = true;
    el.currentTime = 0;
    try {
      if (speakerId && el.setSinkId) await el.setSinkId(speakerId);
      setPlaying(true);
      timer.current = setTimeout(stop, SPEAKER_TEST_MS);
      await el.play();
    } catch (error) {
      log.info('speaker-test', `could not play the test sound: ${errorMessage(error)}`);
    }
  }, [speakerId, stop]);

  const toggle = useCallback(() => (playing ? stop() : void start()), [playing, start, stop]);

  useEffect(() => stop, [stop, speakerId]);

  return { playing, toggle };
}
