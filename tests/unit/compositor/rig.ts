/**
 * Test doubles for compositor/render tests: scenes, a { getState, subscribe } store, manual
 * animation frames, canvases standing for media, and a rig that mounts a compositor on them
 * (destroyed after each test).
 */
import { afterEach } from 'vitest';
import { Sprite, Text, type Container } from 'pixi.js';
import type { SceneModel, SceneProducer } from '../../../compositor/model/scene';
import { TILE_EASE_MS } from '../../../compositor/layout/tween';
import { createCompositor, type Compositor, type CompositorOptions, type FrameRequester, type MediaElement, type SceneSourceLike } from '../../../compositor/render';

export const NO_CROP = { top: 0, left: 0, bottom: 0, right: 0 };

export function producer(id: string, patch: Partial<SceneProducer> = {}): SceneProducer {
  return {
    id,
    number: 2,
    name: `Guest ${id}`,
    rect: { x: 0, y: 0, width: 0.5, height: 0.5 },
    crop: NO_CROP,
    source: { key: id, placeholderColor: '#1b1f2a' },
    videoMuted: false,
    ...patch,
  };
}

export function scene(producers: SceneProducer[], patch: Partial<SceneModel> = {}): SceneModel {
  return { background: { kind: 'color', color: '#0b0d12' }, producers, previewZoom: 1, primaryColor: '#0D62C5', ...patch };
}

/** A { getState, subscribe } source, like a zustand vanilla store. */
export class SceneStore implements SceneSourceLike {
  private readonly listeners = new Set<() => void>();
  constructor(private state: SceneModel) {}
  getState = (): SceneModel => this.state;
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  set(state: SceneModel): void {
    this.state = state;
    this.listeners.forEach((l) => l());
  }
  get listenerCount(): number {
    return this.listeners.size;
  }
}

/** requestAnimationFrame under test control. */
export class ManualFrames implements FrameRequester {
  requests = 0;
  private readonly queue = new Map<number, () => void>();
  private next = 0;
  request = (cb: () => void): number => {
    this.requests += 1;
    this.next += 1;
    this.queue.set(this.next, cb);
    return this.next;
  };
  cancel = (handle: number): void => {
    this.queue.delete(handle);
  };
  get pending(): number {
    return this.queue.size;
  }
  /** One vsync: run what is pending now. */
  tick(): void {
    const callbacks = [...this.queue.values()];
    this.queue.clear();
    callbacks.forEach((cb) => cb());
  }
}

export function mediaCanvas(width = 640, height = 360): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

export interface Rig {
  compositor: Compositor;
  store: SceneStore;
  frames: ManualFrames;
  media: Map<string, MediaElement>;
  /** Moves the compositor's clock (real time plus this offset, unless a clock was passed) ahead. */
  advance(ms: number): void;
  /** Past every tile ease and fade (TILE_EASE_MS), then one more frame: the settled scene. */
  settle(): void;
}

export const live: Compositor[] = [];
afterEach(() => {
  live.splice(0).forEach((c) => c.destroy());
});

export async function rig(initial: SceneModel, media: Record<string, MediaElement> = {}, extra: Partial<CompositorOptions> = {}): Promise<Rig> {
  const store = new SceneStore(initial);
  const frames = new ManualFrames();
  const mediaMap = new Map(Object.entries(media));
  let offset = 0;
  const compositor = await createCompositor({
    clock: () => performance.now() + offset,
    canvas: document.createElement('canvas'),
    width: 1600,
    height: 900,
    source: store,
    media: (key) => mediaMap.get(key) ?? null,
    frames,
    ...extra,
  });
  live.push(compositor);
  const advance = (ms: number): void => {
    offset += ms;
  };
  const settle = (): void => {
    advance(TILE_EASE_MS + 1);
    frames.tick();
  };
  return { compositor, store, frames, media: mediaMap, advance, settle };
}

/** The drawn scene graph (the container last rendered). */
/** The scene root last drawn (under the stage that also holds a take's fading picture). */
export const drawn = (c: Compositor): Container => {
  const last = (c.renderer as { lastObjectRendered: Container }).lastObjectRendered;
  return last.label === 'stage' ? last.getChildByLabel('scene')! : last;
};
export const producerRoots = (c: Compositor): Container[] => [...(drawn(c).getChildByLabel('producers')?.children ?? [])];
export const producerRoot = (c: Compositor, id: string): Container | null => drawn(c).getChildByLabel(`producer:${id}`, true);
export const mediaSpriteOf = (root: Container): Sprite | undefined =>
  root.children.find((c): c is Sprite => c instanceof Sprite && c.texture.source.label === 'studio-media');
export const labelOf = (root: Container): Text | undefined => root.children.find((c): c is Text => c instanceof Text);

export const cams = (...ids: string[]): Record<string, MediaElement> => Object.fromEntries(ids.map((id) => [id, mediaCanvas()]));
