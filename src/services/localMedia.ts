/**
 * The moderator's own camera and microphone in the studio: opened with the remembered devices,
 * shown as the self card's feed, its level sampled for the mic icon, and its tracks switched off
 * when the self card is muted.
 */
import { errorMessage, log } from '../log';
import { useAudioLevels } from '../state/audioLevels';
import { BLUR_DEBOUNCE_MS, VOLUME_SAMPLE_MS } from '../state/limits';
import { blurPixels, blurredStream } from './cameraBlur';
import { useSettingsStore } from '../state/settingsStore';
import { useStageStore } from '../state/stageStore';
import { levelFromRms, rmsOf } from '../ui/micLevel';
import { media } from './media';
import { SELF_ID } from './stageSetup';

/** Constraints from the remembered devices and the audio settings (§3 Settings). */
function constraints(): MediaStreamConstraints {
  const { lastUsedDevices: devices, settings } = useSettingsStore.getState();
  return {
    video: { deviceId: devices.camera ? { ideal: devices.camera.deviceId } : undefined, width: { ideal: 1280 }, height: { ideal: 720 } },
    audio: {
      deviceId: devices.microphone ? { ideal: devices.microphone.deviceId } : undefined,
      echoCancellation: settings.echoCancellation,
      autoGainControl: settings.autoGain,
      channelCount: settings.stereoInput ? 2 : 1,
    },
  };
}

/** What reopening the devices depends on: a change of any of these restarts the local media. */
const mediaKey = () => {
  const { lastUsedDevices: d, settings: s } = useSettingsStore.getState();
  return JSON.stringify([d.camera?.deviceId, d.microphone?.deviceId, s.echoCancellation, s.autoGain, s.stereoInput]);
};
const blurKey = () => {
  const s = useSettingsStore.getState().settings;
  return s.cameraBlurActive || s.cameraVirtualBgActive ? blurPixels(s.cameraBlurRange, s.cameraVirtualBgActive) : 0;
};

/** Runs the local media for the studio and follows device and setting changes; returns the stop. */
export async function startLocalMedia(): Promise<() => void> {
  let stop = await openLocalMedia();
  let key = mediaKey();
  let blur = blurKey();
  let blurTimer: ReturnType<typeof setTimeout> | undefined;
  const restart = async () => {
    stop();
    stop = await openLocalMedia();
  };
  const unsubscribe = useSettingsStore.subscribe(() => {
    if (mediaKey() !== key) {
      key = mediaKey();
      blur = blurKey();
      void restart();
    } else if (blurKey() !== blur) {
      blur = blurKey();
      clearTimeout(blurTimer);
      blurTimer = setTimeout(() => void restart(), BLUR_DEBOUNCE_MS);
    }
  });
  return () => {
    clearTimeout(blurTimer);
    unsubscribe();
    stop();
  };
}

async function openLocalMedia(): Promise<() => void> {
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia(constraints());
  } catch (error) {
    log.warn('local-media', `camera and microphone unavailable in the studio: ${errorMessage(error)}`);
    return () => undefined;
  }
  const blurPx = blurKey();
  const blurred = blurPx > 0 ? blurredStream(stream, blurPx) : null;
  media.stream(SELF_ID, blurred?.stream ?? stream);

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
    blurred?.stop();
    stream.getTracks().forEach((t) => t.stop());
    media.stream(SELF_ID, null);
  };
}
