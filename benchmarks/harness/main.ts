/**
 * Benchmark harness page (driven by benchmarks/compositor.mjs through window.__bench).
 * N 640×360 canvases stand for live videos; each measured frame repaints them, then either the floor
 * (raw WebGL2, floor.ts) or the compositor uploads and draws them, then a 1-pixel readback syncs.
 */
import type { SceneModel } from '../../compositor/model/scene';
import type { ProducerCard } from '../../compositor/model/types';
import { createCompositor, pixelBox, type Compositor, type CompositorStats } from '../../compositor/render';
import { broadcastFrames, broadcastIdle, broadcastSetup, broadcastShowcase, broadcastTeardown } from './broadcast';
import { fadeVsCrossfadeFloor, transitionFrames, transitionIdle } from './transition';
import { canvasEl, remountCheck, videoCheck, type RendererInternals } from './checks';
import { Canvas2DFloor, Floor, type TileBox } from './floor';
import { card, sceneOf, Sources, Store } from './scene';
import { round1, summary } from './stats';

export interface Variant {
  name: string;
  preference: 'webgl' | 'canvas';
  maxBatchTextures?: number;
  /**
   * Canvas only: create the 2D context with willReadFrequently first (pixi then gets the same one),
   * so Chromium keeps it in software from the first frame instead of flipping it after readbacks.
   */
  softwareCanvas?: boolean;
}

export interface RunConfig {
  width: number;
  height: number;
  n: number;
  warmup: number;
  frames: number;
  variant: Variant;
  /** Also measure a raw Canvas 2D drawImage reference (context for the canvas renderer). */
  canvas2d?: boolean;
  /** Return the per-frame times too (diagnosis). */
  series?: boolean;
}

// ---- the rig -----------------------------------------------------------------------------------

interface Rig {
  config: RunConfig;
  sources: Sources;
  floor: Floor;
  canvas2d: Canvas2DFloor | null;
  tiles: TileBox[];
  compositor: Compositor;
  renderer: RendererInternals;
  store: Store;
  cards: ProducerCard[];
  pixel: Uint8Array;
}

let rig: Rig | null = null;

/** 1-pixel readback of the compositor canvas (waits for its frame). */
function syncCompositor(r: Rig): number {
  const { renderer } = r;
  if (renderer.gl) {
    renderer.gl.readPixels(0, 0, 1, 1, renderer.gl.RGBA, renderer.gl.UNSIGNED_BYTE, r.pixel);
    return r.pixel[0]!;
  }
  return renderer.canvas.getContext('2d')!.getImageData(0, 0, 1, 1).data[0]!;
}

function glTextureCount(renderer: RendererInternals): number | null {
  const items = renderer.texture?._managedTextures?.items;
  return items ? Object.values(items).filter(Boolean).length : null;
}

function glInfo(gl: WebGL2RenderingContext): { vendor: string; renderer: string } {
  const ext = gl.getExtension('WEBGL_debug_renderer_info');
  return {
    vendor: String(ext ? gl.getParameter(ext.UNMASKED_VENDOR_WEBGL) : gl.getParameter(gl.VENDOR)),
    renderer: String(ext ? gl.getParameter(ext.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER)),
  };
}

async function setup(config: RunConfig) {
  teardown();
  const sources = new Sources(config.n);
  const cards = Array.from({ length: config.n }, (_, i) => card(i));
  const store = new Store(sceneOf(cards, 'CLASSIC'));
  const media = new Map(cards.map((c, i) => [c.id, sources.canvases[i]!]));
  const floor = new Floor(canvasEl(config.width, config.height), config.width, config.height);
  const target = canvasEl(config.width, config.height);
  if (config.variant.softwareCanvas) target.getContext('2d', { alpha: false, willReadFrequently: true });
  const compositor = await createCompositor({
    canvas: target,
    width: config.width,
    height: config.height,
    source: store,
    media: (key) => media.get(key) ?? null,
    preference: config.variant.preference,
    ...(config.variant.maxBatchTextures ? { maxBatchTextures: config.variant.maxBatchTextures } : {}),
  });
  const renderer = compositor.renderer as RendererInternals;
  // The floor draws the same tiles the compositor lays out (CLASSIC, 16:9 tiles, no crop).
  const tiles = store.getState().producers.map((p) => pixelBox(p.rect, config.width, config.height));
  const canvas2d = config.canvas2d ? new Canvas2DFloor(canvasEl(config.width, config.height), config.width, config.height) : null;
  rig = { config, sources, floor, canvas2d, tiles, compositor, renderer, store, cards, pixel: new Uint8Array(4) };
  compositor.renderNow();
  return {
    renderer: renderer.name,
    batchTextures: renderer.limits?.maxBatchableTextures ?? null,
    maxTextureUnits: renderer.limits?.maxTextures ?? null,
    gl: glInfo(floor.gl),
    tiles: tiles.length,
  };
}

function floorFrame(r: Rig) {
  const start = performance.now();
  const js = r.floor.draw(r.sources.canvases, r.tiles);
  r.floor.sync();
  return { total: performance.now() - start, js };
}

function compositorFrame(r: Rig) {
  const start = performance.now();
  r.compositor.invalidateMedia(); // every source has a new frame
  r.compositor.renderNow();
  const js = performance.now() - start;
  syncCompositor(r);
  return { total: performance.now() - start, js, cpu: r.compositor.stats().lastFrameMs };
}

/** Warm-up then measured frames, floor and compositor alternating (order flipped every frame). */
function frames() {
  const r = rig!;
  const { warmup, frames: count } = r.config;
  const floor = { total: [] as number[], js: [] as number[] };
  const comp = { total: [] as number[], js: [] as number[], cpu: [] as number[] };
  const c2d = { total: [] as number[], js: [] as number[] };
  const paint: number[] = [];
  const uploadsBefore = r.compositor.stats().videoUploads;
  for (let i = 0; i < warmup + count; i += 1) {
    const measured = i >= warmup;
    const runFloor = (): void => {
      paint.push(r.sources.paint());
      const f = floorFrame(r);
      if (measured) {
        floor.total.push(f.total);
        floor.js.push(f.js);
      }
    };
    const runComp = (): void => {
      paint.push(r.sources.paint());
      const c = compositorFrame(r);
      if (measured) {
        comp.total.push(c.total);
        comp.js.push(c.js);
        comp.cpu.push(c.cpu);
      }
    };
    const runCanvas2d = (): void => {
      if (!r.canvas2d) return;
      paint.push(r.sources.paint());
      const start = performance.now();
      const js = r.canvas2d.draw(r.sources.canvases, r.tiles);
      r.canvas2d.sync();
      if (measured) {
        c2d.total.push(performance.now() - start);
        c2d.js.push(js);
      }
    };
    if (i % 2 === 0) {
      runFloor();
      runComp();
      runCanvas2d();
    } else {
      runCanvas2d();
      runComp();
      runFloor();
    }
  }
  const f = summary(floor.total);
  const c = summary(comp.total);
  // Paired: each compositor frame over the floor frame next to it in time (robust to load drifting
  // during the run, e.g. other processes on a shared 2-core machine).
  const paired = summary(comp.total.map((ms, i) => ms / floor.total[i]!));
  return {
    floor: { frameMs: f, jsMs: summary(floor.js) },
    compositor: {
      frameMs: c,
      // Chromium may switch a canvas between GPU and software mode mid-run: compare the two ends.
      first30Ms: summary(comp.total.slice(0, 30)),
      last30Ms: summary(comp.total.slice(-30)),
      jsMs: summary(comp.js),
      cpuMs: summary(comp.cpu),
    },
    ratio: {
      p50: Math.round((c.p50 / f.p50) * 100) / 100,
      p95: Math.round((c.p95 / f.p95) * 100) / 100,
      pairedP50: paired.p50,
      pairedP95: paired.p95,
    },
    ...(r.canvas2d ? { canvas2dReference: { frameMs: summary(c2d.total), jsMs: summary(c2d.js) } } : {}),
    paintMs: summary(paint),
    ...(r.config.series ? { series: { floor: floor.total.map(round1), compositor: comp.total.map(round1) } } : {}),
    uploadsPerFrame: (r.compositor.stats().videoUploads - uploadsBefore) / (warmup + count),
  };
}

/**
 * Frames with no store change and no new media frame: what drawing alone costs (the compositor
 * uploads nothing; the floor redraws its last uploads), alternating.
 */
function drawOnly(count = 30) {
  const r = rig!;
  const comp: number[] = [];
  const floor: number[] = [];
  for (let i = 0; i < count; i += 1) {
    let start = performance.now();
    r.compositor.renderNow();
    syncCompositor(r);
    comp.push(performance.now() - start);
    start = performance.now();
    r.floor.draw(r.sources.canvases, r.tiles, false);
    r.floor.sync();
    floor.push(performance.now() - start);
  }
  return { compositor: summary(comp), floor: summary(floor) };
}

/** Store change → rendered (and synced) frame: producer off air, back on, layout change and back. */
function sceneUpdates(rounds = 10) {
  const r = rig!;
  const base = sceneOf(r.cards, 'CLASSIC');
  const ops: [string, () => SceneModel][] = [
    ['offAir', () => sceneOf(r.cards.filter((c) => c.id !== 'p4'), 'CLASSIC')],
    ['onAir', () => sceneOf(r.cards, 'CLASSIC')],
    ['layoutPIP', () => sceneOf(r.cards, 'PIP')],
    ['layoutCLASSIC', () => sceneOf(r.cards, 'CLASSIC')],
  ];
  r.store.set(base);
  r.compositor.renderNow();
  const byOp: Record<string, number[]> = {};
  const all: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    for (const [name, next] of ops) {
      const scene = next();
      const start = performance.now();
      r.store.set(scene);
      r.compositor.renderNow();
      syncCompositor(r);
      const ms = performance.now() - start;
      (byOp[name] ??= []).push(ms);
      all.push(ms);
      cpu.push(r.compositor.stats().lastFrameMs);
    }
  }
  // all: store change → frame on screen (synced); cpuMs: the main-thread part (reconcile, uploads, submit).
  return { all: summary(all), cpuMs: summary(cpu), ...Object.fromEntries(Object.entries(byOp).map(([k, v]) => [k, summary(v)])) };
}

function counts(): { stats: CompositorStats; glTextures: number | null } {
  const r = rig!;
  return { stats: r.compositor.stats(), glTextures: glTextureCount(r.renderer) };
}

/** `cycles` times: one producer off air (frame), back on air (frame). */
function toggles(cycles: number) {
  const r = rig!;
  const on = sceneOf(r.cards, 'CLASSIC');
  const start = performance.now();
  for (let i = 0; i < cycles; i += 1) {
    const id = r.cards[i % r.cards.length]!.id;
    r.store.set(sceneOf(r.cards.filter((c) => c.id !== id), 'CLASSIC'));
    r.compositor.renderNow();
    r.store.set(on);
    r.compositor.renderNow();
  }
  syncCompositor(r);
  return { cycles, ms: Math.round(performance.now() - start) };
}

/** Idle check: no changes for `ms` → no frame drawn by the scheduler. */
async function idle(ms = 500) {
  const r = rig!;
  const before = r.compositor.stats().frames;
  await new Promise((resolve) => setTimeout(resolve, ms));
  return { framesWhileIdle: r.compositor.stats().frames - before };
}

/**
 * A still for eyes (--shot): the CLASSIC scene with the first producer cropped to the right half of its
 * source (stretched over its tile), one video-muted and one without media (placeholders with initials).
 */
function showcase(): void {
  const r = rig!;
  const scene = sceneOf(r.cards, 'CLASSIC');
  const producers = scene.producers.map((p, i) => {
    if (i === 0) return { ...p, crop: { top: 0, left: 0.5, bottom: 0, right: 0 } };
    if (i === 1) return { ...p, name: 'Ada Lovelace', videoMuted: true };
    if (i === 2) return { ...p, name: 'Grace Hopper', source: { key: 'missing', placeholderColor: '#2a1b1f' } };
    return p;
  });
  r.store.set({ ...scene, producers });
  r.compositor.renderNow();
  syncCompositor(r);
}

function teardown(): void {
  if (!rig) return;
  rig.compositor.destroy();
  rig.floor.destroy();
  rig = null;
  document.querySelectorAll('canvas').forEach((c) => c.remove());
}

declare global {
  interface Window {
    __bench: typeof bench;
  }
}

const bench = {
  setup,
  frames,
  drawOnly,
  sceneUpdates,
  counts,
  toggles,
  idle,
  videoCheck,
  remountCheck,
  showcase,
  teardown,
  broadcastSetup,
  broadcastFrames,
  broadcastIdle,
  broadcastShowcase,
  broadcastTeardown,
  transitionFrames,
  transitionIdle,
  fadeVsCrossfadeFloor,
};
window.__bench = bench;
