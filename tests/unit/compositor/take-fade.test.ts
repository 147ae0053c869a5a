/**
 * Issue 25, transitions between takes: a new take's Fade cross-fades from the look drawn last (a
 * snapshot drawn over the new look at 1 - p) on the compositor's clock; a Cut, a take already seen or
 * one whose time is over shows the new scene at once; a page that receives a take late starts at the
 * right progress (wallClock → clock); the take's own scene snaps; idle draws nothing after the fade.
 */
import { describe, expect, it } from 'vitest';
import type { Container } from 'pixi.js';
import type { SceneModel } from '../../../compositor/model/scene';
import type { SceneTransition } from '../../../compositor/model/transition';
import { cams, mediaSpriteOf, producer, producerRoot, producerRoots, rig, scene } from './rig';
import type { Compositor } from '../../../compositor/render';

const WALL = 1_700_000_000_000;
const LEFT = { x: 0, y: 0, width: 0.5, height: 1 };
const RIGHT = { x: 0.5, y: 0, width: 0.5, height: 1 };
const FULL = { x: 0, y: 0, width: 1, height: 1 };
const fade = (id: string, durationMs = 500, startedAt = WALL): SceneTransition => ({ id, startedAt, transition: { kind: 'fade', durationMs } });
const cut = (id: string): SceneTransition => ({ id, startedAt: WALL, transition: { kind: 'cut' } });

const stage = (c: Compositor): Container => (c.renderer as { lastObjectRendered: Container }).lastObjectRendered;
const outgoing = (c: Compositor): Container | null => {
  const sprite = stage(c).getChildByLabel('take-fade');
  return sprite?.visible ? sprite : null;
};

async function takeRig(initial: SceneModel, wallLag = 0) {
  const time = { now: 50_000, wall: WALL };
  const r = await rig(initial, cams('a', 'b'), { clock: () => time.now, wallClock: () => time.wall + wallLag });
  r.frames.tick();
  const at = (ms: number): void => {
    time.now += ms;
    time.wall += ms;
    r.frames.tick();
  };
  return { ...r, at };
}

const before = scene([producer('a', { rect: FULL })]);
const after = (t?: SceneTransition): SceneModel => scene([producer('a', { rect: LEFT }), producer('b', { rect: RIGHT })], t ? { transition: t } : {});

describe('take transitions (issue 25)', () => {
  it('a Fade draws the old look over the new one at 1 - p, never nothing, and idle draws nothing after it', async () => {
    const { compositor, store, frames, at } = await takeRig(before);
    const textures = compositor.stats().textures;
    const uploads = compositor.stats().videoUploads;
    store.set(after(fade('t1')));
    at(0);
    expect(outgoing(compositor)?.alpha).toBe(1); // the start: the old look
    expect(producerRoots(compositor)).toHaveLength(2); // the new look is underneath, already in place
    expect(producerRoot(compositor, 'a')!.width).toBe(800); // the take snaps its tiles: no ease under the fade
    expect(producerRoot(compositor, 'b')!.alpha).toBe(1);
    expect(compositor.stats().textures).toBe(textures + 2); // b's media, and the snapshot while fading
    expect(compositor.stats().outgoingAlpha).toBe(1);
    at(250);
    expect(outgoing(compositor)?.alpha).toBeCloseTo(0.5, 5);
    expect(compositor.stats().outgoingAlpha).toBeCloseTo(0.5, 5); // what the output page's test reads per frame
    expect(frames.pending).toBe(1);
    at(249);
    expect(outgoing(compositor)!.alpha).toBeCloseTo(0.002, 3);
    at(1);
    expect(outgoing(compositor)).toBeNull(); // the end: the new look alone
    expect(compositor.stats().outgoingAlpha).toBe(0);
    expect(compositor.stats().textures).toBe(textures + 1); // the snapshot is gone
    expect(compositor.stats().videoUploads).toBe(uploads); // nothing re-uploaded by the fade
    const drawnFrames = compositor.stats().frames;
    for (let i = 0; i < 5; i += 1) frames.tick();
    expect(frames.pending).toBe(0);
    expect(compositor.stats().frames).toBe(drawnFrames);
  });

  it('a page that receives the take 200 ms late starts the fade at 40 %', async () => {
    const { compositor, store, at } = await takeRig(before, 200);
    store.set(after(fade('t1')));
    at(0);
    expect(outgoing(compositor)?.alpha).toBeCloseTo(0.6, 5);
    at(300);
    expect(outgoing(compositor)).toBeNull();
  });

  it.each([
    ['a Cut', cut('t1')],
    ['a Fade whose time is over (the page received it late)', fade('t1', 500, WALL - 600)],
  ])('%s shows the new scene at once, tiles in place', async (_, take) => {
    const { compositor, store, frames, at } = await takeRig(before);
    store.set(after(take));
    at(0);
    expect(outgoing(compositor)).toBeNull();
    expect(compositor.stats().outgoingAlpha).toBe(0);
    expect(producerRoot(compositor, 'a')!.width).toBe(800);
    expect(producerRoot(compositor, 'b')!.alpha).toBe(1);
    frames.tick();
    expect(frames.pending).toBe(0);
  });

  it('a take lands tiles that were still moving or fading in (nothing carries over into the new look)', async () => {
    const { compositor, store, at } = await takeRig(before);
    store.set(after()); // b on air within the look: a eases, b fades in
    at(0);
    at(100);
    expect(producerRoot(compositor, 'b')!.alpha).toBeLessThan(1);
    store.set({ ...after(cut('t1')) });
    at(0);
    expect(producerRoot(compositor, 'b')!.alpha).toBe(1);
    expect(producerRoot(compositor, 'a')!.width).toBe(800);
  });

  it('the first scene of a page, mid-fade, just shows (there is no look before it)', async () => {
    const { compositor, frames } = await takeRig(after(fade('t1')));
    expect(outgoing(compositor)).toBeNull();
    frames.tick();
    expect(frames.pending).toBe(0);
  });

  it('a take already seen starts nothing; a change within it eases as usual', async () => {
    const { compositor, store, at } = await takeRig(before);
    store.set(after(fade('t1')));
    at(600);
    at(0);
    expect(outgoing(compositor)).toBeNull();
    store.set(scene([producer('a', { rect: FULL })], { transition: fade('t1') })); // b off air within the look
    at(0);
    expect(outgoing(compositor)).toBeNull();
    expect(producerRoot(compositor, 'b')!.alpha).toBe(1); // fading out, not cut
    expect(producerRoot(compositor, 'a')!.width).toBe(800); // easing from where it was
    at(150);
    expect(producerRoot(compositor, 'b')!.alpha).toBeCloseTo(0.5, 5);
  });

  it('a take during a fade snapshots the mix on screen and fades it out; media textures are shared, not duplicated', async () => {
    const { compositor, store, at } = await takeRig(before);
    const a = mediaSpriteOf(producerRoot(compositor, 'a')!)!.texture.source;
    store.set(after(fade('t1')));
    at(0);
    at(200);
    store.set(scene([producer('a', { rect: FULL })], { transition: fade('t2', 500, WALL + 200) }));
    at(0);
    expect(outgoing(compositor)?.alpha).toBe(1);
    expect(mediaSpriteOf(producerRoot(compositor, 'a')!)!.texture.source).toBe(a);
    at(500);
    expect(outgoing(compositor)).toBeNull();
    expect(compositor.stats().textures).toBe(1);
  });

  it('a resize during a fade ends it (the snapshot is of the old size)', async () => {
    const { compositor, store, at } = await takeRig(before);
    store.set(after(fade('t1')));
    at(0);
    compositor.resize(800, 450);
    at(100);
    expect(outgoing(compositor)).toBeNull();
  });
});
