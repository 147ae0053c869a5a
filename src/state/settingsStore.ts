/**
 * Settings (local) of §3 with the defaults of §9, persisted through the storage module. A stored
 * field of the wrong type is ignored field by field, so one bad value never resets the rest.
 */
import { create } from 'zustand';
import { immer } from 'zustand/middleware/immer';
import { readKey, writeKey, STORAGE_KEYS, type LastUsedDevices } from './storage';

/** §9 Broadcast quality. */
export const BROADCAST_QUALITIES = [
  { value: '1080p', label: 'Full HD' },
  { value: '720p', label: 'High Definition' },
  { value: '560p', label: 'Low Definition' },
] as const;
export type BroadcastQuality = (typeof BROADCAST_QUALITIES)[number]['value'];

export interface Settings {
  disableVideoOnGuestEnter: boolean;
  muteMicOnGuestEnter: boolean;
  shareByModeratorOnly: boolean;
  echoCancellation: boolean;
  stereoInput: boolean;
  autoGain: boolean;
  manualGain: number;
  automaticAddStreamSharedScreen: boolean;
  showAdvancedSettings: boolean;
  shiftVideosUp: boolean;
  playSoundFx: boolean;
  cameraBlurActive: boolean;
  cameraBlurRange: number;
  cameraVirtualBgActive: boolean;
  /** The image that replaces the room: VIRTUAL_BG_STAGE (the show's own background) or a predefined background id. */
  cameraVirtualBgImage: string;
  broadcastQuality: BroadcastQuality;
  /** Whether the moderator picked the quality (Settings, the GO LIVE question); if not, it follows what the server carries (issue 33). */
  broadcastQualityChosen: boolean;
}

/** The virtual background follows the stage's background unless another image is chosen. */
export const VIRTUAL_BG_STAGE = 'stage';
const VIRTUAL_BG_IMAGE = /^(stage|background-\d+)$/;

/** §9 Defaults. */
export const DEFAULT_SETTINGS: Settings = {
  disableVideoOnGuestEnter: false,
  muteMicOnGuestEnter: true,
  shareByModeratorOnly: false,
  echoCancellation: true,
  stereoInput: false,
  autoGain: true,
  manualGain: 10,
  automaticAddStreamSharedScreen: true,
  showAdvancedSettings: false,
  shiftVideosUp: true,
  playSoundFx: true,
  cameraBlurActive: false,
  cameraBlurRange: 5,
  cameraVirtualBgActive: false,
  cameraVirtualBgImage: VIRTUAL_BG_STAGE,
  broadcastQuality: '1080p',
  broadcastQualityChosen: false,
};

/** Keeps each stored field whose type matches the default's; the rest take the default. */
export function decodeSettings(stored: Record<string, unknown>): Settings {
  const out: Settings = { ...DEFAULT_SETTINGS };
  for (const name of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
    const value = stored[name];
    if (typeof value !== typeof DEFAULT_SETTINGS[name]) continue;
    if (name === 'broadcastQuality' && !BROADCAST_QUALITIES.some((q) => q.value === value)) continue;
    if (name === 'cameraVirtualBgImage' && !VIRTUAL_BG_IMAGE.test(value as string)) continue;
    (out as unknown as Record<string, unknown>)[name] = value;
  }
  return out;
}

export interface SettingsState {
  settings: Settings;
  lastUsedDevices: LastUsedDevices;
  /** Per-effect sound toggles, keyed by effect; a missing key means on. */
  soundToggles: Record<string, boolean>;
}

export interface SettingsActions {
  update(patch: Partial<Settings>): void;
  /** The moderator picks a quality: it stays, whatever the server recommends. */
  chooseQuality(quality: BroadcastQuality): void;
  /** What the server carries becomes the quality, unless the moderator chose one (issue 33). */
  followServerQuality(recommended: BroadcastQuality): void;
  rememberDevices(patch: LastUsedDevices): void;
  setSoundToggle(effect: string, on: boolean): void;
  /** Re-reads local storage (tests, another tab). */
  hydrate(): void;
}

const readState = (): SettingsState => ({
  settings: decodeSettings(readKey(STORAGE_KEYS.settings)),
  lastUsedDevices: readKey(STORAGE_KEYS.lastUsedDevices),
  soundToggles: readKey(STORAGE_KEYS.soundToggles),
});

export const useSettingsStore = create<SettingsState & SettingsActions>()(
  immer((set, get) => ({
    ...readState(),
    update: (patch) => {
      set((s) => void Object.assign(s.settings, patch));
      writeKey(STORAGE_KEYS.settings, { ...get().settings });
    },
    chooseQuality: (quality) => get().update({ broadcastQuality: quality, broadcastQualityChosen: true }),
    followServerQuality: (recommended) => {
      const { broadcastQuality, broadcastQualityChosen } = get().settings;
      if (!broadcastQualityChosen && broadcastQuality !== recommended) get().update({ broadcastQuality: recommended });
    },
    rememberDevices: (patch) => {
      set((s) => void Object.assign(s.lastUsedDevices, patch));
      writeKey(STORAGE_KEYS.lastUsedDevices, { ...get().lastUsedDevices });
    },
    setSoundToggle: (effect, on) => {
      set((s) => void (s.soundToggles[effect] = on));
      writeKey(STORAGE_KEYS.soundToggles, { ...get().soundToggles });
    },
    hydrate: () => set(() => readState()),
  })),
);
