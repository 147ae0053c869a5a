import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CameraEffect } from '../../src/services/media/cameraEffects';
import { EFFECTS_UNSUPPORTED_TEXT, startLocalMedia } from '../../src/services/media/localMedia';
import { media } from '../../src/services/media/elements';
import { backgroundById } from '../../src/services/assets/predefined';
import { predefinedBackgroundRef } from '../../src/services/channel/stageSetup';
import { SELF_ID } from '../../src/state/session';
import { BLUR_DEBOUNCE_MS } from '../../src/lib/limits';
import { useSettingsStore } from '../../src/state/settingsStore';
import { useAlertsStore, initialAlertsState } from '../../src/state/alertsStore';
import { edit } from '../../src/state/channel/store';

const started = vi.hoisted(() => ({ effects: [] as unknown[], fail: false }));
vi.mock('../../src/services/media/cameraEffectsClient', () => ({
  startEffectStream: vi.fn(async (_camera: MediaStream, effect: unknown) => {
    started.effects.push(effect);
    if (started.fail) throw new Error('this browser cannot process camera frames');
    return { stream: { id: `processed-${started.effects.length}`, getVideoTracks: () => [], getAudioTracks: () => [] }, stop: vi.fn() };
  }),
}));

const track = () => ({ enabled: true, stop: vi.fn() });
const camera = () => {
  const video = track();
  return { id: 'camera', getVideoTracks: () => [video], getAudioTracks: () => [], getTracks: () => [video] };
};
const shownStream = () => ((media.get(SELF_ID) as HTMLVideoElement | undefined)?.srcObject as unknown as { id: string } | null)?.id;
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('local camera effects (§3 Settings; §9: blur/virtual background changes queued with a 500 ms debounce)', () => {
  let stop: () => void;
  beforeEach(async () => {
    vi.useFakeTimers();
    started.effects = [];
    started.fail = false;
    useSettingsStore.getState().hydrate();
    useAlertsStore.setState(initialAlertsState());
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: vi.fn(async () => camera()) } });
    stop = await startLocalMedia();
    await settle();
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('the camera is shown raw with no effect; an effect starts 500 ms after the last change, once', async () => {
    expect(BLUR_DEBOUNCE_MS).toBe(500);
    expect(shownStream()).toBe('camera');
    useSettingsStore.getState().update({ cameraBlurActive: true });
    useSettingsStore.getState().update({ cameraBlurRange: 7 });
    await vi.advanceTimersByTimeAsync(BLUR_DEBOUNCE_MS - 1);
    useSettingsStore.getState().update({ cameraBlurRange: 8 });
    await vi.advanceTimersByTimeAsync(BLUR_DEBOUNCE_MS - 1);
    expect(started.effects).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(started.effects).toEqual([{ kind: 'blur', px: 16 } satisfies CameraEffect]);
    expect(shownStream()).toBe('processed-1');
  });

  it("the virtual background follows the show's background, or the chosen image", async () => {
    edit('Background', { group: 'BACKGROUND', action: 'SELECT' }, (doc) => void (doc.media.background = predefinedBackgroundRef('background-2')), { record: false });
    useSettingsStore.getState().update({ cameraVirtualBgActive: true });
    await vi.advanceTimersByTimeAsync(BLUR_DEBOUNCE_MS);
    expect(started.effects.at(-1)).toEqual({ kind: 'replace', px: 30, imageUrl: backgroundById('background-2')!.url });
    edit('Background', { group: 'BACKGROUND', action: 'SELECT' }, (doc) => void (doc.media.background = predefinedBackgroundRef('background-5')), { record: false });
    await vi.advanceTimersByTimeAsync(BLUR_DEBOUNCE_MS);
    expect(started.effects.at(-1)).toMatchObject({ imageUrl: backgroundById('background-5')!.url });
    useSettingsStore.getState().update({ cameraVirtualBgImage: 'background-9' });
    await vi.advanceTimersByTimeAsync(BLUR_DEBOUNCE_MS);
    expect(started.effects.at(-1)).toMatchObject({ imageUrl: backgroundById('background-9')!.url });
    expect(started.effects).toHaveLength(3);
  });

  it('§4: when effects cannot run, camera blur and the virtual background are switched off, the moderator is told, the raw camera stays', async () => {
    started.fail = true;
    useSettingsStore.getState().update({ cameraBlurActive: true, cameraVirtualBgActive: true });
    await vi.advanceTimersByTimeAsync(BLUR_DEBOUNCE_MS);
    await settle();
    expect(useSettingsStore.getState().settings).toMatchObject({ cameraBlurActive: false, cameraVirtualBgActive: false });
    expect(useAlertsStore.getState().infos.map((m) => m.text)).toEqual([EFFECTS_UNSUPPORTED_TEXT]);
    await vi.advanceTimersByTimeAsync(BLUR_DEBOUNCE_MS);
    expect(shownStream()).toBe('camera');
  });
});
