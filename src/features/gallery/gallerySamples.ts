/**
 * Template samples: one builder for the scenes the template gallery shows and the golden images
 * check (tests/golden imports it), so designers review exactly what the goldens pin. Each sample is a
 * channel document made into a scene by the same channelScene the studio uses, plus the solid-colour
 * pictures its media keys stand for (painted by paintSample, never fetched).
 */
import { PORTRAIT } from '../../../compositor/model/frame';
import { goOnAir } from '../../../compositor/layout';
import { channelScene } from '../../../compositor/convert';
import { emptyChannel, mediaKey, type ChannelDoc, type ChatItem, type LogoPosition, type TemplateItem, type TemplateTheme } from '../../../compositor/model/channel';
import { DEFAULT_PRIMARY_COLOR } from '../../../compositor/model/constants';
import { producerCard, withOrderRanks } from '../../../compositor/model/producerCard';
import type { SceneModel } from '../../../compositor/model/scene';
import type { LayoutCode } from '../../../compositor/model/types';
import { createTemplate } from '../../../compositor/templates/schemas';

export interface TemplateSample {
  name: string;
  scene: SceneModel;
  /** Media key → colour of the picture standing for it (see paintSample). */
  colors: Record<string, string>;
  /** Compositor-clock time between showing the scene and the picture: animations have played in. */
  elapsedMs: number;
  /** The channel it is drawn from (the same show in either shape). */
  doc: ChannelDoc;
}

/** Longer than every template's in- and out-animation (at most 700 ms). */
export const SAMPLE_SETTLE_MS = 2000;

/** Sample texts for the lower third: short, long, the §9 limit of 120 characters, and non-Latin scripts. */
export const SAMPLE_TEXTS = {
  short: { label: 'Short', primary: 'Ada Lovelace', secondary: 'Analyst' },
  long: { label: 'Long', primary: 'Grace Brewster Murray Hopper', secondary: 'Rear Admiral, computer scientist and pioneer of compiled programming languages' },
  max: {
    label: '120 characters',
    primary: 'Dr. Maximiliana Oyelaran-Whitfield, Director of Distributed Systems Research and Chair of the Global Standards Board, UK',
    secondary: 'Keynote: low-latency live video at planetary scale, from camera to viewer in under one second, with lessons from 9 years',
  },
  japanese: { label: 'Japanese', primary: '山田 花子', secondary: '東京大学 情報理工学系研究科 教授・分散システム研究室' },
  arabic: { label: 'Arabic', primary: 'ليلى عبد الله', secondary: 'مديرة البث المباشر في شبكة الأخبار العربية' },
  cyrillic: { label: 'Cyrillic', primary: 'Анна Каренина', secondary: 'Главный редактор новостной службы' },
} as const;
export type SampleTextKey = keyof typeof SAMPLE_TEXTS;

export const SAMPLE_TICKER_TEXT =
  'Breaking: the studio now draws lower thirds, tickers, logos and name tags in its own compositor • ' +
  'Next up: questions from the audience at 15:30 • Follow the event hashtag for updates';

/** Non-default primary colours for samples (the first is the §9 default). */
export const SAMPLE_COLORS = [DEFAULT_PRIMARY_COLOR, '#C2185B', '#00897B', '#F4B400', '#6A1B9A', '#E65100'] as const;

export const SAMPLE_NAMES = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Katherine Johnson', 'Tim Berners-Lee', 'Margaret Hamilton', 'Linus Torvalds', 'Radia Perlman', 'Vint Cerf'];
/** Muted "camera" colours, so graphics over them are what the eye reads. */
const TILE_COLORS = ['#3B4A5C', '#4E5D3A', '#5C4A3B', '#3B5C57', '#4A3B5C', '#5C3B4A', '#3F4F6E', '#6E5F3F', '#3F6E4F'];
export const SAMPLE_CORNERS: readonly LogoPosition[] = ['TOPLEFT', 'TOPRIGHT', 'BOTTOMLEFT', 'BOTTOMRIGHT'];
const LOGO_COLORS = ['#E53935', '#43A047', '#FDD835', '#1E88E5'];
const FOREGROUND_COLOR = '#F4B400';

interface StageOptions {
  count: number;
  layout?: LayoutCode;
  primaryColor?: string;
  theme?: TemplateTheme;
  templates?: TemplateItem[];
  mutedIds?: string[];
  foreground?: boolean;
  /** Name Tags on (§3 brand settings): one tag per live producer, derived. Off unless a sample is about them. */
  nametags?: boolean;
  chat?: ChatItem;
  /** The first card spotted (fills the frame). */
  spotlight?: boolean;
  /** §3 shiftVideosUp (default true). */
  shiftVideosUp?: boolean;
}

function stage(o: StageOptions): { doc: ChannelDoc; colors: Record<string, string> } {
  const cards = Array.from({ length: o.count }, (_, i) =>
    producerCard({ id: `s${i + 1}`, name: SAMPLE_NAMES[i % SAMPLE_NAMES.length]!, url: `/s${i + 1}`, videoMute: o.mutedIds?.includes(`s${i + 1}`) ?? false }),
  );
  let producers = withOrderRanks(cards);
  for (const c of cards) producers = goOnAir(producers, c.id);
  if (o.spotlight) producers = producers.map((c, i) => (i === 0 ? { ...c, isSpotted: true } : c));
  const base = emptyChannel();
  const doc: ChannelDoc = {
    ...base,
    producers,
    layout: o.layout ?? 'CLASSIC',
    brandSettings: { nametagsActive: o.nametags ?? false, primaryColor: o.primaryColor ?? DEFAULT_PRIMARY_COLOR, selectedTheme: `lower_third${o.theme ?? '1'}`, shiftVideosUp: o.shiftVideosUp ?? true },
    templates: o.templates ?? [],
    chatOnStream: o.chat ?? null,
    ...(o.foreground ? { media: { ...base.media, foregroundImage: { id: 'frame', type: 'image', url: '/frame.png', name: 'Frame' } } } : {}),
  };
  const colors: Record<string, string> = Object.fromEntries(cards.map((c, i) => [mediaKey.producer(c.id), TILE_COLORS[i % TILE_COLORS.length]!]));
  if (o.foreground) colors[mediaKey.media('foregroundImage', 'frame')] = FOREGROUND_COLOR;
  return { doc, colors };
}

const sample = (name: string, o: StageOptions, elapsedMs = SAMPLE_SETTLE_MS): TemplateSample => {
  const { doc, colors } = stage(o);
  const scene = { ...channelScene(doc), previewZoom: 1 };
  for (const t of scene.templates ?? []) if (t.kind === 'logo') colors[t.source.key] = LOGO_COLORS[SAMPLE_CORNERS.indexOf(t.corner) % LOGO_COLORS.length]!;
  return { name, scene, colors, elapsedMs, doc };
};

/** The same sample in the vertical 9:16 frame (issue 34): its channel drawn in that shape. */
export const inPortrait = (s: TemplateSample): TemplateSample => ({ ...s, name: `portrait-${s.name}`, scene: { ...channelScene(s.doc, PORTRAIT), previewZoom: 1 } });

export function lowerThirdSample(theme: TemplateTheme, text: SampleTextKey, primaryColor: string, name = `lower-third-${theme}-${text}`): TemplateSample {
  const t = SAMPLE_TEXTS[text];
  const item = createTemplate('LOWERTHIRD', { id: `lt-${theme}-${text}`, primaryText: t.primary, secondaryText: t.secondary, selected: true });
  return sample(name, { count: 2, theme, primaryColor, templates: [item] });
}

/** The ticker `elapsedMs` after it appeared (60 px/s: the scroll offset is pinned by the time). */
export function tickerSample(color: string, elapsedMs: number, name = `ticker-${elapsedMs}ms`, text: string = SAMPLE_TICKER_TEXT): TemplateSample {
  const item = createTemplate('TICKER', { id: name, primaryText: text, primaryColor: color, selected: true });
  return sample(name, { count: 2, templates: [item] }, elapsedMs);
}

export function logoSample(corners: readonly LogoPosition[] = SAMPLE_CORNERS, name = `logos-${corners.length}`): TemplateSample {
  const items = corners.map((corner) => createTemplate('LOGO', { id: `logo-${corner.toLowerCase()}`, source: `/${corner}.png`, corner, selected: true }));
  return sample(name, { count: 1, templates: items });
}

export function nametagSample(count: number, theme: TemplateTheme, primaryColor: string, name = `nametags-${count}-theme${theme}`): TemplateSample {
  return sample(name, { count, primaryColor, theme, nametags: true });
}

export function chatSample(primaryColor: string, name = 'chat'): TemplateSample {
  const item = createTemplate('CHAT', { id: 'chat', primaryText: 'Great point about latency, thanks! Could you share the slides after the session?', secondaryText: 'Maria Santos' });
  return sample(name, { count: 2, primaryColor, chat: item });
}

/**
 * The bottom band's collision cases (issue 26): lower graphics and name tags together, none covering
 * another; with shiftVideosUp the tiles sit above them.
 */
export function bandSample(name: string, o: { count: number; lowerThird?: boolean; chat?: boolean; ticker?: boolean; spotlight?: boolean; shiftVideosUp?: boolean }): TemplateSample {
  const t = SAMPLE_TEXTS.short;
  const templates: TemplateItem[] = [];
  if (o.lowerThird) templates.push(createTemplate('LOWERTHIRD', { id: `${name}-lt`, primaryText: t.primary, secondaryText: t.secondary, selected: true }));
  if (o.ticker) templates.push(createTemplate('TICKER', { id: `${name}-ticker`, primaryText: SAMPLE_TICKER_TEXT, primaryColor: '#B71C1C', selected: true }));
  const chat = o.chat ? createTemplate('CHAT', { id: `${name}-chat`, primaryText: 'Great point about latency, thanks! Could you share the slides after the session?', secondaryText: 'Maria Santos' }) : undefined;
  return sample(name, { count: o.count, templates, nametags: true, ...(chat ? { chat } : {}), ...(o.spotlight ? { spotlight: true } : {}), ...(o.shiftVideosUp === false ? { shiftVideosUp: false } : {}) });
}

export const foregroundSample = (name = 'foreground-image'): TemplateSample => sample(name, { count: 4, foreground: true });

export const mutedVideoSample = (name = 'muted-video-4'): TemplateSample => sample(name, { count: 4, mutedIds: ['s2', 's4'] });

/**
 * The picture for a sample media key: a solid tile for a producer or background; a logo mark with
 * transparent corners for a logo; a frame with a transparent middle for a foreground image (both show
 * that the compositor keeps the picture's alpha over the producers).
 */
export function paintSample(key: string, color: string): HTMLCanvasElement {
  const c = document.createElement('canvas');
  const g = c.getContext('2d')!;
  if (key.startsWith('logo:')) {
    c.width = 240;
    c.height = 120;
    g.fillStyle = color;
    g.beginPath();
    g.roundRect(4, 4, 232, 112, 28);
    g.fill();
    g.fillStyle = '#FFFFFF';
    g.beginPath();
    g.arc(60, 60, 30, 0, Math.PI * 2);
    g.fill();
    g.fillRect(104, 44, 110, 32);
    return c;
  }
  if (key.startsWith('foregroundImage:')) {
    c.width = 1920;
    c.height = 1080;
    g.fillStyle = color;
    g.fillRect(0, 0, 1920, 1080);
    g.clearRect(48, 48, 1920 - 96, 1080 - 96);
    return c;
  }
  c.width = 320;
  c.height = 180;
  g.fillStyle = color;
  g.fillRect(0, 0, c.width, c.height);
  return c;
}
