/**
 * Predefined assets shipped with the studio (§9 Defaults: 4 foreground images, 4 foreground videos,
 * 10 background images, 6 background videos; background number 4 is the default and auto-selected on
 * first load), made by assets/generate*.sh. Vite gives each file a hashed URL at build time.
 */
import { DEFAULT_BACKGROUND_NUMBER } from '../../lib/limits';
import { VIRTUAL_BG_STAGE } from '../../state/settingsStore';
import type { Asset } from '../../state/assets';

type Urls = Record<string, string>;
const glob = {
  backgroundImages: import.meta.glob('../../../assets/backgrounds/background-*.jpg', { eager: true, query: '?url', import: 'default' }) as Urls,
  backgroundVideos: import.meta.glob('../../../assets/background-videos/background-video-*.{webm,jpg}', { eager: true, query: '?url', import: 'default' }) as Urls,
  foregroundImages: import.meta.glob('../../../assets/foreground-images/foreground-image-*.png', { eager: true, query: '?url', import: 'default' }) as Urls,
  foregroundVideos: import.meta.glob('../../../assets/foreground-videos/foreground-video-*.{webm,jpg}', { eager: true, query: '?url', import: 'default' }) as Urls,
  logos: import.meta.glob('../../../assets/logos/logo-*.png', { eager: true, query: '?url', import: 'default' }) as Urls,
};

/** Files named `<stem>-<n>.<ext>` → one asset per number (a video with its .jpg still), in number order. */
function numbered(urls: Urls, stem: string, title: string, type: Asset['type']): (Asset & { number: number })[] {
  const byNumber = new Map<number, { media?: string; still?: string }>();
  for (const [path, url] of Object.entries(urls)) {
    const m = new RegExp(`${stem}-(\\d+)\\.(\\w+)$`).exec(path);
    if (!m) continue;
    const entry = byNumber.get(Number(m[1])) ?? {};
    if (type === 'video' && m[2] === 'jpg') entry.still = url;
    else entry.media = url;
    byNumber.set(Number(m[1]), entry);
  }
  return [...byNumber.entries()]
    .filter(([, e]) => e.media)
    .sort(([a], [b]) => a - b)
    .map(([number, e]) => ({ id: `${stem}-${number}`, number, title: `${title} ${number}`, url: e.media!, thumbnail: e.still ?? e.media!, type, origin: 'predefined' }));
}

export const PREDEFINED_BACKGROUNDS = numbered(glob.backgroundImages, 'background', 'Background', 'image');
export const PREDEFINED_ASSETS = {
  background: [...PREDEFINED_BACKGROUNDS, ...numbered(glob.backgroundVideos, 'background-video', 'Background video', 'video')],
  foregroundImage: numbered(glob.foregroundImages, 'foreground-image', 'Image', 'image'),
  foregroundVideo: numbered(glob.foregroundVideos, 'foreground-video', 'Video', 'video'),
  logo: numbered(glob.logos, 'logo', 'Logo', 'image'),
} satisfies Record<string, Asset[]>;

export const DEFAULT_BACKGROUND_ID = `background-${DEFAULT_BACKGROUND_NUMBER}`;

export function backgroundById(id: string | null): Asset | undefined {
  return PREDEFINED_BACKGROUNDS.find((b) => b.id === id);
}

/**
 * The image the camera's virtual background shows (Settings › Camera): the chosen background, or
 * the stage's own (VIRTUAL_BG_STAGE), or the default when the stage has none.
 */
export function virtualBackgroundImage(chosen: string, stageBackgroundId: string | null): Asset | undefined {
  return backgroundById(chosen === VIRTUAL_BG_STAGE ? stageBackgroundId : chosen) ?? backgroundById(DEFAULT_BACKGROUND_ID);
}
