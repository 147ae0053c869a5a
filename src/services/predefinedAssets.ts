/**
 * Predefined assets shipped with the studio (§9 Defaults: background images; number 4 is the
 * default and auto-selected on first load). Vite gives each file a hashed URL at build time.
 */
import { DEFAULT_BACKGROUND_NUMBER } from '../lib/limits';
import { VIRTUAL_BG_STAGE } from '../state/settingsStore';

const BACKGROUND_URLS = import.meta.glob('../../assets/backgrounds/background-*.jpg', { eager: true, query: '?url', import: 'default' }) as Record<string, string>;

export interface PredefinedBackground {
  id: string;
  number: number;
  name: string;
  url: string;
}

export const PREDEFINED_BACKGROUNDS: readonly PredefinedBackground[] = Object.entries(BACKGROUND_URLS)
  .map(([path, url]) => {
    const number = Number(/background-(\d+)\.jpg$/.exec(path)?.[1]);
    return { id: `background-${number}`, number, name: `Background ${number}`, url };
  })
  .sort((a, b) => a.number - b.number);

export const DEFAULT_BACKGROUND_ID = `background-${DEFAULT_BACKGROUND_NUMBER}`;

export function backgroundById(id: string | null): PredefinedBackground | undefined {
  return PREDEFINED_BACKGROUNDS.find((b) => b.id === id);
}

/**
 * The image the camera's virtual background shows (Settings › Camera): the chosen background, or
 * the stage's own (VIRTUAL_BG_STAGE), or the default when the stage has none.
 */
export function virtualBackgroundImage(chosen: string, stageBackgroundId: string | null): PredefinedBackground | undefined {
  return backgroundById(chosen === VIRTUAL_BG_STAGE ? stageBackgroundId : chosen) ?? backgroundById(DEFAULT_BACKGROUND_ID);
}
