/**
 * The one typed door to local storage (§9 Local storage keys). Every key has a decoder; a value
 * that is missing, corrupt or unknown falls back to the key's default, and a storage that throws
 * (private mode, quota) never breaks the app.
 */
import { isSidePanel, type SidePanel } from './sidePanel';
import { LOWER_THIRD_THEMES, type BrandSettings } from '../../compositor/model/types';
import { DEFAULT_PRIMARY_COLOR } from '../../compositor/model/constants';
import { isOneOf } from '../../compositor/model/json';
import { MAX_USER_COLORS, VIDEO_END_HOLD_MAX } from '../lib/limits';
import type { KeyedRundown } from './rundown/keyed';

/** A colour as the brand settings keep it: #RRGGBB. */
export const isHexColor = (v: unknown): v is string => typeof v === 'string' && /^#[0-9a-f]{6}$/i.test(v);

/** §3 Brand settings defaults: name tags on, #0D62C5, lower_third1. */
export const DEFAULT_BRAND_SETTINGS: BrandSettings = { nametagsActive: true, primaryColor: DEFAULT_PRIMARY_COLOR, selectedTheme: 'lower_third1' };

export interface StorageKey<T> {
  readonly name: string;
  readonly fallback: T;
  decode(raw: string): T | undefined;
  encode(value: T): string;
}

function key<T>(name: string, fallback: T, decode: (raw: string) => T | undefined, encode: (v: T) => string): StorageKey<T> {
  return { name, fallback, decode, encode };
}

/** A JSON value checked by `accept`; anything else decodes to undefined. */
function jsonKey<T>(name: string, fallback: T, accept: (v: unknown) => T | undefined): StorageKey<T> {
  return key(
    name,
    fallback,
    (raw) => {
      try {
        return accept(JSON.parse(raw));
      } catch {
        return undefined;
      }
    },
    (v) => JSON.stringify(v),
  );
}

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A device remembered from the last session (§3 Settings: name plus resolution for the camera). */
export interface RememberedDevice {
  deviceId: string;
  name: string;
}
export interface LastUsedDevices {
  camera?: RememberedDevice;
  microphone?: RememberedDevice;
  speaker?: RememberedDevice;
  resolution?: string;
}

function acceptDevice(v: unknown): RememberedDevice | undefined {
  return isRecord(v) && typeof v.deviceId === 'string' && typeof v.name === 'string' ? { deviceId: v.deviceId, name: v.name } : undefined;
}

function acceptLastUsedDevices(v: unknown): LastUsedDevices | undefined {
  if (!isRecord(v)) return undefined;
  const out: LastUsedDevices = {};
  const camera = acceptDevice(v.camera);
  const microphone = acceptDevice(v.microphone);
  const speaker = acceptDevice(v.speaker);
  if (camera) out.camera = camera;
  if (microphone) out.microphone = microphone;
  if (speaker) out.speaker = speaker;
  if (typeof v.resolution === 'string') out.resolution = v.resolution;
  return out;
}

function acceptStringRecord(v: unknown): Record<string, string> | undefined {
  if (!isRecord(v)) return undefined;
  const out: Record<string, string> = {};
  for (const [k, value] of Object.entries(v)) if (typeof value === 'string') out[k] = value;
  return out;
}

function acceptBooleanRecord(v: unknown): Record<string, boolean> | undefined {
  if (!isRecord(v)) return undefined;
  const out: Record<string, boolean> = {};
  for (const [k, value] of Object.entries(v)) if (typeof value === 'boolean') out[k] = value;
  return out;
}

function acceptBrandSettings(v: unknown): BrandSettings | undefined {
  if (!isRecord(v)) return undefined;
  const d = DEFAULT_BRAND_SETTINGS;
  return {
    nametagsActive: typeof v.nametagsActive === 'boolean' ? v.nametagsActive : d.nametagsActive,
    primaryColor: isHexColor(v.primaryColor) ? v.primaryColor : d.primaryColor,
    selectedTheme: isOneOf(LOWER_THIRD_THEMES, v.selectedTheme) ? v.selectedTheme : d.selectedTheme,
  };
}

export const STORAGE_KEYS = {
  /** 'true' once the tour was finished with DONE (§4 Welcome/tour). */
  tutorialCompleted: key<boolean>('tutorialCompleted', false, (raw) => raw === 'true', (v) => String(v)),
  /** §2: the selected tool; an unknown stored value falls back to NONE. */
  selectedTool: key<SidePanel>('selectedTool', 'NONE', (raw) => (isSidePanel(raw) ? raw : undefined), (v) => v),
  lastUsedDevices: jsonKey<LastUsedDevices>('lastUsedDevices', {}, acceptLastUsedDevices),
  /** §3 Settings (local); decoded field by field by the settings store. */
  settings: jsonKey<Record<string, unknown>>('settings', {}, (v) => (isRecord(v) ? v : undefined)),
  /** Per-effect sound toggles (§9: ten studio sound effects each toggleable). */
  soundToggles: jsonKey<Record<string, boolean>>('soundToggles', {}, acceptBooleanRecord),
  /** Selected tab per panel (host chat, people, settings, poll, q&a). */
  selectedTabs: jsonKey<Record<string, string>>('selectedTabs', {}, acceptStringRecord),
  /** Graphics sections open/closed (§2 Graphics panel 'tools-state'). */
  toolsState: jsonKey<Record<string, boolean>>('tools-state', {}, acceptBooleanRecord),
  /** The chat emoji picker's skin tone (frimousse's tone names); remembered like any picker does. */
  emojiSkinTone: key<string>('emojiSkinTone', 'none', (raw) => (/^(none|light|medium-light|medium|medium-dark|dark)$/.test(raw) ? raw : undefined), (v) => v),
  /** §3 Brand settings, persisted in local storage (each field checked; a bad one takes its default). */
  brandSettings: jsonKey<BrandSettings>('brandSettings', DEFAULT_BRAND_SETTINGS, acceptBrandSettings),
  /** Foreground videos that hold their last frame when they end (the others leave the program); ours, in §9's asset lists. */
  videoEndHold: jsonKey<string[]>('videoEndHold', [], (v) => (Array.isArray(v) ? v.filter((id): id is string => typeof id === 'string').slice(-VIDEO_END_HOLD_MAX) : undefined)),
  /** §3 user colours (up to 28, newest first). */
  userColors: jsonKey<string[]>('userColors', [], (v) => (Array.isArray(v) ? v.filter(isHexColor).slice(0, MAX_USER_COLORS) : undefined)),
  /**
   * Remember me (§7): the username only. The SPEC's "stores username and password locally" is not
   * followed for the password (RELIABILITY-NOTES §2.2: OWASP and ASVS forbid it); the browser's
   * password manager remembers that, and the sign-in form says so.
   */
  rememberedUsername: key<string>('rememberedUsername', '', (raw) => (raw.length <= 200 ? raw : undefined), (v) => v),
} as const;

/**
 * The demo channel's rundown (issue 25), as its keyed document, one key per channel: it lives in this
 * browser, shared by its tabs. Each value is checked when the rundown is read (rundownFromKeyed).
 */
export const rundownKey = (uuid: string): StorageKey<KeyedRundown> => jsonKey<KeyedRundown>(`rundown:${uuid}`, {}, (v) => (isRecord(v) ? (v as KeyedRundown) : undefined));

/** Removes a key (sign-out forgets the remembered username when remember me is off). */
export function removeKey(k: StorageKey<unknown>): void {
  try {
    store()?.removeItem(k.name);
  } catch {
    // nothing stored, nothing to remove
  }
}

function store(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function readKey<T>(k: StorageKey<T>): T {
  try {
    const raw = store()?.getItem(k.name);
    if (raw == null) return k.fallback;
    return k.decode(raw) ?? k.fallback;
  } catch {
    return k.fallback;
  }
}

export function writeKey<T>(k: StorageKey<T>, value: T): void {
  try {
    store()?.setItem(k.name, k.encode(value));
  } catch {
    // Quota or privacy mode: the in-memory state stays right; persistence is best effort.
  }
}
