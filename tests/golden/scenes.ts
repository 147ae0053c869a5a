/**
 * Golden scenes (DESIGN "Scenes as test files"): every layout × {1, 2, 3, 5, 9} producers, and with a
 * content share, drawn with solid-colour sources. Built with the app's own selectScene, so a
 * golden image checks the whole path from cards to pixels. CHAT_SCENES add a chat overlay (a short
 * and a ~190-character message) to a selected scene. TEMPLATE_SCENES come from the template gallery's
 * sample builder (src/features/gallery/gallerySamples), so the gallery shows what these images pin.
 */
import { goOnAir } from '../../compositor/layout';
import { LAYOUT_CODES, type LayoutCode } from '../../compositor/model/types';
import type { SceneChatOverlay, SceneModel } from '../../compositor/model/scene';
import { producerCard, withOrderRanks } from '../../compositor/model/producerCard';
import { selectScene } from '../../src/state/channel/scene';
import { emptyChannel } from '../../compositor/model/channel';
import { LANDSCAPE, PORTRAIT, type FrameShape } from '../../compositor/model/frame';
import { CUT, DEFAULT_FADE_MS, defaultFade, type SceneTransition } from '../../compositor/model/transition';
import { TILE_EASE_MS } from '../../compositor/layout/tween';
import { createTemplate } from '../../compositor/templates/schemas';
import {
  bandSample,
  chatSample,
  foregroundSample,
  inPortrait,
  logoSample,
  lowerThirdSample,
  mutedVideoSample,
  nametagSample,
  SAMPLE_NAMES,
  tickerSample,
  type TemplateSample,
} from '../../src/features/gallery/gallerySamples';

export const PALETTE = ['#e6194b', '#3cb44b', '#ffe119', '#4363d8', '#f58231', '#911eb4', '#46f0f0', '#f032e6', '#bcf60c'];
export const SHARE_COLOR = '#ffffff';
export const COUNTS = [1, 2, 3, 5, 9];

export interface GoldenScene {
  name: string;
  scene: SceneModel;
  colors: Record<string, string>;
  /** Output-clock time between showing the scene and taking the picture (default: animations settled). */
  elapsedMs?: number;
  /** A look drawn (settled) before `scene`: the picture is of the transition or tile move into it. */
  from?: SceneModel;
}

function build(layout: LayoutCode, count: number, contentShare: boolean, shape: FrameShape = LANDSCAPE): GoldenScene {
  const cards = Array.from({ length: count }, (_, i) =>
    producerCard({ id: `p${i + 1}`, name: `P ${i + 1}`, url: `/p${i + 1}`, ...(contentShare && i === 0 ? { type: 'CONTENT_SHARING' as const } : {}) }),
  );
  let producers = withOrderRanks(cards);
  for (const c of cards) producers = goOnAir(producers, c.id);
  // Layout goldens show the layouts alone: name tags (on by default, §3) have their own goldens.
  const base = emptyChannel();
  const scene = selectScene({ ...base, producers, layout, brandSettings: { ...base.brandSettings, nametagsActive: false } }, shape);
  const colors = Object.fromEntries(cards.map((c, i) => [c.id, contentShare && i === 0 ? SHARE_COLOR : PALETTE[i]!]));
  return { name: `${shape === PORTRAIT ? 'portrait-' : ''}${layout.toLowerCase()}-${count}${contentShare ? '-share' : ''}`, scene, colors };
}

/** A scene with a chat message on stream (§3 Template item type CHAT) over the producers. */
function withChat(base: GoldenScene, name: string, chat: Omit<SceneChatOverlay, 'kind'>): GoldenScene {
  return { ...base, name, scene: { ...base.scene, templates: [{ kind: 'chat', ...chat }] } };
}

function portraitChat(): GoldenScene[] {
  const chat = chatSample('#0D62C5', 'chat');
  return [inPortrait(chat)];
}

export const CHAT_SCENES: GoldenScene[] = [
  withChat(build('CLASSIC', 2, false), 'classic-2-chat', {
    id: 'msg-short',
    name: 'Maria Santos',
    text: 'Great point about latency, thanks!',
    primaryColor: '#0D62C5',
  }),
  withChat(build('COVER', 1, false), 'cover-1-chat-long', {
    id: 'msg-long',
    name: 'Kenji Watanabe',
    text:
      'Question for the panel: how do you keep audio and video in sync when guests join from very different networks? ' +
      'We see drift of almost a second on our own weekly streams. Thanks from Lisbon!',
    primaryColor: '#0D62C5',
  }),
];

/**
 * Every lower-third theme with short and 120-character texts in a non-default colour (played in);
 * the ticker at two scroll offsets; four logos in the four corners; name tags on 1, 4 and 9 producers;
 * a foreground image over producers; muted videos as initials tiles.
 */
export const TEMPLATE_SCENES: TemplateSample[] = [
  lowerThirdSample('1', 'short', '#C2185B'),
  lowerThirdSample('1', 'max', '#C2185B'),
  lowerThirdSample('2', 'short', '#00897B'),
  lowerThirdSample('2', 'max', '#00897B'),
  lowerThirdSample('3', 'short', '#F4B400'),
  lowerThirdSample('3', 'max', '#F4B400'),
  tickerSample('#B71C1C', 3000),
  tickerSample('#B71C1C', 40000),
  logoSample(),
  nametagSample(1, '1', '#0D62C5'),
  nametagSample(4, '2', '#6A1B9A'),
  nametagSample(9, '3', '#E65100'),
  foregroundSample(),
  mutedVideoSample(),
  // Issue 26, the bottom band's collision cases.
  bandSample('band-classic-3-lower-third-chat', { count: 3, lowerThird: true, chat: true }),
  bandSample('band-classic-4-lower-third-chat', { count: 4, lowerThird: true, chat: true }),
  bandSample('band-classic-4-lower-third-chat-no-shift', { count: 4, lowerThird: true, chat: true, shiftVideosUp: false }),
  bandSample('band-classic-4-ticker-nametags', { count: 4, ticker: true }),
  bandSample('band-spotlight-ticker', { count: 3, ticker: true, spotlight: true }),
];

/**
 * Issue 25: a look for the transition goldens, built like the layout goldens (name tags on; a
 * selected lower third when `lowerThird` is given). `take` is the SceneTransition it carries.
 */
function look(layout: LayoutCode, count: number, take: SceneTransition, lowerThird?: { primary: string; secondary: string }): { scene: SceneModel; colors: Record<string, string> } {
  const cards = Array.from({ length: count }, (_, i) => producerCard({ id: `p${i + 1}`, name: SAMPLE_NAMES[i]!, url: `/p${i + 1}` }));
  let producers = withOrderRanks(cards);
  for (const c of cards) producers = goOnAir(producers, c.id);
  const base = emptyChannel();
  const templates = lowerThird ? [createTemplate('LOWERTHIRD', { id: `lt-${lowerThird.primary}`, primaryText: lowerThird.primary, secondaryText: lowerThird.secondary, selected: true })] : [];
  const scene = selectScene({ ...base, producers, layout, templates, brandSettings: { ...base.brandSettings, nametagsActive: true } });
  return { scene: { ...scene, transition: take }, colors: Object.fromEntries(cards.map((c, i) => [c.id, PALETTE[i]!])) };
}

const TAKE_AT = 1_700_000_000_000;
const fadeTake = (id: string): SceneTransition => ({ id, startedAt: TAKE_AT, transition: defaultFade() });
const cutTake = (id: string): SceneTransition => ({ id, startedAt: TAKE_AT - 60_000, transition: CUT });

/**
 * A Fade (500 ms) from CLASSIC with two guests and one lower third to SPLIT with three and another
 * lower third, at its start, middle and end; a tile move (a third guest going on air in CLASSIC:
 * the two tiles ease aside, the newcomer fades in) at its start, middle and end. `from` carries its
 * own take (a Cut), so each picture starts from a settled look.
 */
export const TRANSITION_SCENES: GoldenScene[] = [
  ...([['start', 0], ['middle', DEFAULT_FADE_MS / 2], ['end', DEFAULT_FADE_MS]] as const).map(([at, ms]): GoldenScene => {
    const from = look('CLASSIC', 2, cutTake(`before-fade-${at}`), { primary: 'Ada Lovelace', secondary: 'Analytical Engine' });
    const to = look('SPLIT', 3, fadeTake('fade'), { primary: 'Grace Hopper', secondary: 'Compilers' });
    return { name: `transition-fade-${at}`, scene: to.scene, colors: to.colors, elapsedMs: ms, from: from.scene };
  }),
  ...([['start', 0], ['middle', TILE_EASE_MS / 2], ['end', TILE_EASE_MS]] as const).map(([at, ms]): GoldenScene => {
    const take = cutTake(`move-${at}`); // the same take before and after: a change within the look
    const from = look('CLASSIC', 2, take);
    const to = look('CLASSIC', 3, take);
    return { name: `transition-move-${at}`, scene: to.scene, colors: to.colors, elapsedMs: ms, from: from.scene };
  }),
];

/**
 * The vertical program (issue 34), drawn on the output page with ?format=9:16 (1080×1920): every
 * layout × count, with a shared screen, and every template kind in that frame.
 */
export const PORTRAIT_SCENES: GoldenScene[] = [
  ...LAYOUT_CODES.flatMap((layout) => COUNTS.map((n) => build(layout, n, false, PORTRAIT))),
  ...LAYOUT_CODES.flatMap((layout) => [2, 3].map((n) => build(layout, n, true, PORTRAIT))),
  ...TEMPLATE_SCENES.map(inPortrait),
  ...portraitChat(),
];

export const GOLDEN_SCENES: GoldenScene[] = [
  ...LAYOUT_CODES.flatMap((layout) => COUNTS.map((n) => build(layout, n, false))),
  ...LAYOUT_CODES.flatMap((layout) => [2, 3, 5].map((n) => build(layout, n, true))),
  ...CHAT_SCENES,
  ...TEMPLATE_SCENES,
  ...TRANSITION_SCENES,
];
