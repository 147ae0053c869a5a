/** Samples the microphone level every 333 ms (§9) from a MediaStream's audio track. */
import { useEffect, useState } from 'react';
import { VOLUME_SAMPLE_MS } from '../../lib/limits';
import { levelFromRms, rmsOf } from '../../lib/micLevel';

export function useMicLevel(stream: MediaStream | null): number {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    if (!stream || stream.getAudioTracks().length === 0 || typeof AudioContext === 'undefined') {
      setLevel(0);
      return;
    }
    const context = new AudioContext();
    const source = context.createMediaStreamSource(stream);
    const analyser = context.createAnalyser();
    analyser.fftSize = 2048;
    source.connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    // A context made before any click may start suspended; the first interaction wakes it.
    const resume = () => void context.resume().catch(() => undefined);
    resume();
    window.addEventListener('pointerdown', resume);
    window.addEventListener('keydown', resume);
    const timer = setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      setLevel(levelFromRms(rmsOf(samples)));
    }, VOLUME_SAMPLE_MS);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pointerdown', resume);
      window.removeEventListener('keydown', resume);
      source.disconnect();
      void context.close().catch(() => undefined);
    };
  }, [stream]);
  return level;
}
