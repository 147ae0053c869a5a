import { beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeSettings, DEFAULT_SETTINGS, useSettingsStore } from '../../src/state/settingsStore';
import { createSoundService, isSoundEnabled, SOUND_EFFECTS, soundUrl, type SoundPlayer } from '../../src/services/show/sounds';

beforeEach(() => useSettingsStore.getState().hydrate());

describe('settings defaults (§9)', () => {
  it.each([
    ['manualGain', 10],
    ['cameraBlurRange', 5],
    ['muteMicOnGuestEnter', true],
    ['playSoundFx', true],
    ['shiftVideosUp', true],
    ['automaticAddStreamSharedScreen', true],
    ['cameraBlurActive', false],
    ['cameraVirtualBgActive', false],
    ['broadcastQuality', '1080p'],
  ] as const)('%s defaults to %j', (name, value) => {
    expect(DEFAULT_SETTINGS[name]).toBe(value);
  });

  it('keeps valid stored fields and drops the wrongly typed ones', () => {
    const s = decodeSettings({ manualGain: 7, playSoundFx: 'yes', broadcastQuality: '4k', echoCancellation: false });
    expect(s.manualGain).toBe(7);
    expect(s.playSoundFx).toBe(true);
    expect(s.broadcastQuality).toBe('1080p');
    expect(s.echoCancellation).toBe(false);
  });

  it('persists updates and reads them back', () => {
    useSettingsStore.getState().update({ broadcastQuality: '720p' });
    useSettingsStore.setState({ settings: DEFAULT_SETTINGS });
    useSettingsStore.getState().hydrate();
    expect(useSettingsStore.getState().settings.broadcastQuality).toBe('720p');
  });
});

describe('sound service (§9 ten effects)', () => {
  it('has ten effects, each with a generated file', () => {
    expect(SOUND_EFFECTS).toHaveLength(10);
    for (const e of SOUND_EFFECTS) expect(soundUrl(e.key)).toBeTruthy();
  });

  it('honours the effect toggle and the global flag', () => {
    expect(isSoundEnabled('popup')).toBe(true);
    useSettingsStore.getState().setSoundToggle('popup', false);
    expect(isSoundEnabled('popup')).toBe(false);
    expect(isSoundEnabled('exit')).toBe(true);
    useSettingsStore.getState().update({ playSoundFx: false });
    expect(isSoundEnabled('exit')).toBe(false);
  });

  it('never overlaps the same effect: playing again restarts it', async () => {
    const players: (SoundPlayer & { play: ReturnType<typeof vi.fn> })[] = [];
    const service = createSoundService({
      isEnabled: () => true,
      createPlayer: () => {
        const p = { currentTime: 0, paused: true, play: vi.fn(async () => void (p.paused = false)) };
        players.push(p);
        return p;
      },
    });
    service.play('error');
    await Promise.resolve();
    await Promise.resolve();
    players[0]!.currentTime = 0.5;
    service.play('error');
    await Promise.resolve();
    expect(players).toHaveLength(1);
    expect(players[0]!.play).toHaveBeenCalledTimes(1);
    expect(players[0]!.currentTime).toBe(0);
  });

  it('a disabled effect does not play', () => {
    const createPlayer = vi.fn();
    const service = createSoundService({ isEnabled: () => false, createPlayer });
    expect(service.play('goLive')).toBe(false);
    expect(createPlayer).not.toHaveBeenCalled();
  });

  it('a refused play() is logged, never thrown', async () => {
    const service = createSoundService({
      isEnabled: () => true,
      createPlayer: () => ({ currentTime: 0, paused: true, play: () => Promise.reject(new DOMException('no', 'NotAllowedError')) }),
    });
    expect(() => service.play('exit')).not.toThrow();
    await new Promise((r) => setTimeout(r, 0));
  });
});
