/**
 * The full broadcast scene (benchmarks/compositor.mjs --broadcast): 9 producers and a background
 * video (10 canvases repainted every frame), a foreground image, a lower third playing in and out,
 * the ticker scrolling, 4 logos, 9 name tags and the chat overlay, on the compositor's clock advanced
 * one 60 Hz frame per measured frame. The floor uploads the same 10 videos and draws the same number
 * of textured quads, the graphics as textures rasterised once (what no compositor can beat).
 */
import { Container, type ContainerChild } from 'pixi.js';
import { channelScene } from '../../compositor/convert';
import type { FrameShape } from '../../compositor/model/frame';
import { emptyChannel, mediaKey, type ChannelDoc, type TemplateItem } from '../../compositor/model/channel';
import type { SceneModel } from '../../compositor/model/scene';
import { createCompositor, pixelBox, type Compositor } from '../../compositor/render';
import { createTemplate } from '../../compositor/templates/schemas';
import { canvasEl, type RendererInternals } from './checks';
import { Floor, type Overlay, type TileBox } from './floor';
import { card, Sources, Store } from './scene';
import { summary } from './stats';

const N = 9;
const FRAME_MS = 1000 / 60;
/** The lower third is on for 45 frames, off for 15: it comes back before its out-animation ends, so it replays from the same view. */
const LT_CYCLE = 60;
const LT_ON = 45;
const LOGO_CORNERS = ['TOPLEFT', 'TOPRIGHT', 'BOTTOMLEFT', 'BOTTOMRIGHT'] as const;
const LOGO_COLORS = ['#E53935', '#43A047', '#FDD835', '#1E88E5'];

export interface BroadcastConfig {
  width: number;
  height: number;
  warmup: number;
  frames: number;
  /** The program's shape (issue 34): the same show drawn in the vertical 9:16 frame with `--vertical`. */
  shape?: FrameShape;
}

export interface Rig {
  config: BroadcastConfig;
  sources: Sources;
  floor: Floor;
  floorSources: HTMLCanvasElement[];
  floorTiles: TileBox[];
  /** The floor's graphics quads (the static scene's). */
  overlays: Overlay[];
  compositor: Compositor;
  renderer: RendererInternals;
  store: Store;
  scenes: { full: SceneModel; noLowerThird: SceneModel; idle: SceneModel; oneOffAir: SceneModel; otherLayout: SceneModel };
  videoKeys: string[];
  clock: { manual: number | null };
  pixel: Uint8Array;
}

let rig: Rig | null = null;

function picture(width: number, height: number, paint: (g: CanvasRenderingContext2D) => void): HTMLCanvasElement {
  const c = document.createElement('canvas');
  c.width = width;
  c.height = height;
  paint(c.getContext('2d')!);
  return c;
}

function doc(opts: { ticker: boolean; lowerThird: boolean; count?: number; layout?: ChannelDoc['layout'] }): ChannelDoc {
  const cards = Array.from({ length: opts.count ?? N }, (_, i) => card(i));
  const templates: TemplateItem[] = [
    ...(opts.lowerThird ? [createTemplate('LOWERTHIRD', { id: 'lt', primaryText: 'Grace Brewster Murray Hopper', secondaryText: 'Rear Admiral and pioneer of compiled languages', selected: true })] : []),
    ...(opts.ticker ? [createTemplate('TICKER', { id: 'tk', primaryText: 'Breaking: the studio draws every graphic in its own compositor • Next up: audience questions at 15:30 • '.repeat(3), primaryColor: '#B71C1C', selected: true })] : []),
    ...LOGO_CORNERS.map((corner) => createTemplate('LOGO', { id: `logo-${corner}`, source: `/${corner}.png`, corner, selected: true })),
    ...cards.map((c) => createTemplate('NAMETAG', { id: `tag-${c.id}`, number: c.number, primaryText: c.name })),
    createTemplate('CHAT', { id: 'chat', primaryText: 'Great point about latency, thanks! Could you share the slides after the session?', secondaryText: 'Maria Santos' }),
  ];
  const base = emptyChannel();
  return {
    ...base,
    producers: cards,
    layout: opts.layout ?? 'CLASSIC',
    media: { background: { id: 'bg', type: 'video', url: '/bg.webm', name: 'BG' }, foregroundImage: { id: 'fg', type: 'image', url: '/fg.png', name: 'FG' }, foregroundVideo: null },
    templates,
  };
}

let shape: FrameShape = '16:9';
const sceneOf = (d: ChannelDoc): SceneModel => ({ ...channelScene(d, shape), previewZoom: 1 });

/** Every visible leaf of the graphics (templates and foreground) with its frame box: the floor's overlays. */
function graphicsQuads(root: Container, width: number, height: number): Overlay[] {
  const quads: Overlay[] = [];
  const walk = (node: ContainerChild, inGraphics: boolean): void => {
    if (!node.visible) return;
    const graphics = inGraphics || node.label === 'templates' || node.label === 'foreground';
    if (node.children.length === 0) {
      if (!graphics) return;
      const b = node.getBounds();
      const box = { x: Math.round(b.x), y: Math.round(b.y), width: Math.max(1, Math.round(b.width)), height: Math.max(1, Math.round(b.height)) };
      // Off-frame ticker copies cost the floor a quad too, but no texture bigger than the frame.
      const texture = picture(Math.min(box.width, width), Math.min(box.height, height), (g) => {
        g.fillStyle = 'rgba(255, 255, 255, 0.6)';
        g.fillRect(0, 0, g.canvas.width, g.canvas.height);
      });
      quads.push({ source: texture, box });
      return;
    }
    for (const child of node.children) walk(child, graphics);
  };
  walk(root, false);
  return quads;
}

function sync(r: Rig): void {
  const gl = r.renderer.gl;
  if (gl) gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, r.pixel);
}

export async function broadcastSetup(config: BroadcastConfig) {
  broadcastTeardown();
  const { width, height } = config;
  shape = config.shape ?? '16:9';
  const sources = new Sources(N + 1); // 9 producers and the background video
  const scenes = {
    full: sceneOf(doc({ ticker: true, lowerThird: true })),
    noLowerThird: sceneOf(doc({ ticker: true, lowerThird: false })),
    idle: sceneOf(doc({ ticker: false, lowerThird: true })),
    // --transition: the ninth guest off air (every tile eases, one fades), and a take to another layout.
    oneOffAir: sceneOf(doc({ ticker: true, lowerThird: true, count: N - 1 })),
    otherLayout: sceneOf(doc({ ticker: true, lowerThird: false, layout: 'SPLIT' })),
  };
  const full = scenes.full;
  const media = new Map<string, HTMLCanvasElement>();
  full.producers.forEach((p, i) => media.set(p.source.key, sources.canvases[i]!));
  const bgKey = mediaKey.media('background', 'bg');
  media.set(bgKey, sources.canvases[N]!);
  media.set(
    mediaKey.media('foregroundImage', 'fg'),
    picture(1920, 1080, (g) => {
      g.fillStyle = '#F4B400';
      g.fillRect(0, 0, 1920, 1080);
      g.clearRect(48, 48, 1824, 984);
    }),
  );
  LOGO_CORNERS.forEach((corner, i) =>
    media.set(
      mediaKey.logo(`logo-${corner}`),
      picture(240, 120, (g) => {
        g.fillStyle = LOGO_COLORS[i]!;
        g.beginPath();
        g.roundRect(4, 4, 232, 112, 28);
        g.fill();
      }),
    ),
  );
  const clock = { manual: 0 as number | null };
  const store = new Store(full);
  const compositor = await createCompositor({
    canvas: canvasEl(width, height),
    width,
    height,
    source: store,
    media: (key) => media.get(key) ?? null,
    clock: () => clock.manual ?? performance.now(),
    // A take's startedAt is wall time: on the manual clock the two are the same line.
    wallClock: () => clock.manual ?? Date.now(),
    // Measured against a WebGL floor: WebGL by name (on software GL the studio would pick Canvas 2D).
    preference: 'webgl',
  });
  compositor.renderNow();
  clock.manual! += 2000; // everything played in
  compositor.renderNow();
  const renderer = compositor.renderer as RendererInternals;
  const floor = new Floor(canvasEl(width, height), width, height);
  const root = (renderer as unknown as { lastObjectRendered: Container }).lastObjectRendered;
  const overlays = graphicsQuads(root, width, height);
  floor.setOverlays(overlays);
  const floorSources = [sources.canvases[N]!, ...full.producers.map((_, i) => sources.canvases[i]!)];
  const floorTiles = [{ x: 0, y: 0, width, height }, ...full.producers.map((p) => pixelBox(p.rect, width, height))];
  const videoKeys = [bgKey, ...full.producers.map((p) => p.source.key)];
  rig = { config, sources, floor, floorSources, floorTiles, overlays, compositor, renderer, store, scenes, videoKeys, clock, pixel: new Uint8Array(4) };
  return { renderer: renderer.name, videos: videoKeys.length, graphicsQuads: overlays.length, floorQuads: floorTiles.length + overlays.length };
}

/** Which scene frame `i` shows (and when it changes, the store is set before the frame). */
export type SceneAt = (r: Rig, i: number) => SceneModel;

const lowerThirdCycle: SceneAt = (r, i) => (i % LT_CYCLE < LT_ON ? r.scenes.full : r.scenes.noLowerThird);

function compositorFrame(r: Rig, i: number, sceneAt: SceneAt): { total: number; js: number } {
  const start = performance.now();
  r.clock.manual = (r.clock.manual ?? 0) + FRAME_MS;
  const next = sceneAt(r, i);
  if (r.store.getState() !== next) r.store.set(next);
  for (const key of r.videoKeys) r.compositor.invalidateMedia(key);
  r.compositor.renderNow();
  const js = performance.now() - start;
  sync(r);
  return { total: performance.now() - start, js };
}

function floorFrame(r: Rig): { total: number; js: number } {
  const start = performance.now();
  const js = r.floor.draw(r.floorSources, r.floorTiles);
  r.floor.sync();
  return { total: performance.now() - start, js };
}

/** Warm-up then measured frames, compositor and floor alternating (order flipped every frame). */
export function broadcastFrames(sceneAt: SceneAt = lowerThirdCycle) {
  const r = rig!;
  const { warmup, frames: count } = r.config;
  const comp = { total: [] as number[], js: [] as number[] };
  const floor = { total: [] as number[], js: [] as number[] };
  let rastersAtStart = 0;
  for (let i = 0; i < warmup + count; i += 1) {
    if (i === warmup) rastersAtStart = r.compositor.stats().textRasters;
    const measured = i >= warmup;
    const runComp = (): void => {
      r.sources.paint();
      const c = compositorFrame(r, i, sceneAt);
      if (measured) {
        comp.total.push(c.total);
        comp.js.push(c.js);
      }
    };
    const runFloor = (): void => {
      r.sources.paint();
      const f = floorFrame(r);
      if (measured) {
        floor.total.push(f.total);
        floor.js.push(f.js);
      }
    };
    if (i % 2 === 0) {
      runFloor();
      runComp();
    } else {
      runComp();
      runFloor();
    }
  }
  const c = summary(comp.total);
  const f = summary(floor.total);
  const paired = summary(comp.total.map((ms, i) => ms / floor.total[i]!));
  const stats = r.compositor.stats();
  return {
    compositor: { frameMs: c, jsMs: summary(comp.js) },
    floor: { frameMs: f, jsMs: summary(floor.js) },
    ratio: { p50: Math.round((c.p50 / f.p50) * 100) / 100, pairedP50: paired.p50, pairedP95: paired.p95 },
    textRastersDuringRun: stats.textRasters - rastersAtStart,
    textRastersTotal: stats.textRasters,
    textures: stats.textures,
  };
}

/**
 * Render on demand on the real clock: with the ticker on stage the scheduler draws every animation
 * frame; without it (the lower third settled) it draws none.
 */
export async function broadcastIdle(ms = 2000) {
  const r = rig!;
  const wait = (t: number) => new Promise((resolve) => setTimeout(resolve, t));
  r.clock.manual = null;
  r.store.set(r.scenes.idle);
  await wait(1000); // the ticker leaves at once; the lower third is settled
  const before = r.compositor.stats().frames;
  await wait(ms);
  const idleFrames = r.compositor.stats().frames - before;
  r.store.set(r.scenes.full);
  await wait(200);
  const tickerBefore = r.compositor.stats().frames;
  await wait(1000);
  return { idleMs: ms, framesWhileIdleNoTicker: idleFrames, framesPerSecondWithTicker: r.compositor.stats().frames - tickerBefore };
}

/** Issue 25 (--transition): frames cycling the take transitions; see transition.ts. */
export function broadcastRig(): Rig {
  return rig!;
}

export function broadcastTeardown(): void {
  if (!rig) return;
  rig.compositor.destroy();
  rig.floor.destroy();
  rig = null;
  document.querySelectorAll('canvas').forEach((c) => c.remove());
}

/** A still of the broadcast scene for eyes (--shot). */
export function broadcastShowcase(): void {
  const r = rig!;
  r.store.set(r.scenes.full);
  r.compositor.renderNow();
}
