/**
 * The one sound service (§9: ten studio sound effects, each toggleable, plus the global flag).
 * The same effect never overlaps itself: playing it again restarts it. A browser that refuses to
 * play (autoplay policy, no output device) is logged, never raised.
 */
import { log, errorMessage } from '../../log';
import { useSettingsStore } from '../../state/settingsStore';

export const SOUND_EFFECTS = [
  { key: 'goLive', label: 'Go live', file: 'go-live' },
  { key: 'endStream', label: 'End stream', file: 'end-stream' },
  { key: 'error', label: 'Error', file: 'error' },
  { key: 'guestPresentersBackstage', label: 'Guest presenters backstage', file: 'guest-backstage' },
  { key: 'guestsAdded', label: 'Guests added', file: 'guests-added' },
  { key: 'record', label: 'Record', file: 'record' },
  { key: 'popup', label: 'Popup', file: 'popup' },
  { key: 'deletePreset', label: 'Delete preset', file: 'delete-preset' },
  { key: 'toggleStageView', label: 'Toggle stage view', file: 'toggle-stage-view' },
  { key: 'exit', label: 'Exit', file: 'exit' },
] as const;
export type SoundEffect = (typeof SOUND_EFFECTS)[number]['key'];

/** Vite resolves each file at build time, so every effect ships with a hashed URL. */
const SOUND_URLS = import.meta.glob('../../../assets/sounds/*.ogg', { eager: true, query: '?url', import: 'default' }) as Record<string, string>;

export function soundUrl(effect: SoundEffect): string | undefined {
  const file = SOUND_EFFECTS.find((e) => e.key === effect)?.file;
  return SOUND_URLS[`../../../assets/sounds/${file}.ogg`];
}

export interface SoundPlayer {
  currentTime: number;
  paused: boolean;
  play(): Promise<void>;
}

export interface SoundServiceDeps {
  isEnabled(effect: SoundEffect): boolean;
  createPlayer(url: string): SoundPlayer;
}

export function createSoundService({ isEnabled, createPlayer }: SoundServiceDeps) {
  const players = new Map<SoundEffect, SoundPlayer>();
  const playerFor = (effect: SoundEffect, url: string) => {
    let player = players.get(effect);
    if (!player) {
      player = createPlayer(url);
      players.set(effect, player);
    }
    return player;
  };
  return {
    /** Loads every effect now, so an error sound still plays when the network is gone. */
    preload(): void {
      for (const { key } of SOUND_EFFECTS) {
        const url = soundUrl(key);
        if (url) playerFor(key, url);
      }
    },
    /** Plays an effect if its toggle and the global flag allow it; returns whether it started. */
    play(effect: SoundEffect): boolean {
      if (!isEnabled(effect)) return false;
      const url = soundUrl(effect);
      if (!url) return false;
      const player = playerFor(effect, url);
      player.currentTime = 0;
      if (player.paused) {
        const started = player;
        Promise.resolve()
          .then(() => started.play())
          .catch((e: unknown) => log.info('sound', `could not play ${effect}: ${errorMessage(e)}`));
      }
      return true;
    },
  };
}

export function isSoundEnabled(effect: SoundEffect): boolean {
  const { settings, soundToggles } = useSettingsStore.getState();
  return settings.playSoundFx && soundToggles[effect] !== false;
}

export const sounds = createSoundService({
  isEnabled: isSoundEnabled,
  createPlayer: (url) => {
    const audio = new Audio();
    audio.preload = 'auto';
    // Held in memory as a blob: preload='auto' is only a hint, and a player that must fetch again
    // on play would fail just when the error sound of a lost network is due (§8).
    fetch(url)
      .then((response) => (response.ok ? response.blob() : Promise.reject(new Error(`HTTP ${response.status}`))))
      .then(
        (blob) => (audio.src = URL.createObjectURL(blob)),
        () => (audio.src = url),
      );
    return audio;
  },
});
