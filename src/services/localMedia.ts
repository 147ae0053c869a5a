/**
 * The moderator's own camera and microphone in the studio: opened with the remembered devices,
 * shown as the self card's feed, its level sampled for the mic icon, and its tracks switched off
 * when the self card is muted.
 */
import { errorMessage, log } from '../log';
import { useAudioLevels } from '../state/audioLevels';
import { VOLUME_SAMPLE_MS } from '../state/limits';
import { useSettingsStore } from '../state/settingsStore';
import { useStageStore } from '../state/stageStore';
import { levelFromRms, rmsOf } from '../ui/micLevel';
import { media } from './media';
import { SELF_ID } from './stageSetup';

export async function startLocalMedia(): Promise<() => void> {
  const devices = useSettingsStore.getState().lastUsedDevices;
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      video: { deviceId: devices.camera ? { ideal: devices.camera.deviceId } : undefined, width: { ideal: 1280 }, height: { ideal: 720 } },
      audio: { deviceId: devices.microphone ? { ideal: devices.microphone.deviceId } : undefined },
    });
  } catch (error) {
    log.warn('local-media', `camera and microphone unavailable in the studio: ${errorMessage(error)}`);
    return () => undefined;
  }
  media.stream(SELF_ID, stream);

  const applyMutes = () => {
    const self = useStageStore.getState().doc.producers.find((p) => p.id === SELF_ID);
    stream.getVideoTracks().forEach((t) => (t.enabled = !self?.videoMute));
    stream.getAudioTracks().forEach((t) => (t.enabled = !self?.audioMute));
  };
  applyMutes();
  const unsubscribe = useStageStore.subscribe(applyMutes);

  let stopLevels = () => undefined as void;
  if (stream.getAudioTracks().length && typeof AudioContext !== 'undefined') {
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    context.createMediaStreamSource(stream).connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    const timer = setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      const level = stream.getAudioTracks()[0]?.enabled ? levelFromRms(rmsOf(samples)) : 0;
      useAudioLevels.setState((s) => ({ levels: { ...s.levels, [SELF_ID]: level } }));
    }, VOLUME_SAMPLE_MS);
    const resume = () => void context.resume().catch(() => undefined);
    resume();
    window.addEventListener('pointerdown', resume, { once: true });
    stopLevels = () => {
      clearInterval(timer);
      void context.close().catch(() => undefined);
    };
  }

  return () => {
    unsubscribe();
    stopLevels();
    stream.getTracks().forEach((t) => t.stop());
    media.stream(SELF_ID, null);
  };
}
