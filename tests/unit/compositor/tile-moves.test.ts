/**
 * Issue 25, tile moves within one look: a layout change or a producer going on or off air eases the
 * tiles (TILE_EASE_MS, easeInOutCubic) instead of snapping; a newcomer fades in, a leaver fades out at
 * its last rect and is then destroyed; name tags follow their tile; no media texture is re-uploaded or
 * duplicated for a move; idle draws nothing once the move is over. Scene graph only (jsdom, no pixels).
 */
import { describe, expect, it } from 'vitest';
import type { Sprite } from 'pixi.js';
import type { SceneNametag, SceneModel } from '../../../compositor/model/scene';
import { TILE_EASE_MS } from '../../../compositor/layout/tween';
import { cams, drawn, mediaSpriteOf, producer, producerRoot, producerRoots, rig, scene } from './rig';

const LEFT = { x: 0, y: 0, width: 0.5, height: 1 };
const RIGHT = { x: 0.5, y: 0, width: 0.5, height: 1 };
const FULL = { x: 0, y: 0, width: 1, height: 1 };

async function clockedRig(initial: SceneModel, ids: string[]) {
  const time = { now: 10_000 };
  const r = await rig(initial, cams(...ids), { clock: () => time.now });
  r.frames.tick();
  const at = (ms: number): void => {
    time.now += ms;
    r.frames.tick();
  };
  return { ...r, at };
}

describe('tile moves (issue 25)', () => {
  it('a layout change eases the tile from where it was drawn, then idle draws nothing', async () => {
    const { compositor, store, frames, at } = await clockedRig(scene([producer('a', { rect: FULL })]), ['a']);
    const root = producerRoot(compositor, 'a')!;
    const uploads = compositor.stats().videoUploads;
    store.set(scene([producer('a', { rect: LEFT })]));
    at(0);
    expect(root.width).toBe(1600); // the start: where it was
    at(TILE_EASE_MS / 2);
    expect(mediaSpriteOf(root)!.width).toBeCloseTo(1200, 0); // half way (eased: half time is half way)
    expect(frames.pending).toBe(1); // every animation frame while it moves
    at(TILE_EASE_MS / 2);
    expect(mediaSpriteOf(root)!.width).toBe(800);
    const drawnFrames = compositor.stats().frames;
    for (let i = 0; i < 5; i += 1) frames.tick();
    expect(frames.pending).toBe(0);
    expect(compositor.stats().frames).toBe(drawnFrames);
    expect(compositor.stats().videoUploads).toBe(uploads); // a move re-uploads nothing
  });

  it('a producer going on air fades in at its place while the other tile eases aside; blending only while fading', async () => {
    const { compositor, store, at } = await clockedRig(scene([producer('a', { rect: FULL })]), ['a', 'b']);
    const textures = compositor.stats().textures;
    store.set(scene([producer('a', { rect: LEFT }), producer('b', { rect: RIGHT })]));
    at(0);
    const b = producerRoot(compositor, 'b')!;
    expect(b.alpha).toBe(0);
    expect(b.x).toBe(800); // at its place from the start, not flying in
    expect((mediaSpriteOf(b) as Sprite).blendMode).toBe('normal');
    at(TILE_EASE_MS / 2);
    expect(b.alpha).toBeCloseTo(0.5, 5);
    at(TILE_EASE_MS / 2);
    expect(b.alpha).toBe(1);
    expect((mediaSpriteOf(b) as Sprite).blendMode).toBe('none'); // opaque again: no blending
    expect(compositor.stats().textures).toBe(textures + 1);
  });

  it('a producer going off air fades out at its last rect over the others, then its view and texture go', async () => {
    const { compositor, store, frames, at } = await clockedRig(scene([producer('a', { rect: LEFT }), producer('b', { rect: RIGHT })]), ['a', 'b']);
    const b = producerRoot(compositor, 'b')!;
    const source = mediaSpriteOf(b)!.texture.source;
    const uploads = compositor.stats().videoUploads;
    store.set(scene([producer('a', { rect: FULL })]));
    at(0);
    expect(producerRoots(compositor).map((r) => r.label)).toEqual(['producer:a', 'producer:b']);
    at(TILE_EASE_MS / 2);
    expect(b.alpha).toBeCloseTo(0.5, 5);
    expect(b.x).toBe(800); // where it was
    expect(source.destroyed).toBe(false);
    at(TILE_EASE_MS / 2);
    expect(b.destroyed).toBe(true);
    expect(source.destroyed).toBe(true);
    expect(producerRoots(compositor).map((r) => r.label)).toEqual(['producer:a']);
    expect(compositor.stats().textures).toBe(1);
    expect(compositor.stats().videoUploads).toBe(uploads);
    frames.tick();
    expect(frames.pending).toBe(0);
  });

  it('back on air while fading out: the same view (and texture) fades in again from the alpha it had', async () => {
    const { compositor, store, at } = await clockedRig(scene([producer('a', { rect: LEFT }), producer('b', { rect: RIGHT })]), ['a', 'b']);
    const b = producerRoot(compositor, 'b')!;
    const source = mediaSpriteOf(b)!.texture.source;
    store.set(scene([producer('a', { rect: FULL })]));
    at(0);
    at(TILE_EASE_MS / 3);
    const alpha = b.alpha;
    store.set(scene([producer('a', { rect: LEFT }), producer('b', { rect: RIGHT })]));
    at(0);
    expect(producerRoot(compositor, 'b')).toBe(b);
    expect(b.alpha).toBeCloseTo(alpha, 5);
    expect(mediaSpriteOf(b)!.texture.source).toBe(source);
    at(TILE_EASE_MS);
    expect(b.alpha).toBe(1);
    expect(compositor.stats().textures).toBe(2);
  });

  it('500 on/off-air cycles mid-fade leave the texture count flat', async () => {
    const { compositor, store, at } = await clockedRig(scene([producer('a', { rect: LEFT }), producer('b', { rect: RIGHT })]), ['a', 'b']);
    for (let i = 0; i < 500; i += 1) {
      store.set(scene([producer('a', { rect: FULL })]));
      at(i % 7 === 0 ? TILE_EASE_MS : 40);
      store.set(scene([producer('a', { rect: LEFT }), producer('b', { rect: RIGHT })]));
      at(40);
    }
    at(TILE_EASE_MS);
    expect(compositor.stats().textures).toBe(2);
    expect(producerRoots(compositor)).toHaveLength(2);
  });

  it('a name tag follows its tile while it eases, and fades out with it', async () => {
    const tag = (rect: SceneNametag['rect'], number = 1): SceneNametag => ({ kind: 'nametag', id: `nt${number}`, number, rect, theme: '1', name: 'Ada Lovelace', initials: 'AL', primaryColor: '#0D62C5' });
    const two = (aRect: typeof LEFT): SceneModel =>
      scene([producer('a', { rect: aRect, number: 1 }), producer('b', { rect: RIGHT, number: 2 })], { templates: [tag(aRect), tag(RIGHT, 2)] });
    const { compositor, store, at } = await clockedRig(scene([producer('a', { rect: FULL, number: 1 })], { templates: [tag(FULL)] }), ['a', 'b']);
    const tagRoot = (n: number) => drawn(compositor).getChildByLabel(`template:nametag:nt${n}`, true)!;
    const a = tagRoot(1);
    expect(a.scale.x).toBe(1);
    store.set(two(LEFT));
    at(0);
    expect(a.scale.x).toBeCloseTo(1, 5); // laid out for the half-width tile, drawn on the full one (same height)
    expect(tagRoot(2).alpha).toBe(0); // b's tag fades in with b
    at(TILE_EASE_MS / 2);
    expect(tagRoot(2).alpha).toBeCloseTo(0.5, 5);
    at(TILE_EASE_MS / 2);
    expect(tagRoot(2).alpha).toBe(1);
    expect(a.position.x).toBe(0);
    // b goes off air: its tag stays with the fading tile, then goes with it.
    const bTag = tagRoot(2);
    store.set(scene([producer('a', { rect: FULL, number: 1 })], { templates: [tag(FULL)] }));
    at(0);
    at(TILE_EASE_MS / 2);
    expect(bTag.destroyed).toBe(false);
    expect(bTag.alpha).toBeCloseTo(0.5, 5);
    at(TILE_EASE_MS / 2);
    at(0);
    expect(bTag.destroyed).toBe(true);
  });

  it('a tag follows a tile that shrinks: scaled with it, its corner on the drawn tile', async () => {
    const tag = (rect: SceneNametag['rect']): SceneNametag => ({ kind: 'nametag', id: 'nt', number: 1, rect, theme: '1', name: 'Ada', initials: 'A', primaryColor: '#0D62C5' });
    const small = { x: 0.5, y: 0.5, width: 0.5, height: 0.5 };
    const { compositor, store, at } = await clockedRig(scene([producer('a', { rect: FULL, number: 1 })], { templates: [tag(FULL)] }), ['a']);
    store.set(scene([producer('a', { rect: small, number: 1 })], { templates: [tag(small)] }));
    at(0);
    const t = drawn(compositor).getChildByLabel('template:nametag:nt', true)!;
    expect(t.scale.x).toBeCloseTo(2, 5); // laid out for the small tile, drawn on the full one
    expect(t.position.x).toBeCloseTo(-1600, 0);
    at(TILE_EASE_MS);
    expect(t.scale.x).toBe(1);
    expect(t.position.x).toBe(0);
  });
});
