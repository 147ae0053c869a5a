/**
 * The moderator's own camera and microphone in the studio: opened with the remembered devices,
 * shown as the self card's feed, its level sampled for the mic icon, and its tracks switched off
 * when the self card is muted.
 */
import { errorMessage, log } from '../../log';
import { useAudioLevels } from '../../state/audioLevels';
import { BLUR_DEBOUNCE_MS, VOLUME_SAMPLE_MS } from '../../lib/limits';
import { cameraEffectFor, sameEffect, type CameraEffect } from './cameraEffects';
import { startEffectStream } from './cameraEffectsClient';
import { createCameraFeed } from './cameraFeed';
import { virtualBackgroundImage } from '../assets/predefined';
import { info } from '../show/alerts';
import { useSettingsStore } from '../../state/settingsStore';
import { useCameraEffectStatus } from '../../state/media/cameraEffectStatus';
import { useChannelStore } from '../../state/channel/store';
import { levelFromRms, rmsOf } from '../../lib/micLevel';
import { media } from './elements';
import { SELF_ID } from '../../state/session';

/** Constraints from the remembered devices and the audio settings (§3 Settings). */
export function localMediaConstraints(): MediaStreamConstraints {
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
const wantedEffect = (): CameraEffect | null => {
  const { settings } = useSettingsStore.getState();
  const image = virtualBackgroundImage(settings.cameraVirtualBgImage, useChannelStore.getState().doc.media.background?.id ?? null);
  return cameraEffectFor(settings, image?.url ?? '');
};

export const EFFECTS_UNSUPPORTED_TEXT = 'Background effects are not supported on this device, so camera blur and the virtual background were switched off.';

/** §4: camera blur (and with it the virtual background) is switched off when it cannot run. */
function effectsUnsupported(): void {
  useSettingsStore.getState().update({ cameraBlurActive: false, cameraVirtualBgActive: false });
  info(EFFECTS_UNSUPPORTED_TEXT);
}

interface LocalMedia {
  /** Shows the camera through the effect the settings ask for now. */
  applyEffect(): void;
  stop(): void;
}

/** What the studio sends to the meeting: the camera as published (raw or through an effect) and the mic. */
export interface LocalTracks {
  video: MediaStreamTrack | null;
  audio: MediaStreamTrack | null;
}
let localTracks: LocalTracks = { video: null, audio: null };
const trackListeners = new Set<(tracks: LocalTracks) => void>();
function setLocalTracks(next: LocalTracks): void {
  if (next.video === localTracks.video && next.audio === localTracks.audio) return;
  localTracks = next;
  trackListeners.forEach((l) => l(next));
}

/** Follows the tracks the studio sends (the meeting publishes them); called at once with the current ones. */
export function followLocalTracks(listener: (tracks: LocalTracks) => void): () => void {
  trackListeners.add(listener);
  listener(localTracks);
  return () => trackListeners.delete(listener);
}

/** Runs the local media for the studio and follows device and setting changes; returns the stop. */
export async function startLocalMedia(): Promise<() => void> {
  let local = await openLocalMedia();
  let key = mediaKey();
  let effect = wantedEffect();
  let effectTimer: ReturnType<typeof setTimeout> | undefined;
  const restart = async () => {
    local.stop();
    local = await openLocalMedia();
  };
  // Effect changes (blur, range, virtual background, its image) are queued with the §9 debounce.
  const onChange = () => {
    if (mediaKey() !== key) {
      key = mediaKey();
      effect = wantedEffect();
      void restart();
    } else if (!sameEffect(wantedEffect(), effect)) {
      effect = wantedEffect();
      clearTimeout(effectTimer);
      effectTimer = setTimeout(() => local.applyEffect(), BLUR_DEBOUNCE_MS);
    }
  };
  const unsubscribeSettings = useSettingsStore.subscribe(onChange);
  const unsubscribeStage = useChannelStore.subscribe(onChange);
  return () => {
    clearTimeout(effectTimer);
    unsubscribeSettings();
    unsubscribeStage();
    local.stop();
  };
}

async function openLocalMedia(): Promise<LocalMedia> {
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia(localMediaConstraints());
  } catch (error) {
    log.warn('local-media', `camera and microphone unavailable in the studio: ${errorMessage(error)}`);
    return { applyEffect: () => undefined, stop: () => undefined };
  }
  // The camera as sent: raw, or the processed track of a background effect (muted alike).
  let published = stream;
  const applyMutes = () => {
    const self = useChannelStore.getState().doc.producers.find((p) => p.id === SELF_ID);
    [...stream.getVideoTracks(), ...published.getVideoTracks()].forEach((t) => (t.enabled = !self?.videoMute));
    stream.getAudioTracks().forEach((t) => (t.enabled = !self?.audioMute));
  };
  const feed = createCameraFeed(stream, {
    publish: (next) => {
      published = next;
      applyMutes();
      media.stream(SELF_ID, next);
      setLocalTracks({ video: next.getVideoTracks()[0] ?? null, audio: stream.getAudioTracks()[0] ?? null });
    },
    startEffect: startEffectStream,
    unsupported: effectsUnsupported,
    starting: (starting) => useCameraEffectStatus.setState({ starting }),
  });
  const applyEffect = () => void feed.apply(wantedEffect());
  applyEffect();
  applyMutes();
  const unsubscribe = useChannelStore.subscribe(applyMutes);

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

  return {
    applyEffect,
    stop() {
      unsubscribe();
      stopLevels();
      feed.stop();
      stream.getTracks().forEach((t) => t.stop());
      media.stream(SELF_ID, null);
      setLocalTracks({ video: null, audio: null });
    },
  };
}
