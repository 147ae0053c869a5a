/**
 * Issue 25 (benchmarks/compositor.mjs --transition): the full broadcast scene while it transitions,
 * against the same floor as --broadcast. 'fade': a Fade take (500 ms = 30 frames at 60 Hz) between
 * the CLASSIC look and a SPLIT look without the lower third, a new take as soon as one ends, so every
 * measured frame is mid-fade (one in 30 also snapshots the outgoing look). 'move': the ninth guest
 * goes off and on air within the look every 300 ms (18 frames): every tile eases, one fades.
 */
import type { SceneModel } from '../../compositor/model/scene';
import { DEFAULT_FADE_MS } from '../../compositor/model/transition';
import { TILE_EASE_MS } from '../../compositor/layout/tween';
import { broadcastFrames, broadcastRig, type SceneAt } from './broadcast';

const FRAME_MS = 1000 / 60;
const FADE_FRAMES = Math.round(DEFAULT_FADE_MS / FRAME_MS);
const MOVE_FRAMES = Math.round(TILE_EASE_MS / FRAME_MS);

function fadeScenes(): SceneAt {
  const takes = new Map<number, SceneModel>();
  return (r, i) => {
    const n = Math.floor(i / FADE_FRAMES);
    let scene = takes.get(n);
    if (!scene) {
      const look = n % 2 === 0 ? r.scenes.otherLayout : r.scenes.full;
      scene = { ...look, transition: { id: `take-${n}`, startedAt: r.clock.manual ?? Date.now(), transition: { kind: 'fade', durationMs: DEFAULT_FADE_MS } } };
      takes.clear();
      takes.set(n, scene);
    }
    return scene;
  };
}

const moveScenes: SceneAt = (r, i) => (Math.floor(i / MOVE_FRAMES) % 2 === 0 ? r.scenes.oneOffAir : r.scenes.full);

/**
 * Lets whatever transition the last run left end (the fades run back to back, so one is always in
 * progress when they stop): a run of moves measured straight after them spent its first 30 frames
 * finishing that fade, which is most of a --quick run (1.41x against 1.09-1.12x once settled).
 */
function settle(r: ReturnType<typeof broadcastRig>): void {
  r.store.set(r.scenes.full);
  r.clock.manual = (r.clock.manual ?? 0) + DEFAULT_FADE_MS + TILE_EASE_MS;
  r.compositor.renderNow();
}

export function transitionFrames(kind: 'fade' | 'move') {
  const r = broadcastRig();
  settle(r);
  const before = r.compositor.stats();
  const result = broadcastFrames(kind === 'fade' ? fadeScenes() : moveScenes);
  const after = r.compositor.stats();
  // The sources are repainted (and invalidated) every frame: 10 uploads a frame, none more.
  const frames = after.frames - before.frames;
  return { kind, ...result, uploadsPerFrame: Math.round(((after.videoUploads - before.videoUploads) / frames) * 100) / 100 };
}

/**
 * Context for the fade: the same fade frames against a floor that also draws what any cross-fade
 * must, one blended full-frame textured quad (the outgoing picture) over the static floor.
 */
export function fadeVsCrossfadeFloor() {
  const r = broadcastRig();
  const { width, height } = r.config;
  const outgoing = document.createElement('canvas');
  outgoing.width = width;
  outgoing.height = height;
  const g = outgoing.getContext('2d')!;
  g.fillStyle = 'rgba(40, 60, 90, 0.5)';
  g.fillRect(0, 0, width, height);
  r.floor.setOverlays([...r.overlays, { source: outgoing, box: { x: 0, y: 0, width, height } }]);
  try {
    const result = broadcastFrames(fadeScenes());
    return { compositor: result.compositor, floor: result.floor, ratio: result.ratio };
  } finally {
    r.floor.setOverlays(r.overlays);
  }
}

/**
 * Render on demand on the real clock after a take: while the fade runs the scheduler draws every
 * animation frame; once it ended (and with no ticker on stage) it draws nothing.
 */
export async function transitionIdle() {
  const r = broadcastRig();
  const wait = (t: number) => new Promise((resolve) => setTimeout(resolve, t));
  r.clock.manual = null;
  r.store.set(r.scenes.idle);
  await wait(1000);
  const fadeStart = r.compositor.stats().frames;
  r.store.set({ ...r.scenes.idle, producers: r.scenes.idle.producers.slice(0, -1), transition: { id: 'idle-take', startedAt: Date.now(), transition: { kind: 'fade', durationMs: DEFAULT_FADE_MS } } });
  await wait(DEFAULT_FADE_MS);
  const framesDuringFade = r.compositor.stats().frames - fadeStart;
  await wait(500);
  const idleStart = r.compositor.stats().frames;
  await wait(1000);
  return { framesDuringFade, framesIdleAfter: r.compositor.stats().frames - idleStart };
}
