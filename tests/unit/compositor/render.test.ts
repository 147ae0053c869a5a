/**
 * compositor/render: scene-graph reconciliation and the on-demand scheduler. Under jsdom +
 * vitest-canvas-mock pixi falls back to its Canvas renderer over a mocked 2D context: no pixels here,
 * only the scene graph, textures and frame counts (pixels are the output page's golden images).
 */
import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { SceneModel } from '../../../compositor/model/scene';
import { createCompositor, cropFrame, type CompositorOptions } from '../../../compositor/render';
import { cams, drawn, labelOf, live, ManualFrames, mediaCanvas, mediaSpriteOf, producer, producerRoot, producerRoots, rig, scene, SceneStore } from './rig';

// ---- tests --------------------------------------------------------------------------------------

describe('createCompositor', () => {
  it('inits a pixi renderer (the Canvas fallback under jsdom) and draws the first frame on the next animation frame', async () => {
    const { compositor, frames } = await rig(scene([producer('a')]), cams('a'));
    expect(['webgl', 'canvas']).toContain((compositor.renderer as { name: string }).name);
    expect(compositor.stats().frames).toBe(0);
    expect(frames.pending).toBe(1);
    frames.tick();
    expect(compositor.stats().frames).toBe(1);
    expect(compositor.stats().textures).toBe(1);
  });

  it('draws nothing while idle: no store change, no new frame, no resize → no animation frame requested', async () => {
    const { compositor, frames } = await rig(scene([producer('a'), producer('b')]), cams('a', 'b'));
    frames.tick();
    const requests = frames.requests;
    for (let i = 0; i < 10; i += 1) frames.tick();
    expect(frames.pending).toBe(0);
    expect(frames.requests).toBe(requests);
    expect(compositor.stats().frames).toBe(1);
  });

  it('schedules one render per burst of store changes', async () => {
    const { compositor, store, frames } = await rig(scene([producer('a')]), cams('a', 'b'));
    frames.tick();
    const before = frames.requests;
    for (let i = 0; i < 20; i += 1) store.set(scene(i % 2 ? [producer('a')] : [producer('a'), producer('b')]));
    expect(frames.requests - before).toBe(1);
    frames.tick();
    expect(compositor.stats().frames).toBe(2);
    expect(producerRoots(compositor)).toHaveLength(1); // the last state of the burst (i = 19: only 'a')
  });

  it('reuses display objects and textures by producer id across updates', async () => {
    const { compositor, store, frames, settle } = await rig(scene([producer('a'), producer('b')]), cams('a', 'b'));
    frames.tick();
    const rootA = producerRoot(compositor, 'a')!;
    const spriteA = mediaSpriteOf(rootA)!;
    const sourceA = spriteA.texture.source;
    store.set(scene([producer('a', { rect: { x: 0.5, y: 0.5, width: 0.5, height: 0.5 } }), producer('b')]));
    frames.tick();
    settle(); // the tile eases to its new rect (transitions.test.ts checks the way there)
    expect(producerRoot(compositor, 'a')).toBe(rootA);
    expect(mediaSpriteOf(rootA)).toBe(spriteA);
    expect(spriteA.texture.source).toBe(sourceA);
    expect(rootA.position.x).toBe(800);
    expect(rootA.position.y).toBe(450);
    expect(compositor.stats().textures).toBe(2);
  });

  it('destroys the display objects and texture of a producer that leaves the scene', async () => {
    const { compositor, store, frames, settle } = await rig(scene([producer('a'), producer('b')]), cams('a', 'b'));
    frames.tick();
    const rootB = producerRoot(compositor, 'b')!;
    const spriteB = mediaSpriteOf(rootB)!;
    const sourceB = spriteB.texture.source;
    store.set(scene([producer('a')]));
    frames.tick();
    expect(rootB.destroyed).toBe(false); // fading out at its last rect (TILE_EASE_MS)
    settle();
    expect(producerRoot(compositor, 'b')).toBeNull();
    expect(rootB.destroyed).toBe(true);
    expect(spriteB.destroyed).toBe(true);
    expect(sourceB.destroyed).toBe(true);
    expect(compositor.stats().textures).toBe(1);
  });

  it('leaves the texture count flat after 500 on/off-air cycles', async () => {
    const all = ['a', 'b', 'c', 'd'];
    const { compositor, store, frames } = await rig(scene(all.map((id) => producer(id))), cams(...all));
    frames.tick();
    const before = compositor.stats().textures;
    for (let i = 0; i < 500; i += 1) {
      store.set(scene([producer('a'), producer('b'), producer('c')])); // 'd' off air
      frames.tick();
      store.set(scene(all.map((id) => producer(id)))); // back on air
      frames.tick();
    }
    expect(compositor.stats().frames).toBe(1001);
    expect(compositor.stats().textures).toBe(before);
    expect(producerRoots(compositor)).toHaveLength(4);
  });

  it('shares one media texture between tiles of the same source and frees it with its last user', async () => {
    const same = producer('b', { source: { key: 'a', placeholderColor: '#1b1f2a' } });
    const { compositor, store, frames, settle } = await rig(scene([producer('a'), same]), cams('a'));
    frames.tick();
    expect(compositor.stats().textures).toBe(1);
    expect(mediaSpriteOf(producerRoot(compositor, 'a')!)!.texture.source).toBe(mediaSpriteOf(producerRoot(compositor, 'b')!)!.texture.source);
    store.set(scene([]));
    frames.tick();
    expect(compositor.stats().textures).toBe(1); // both tiles fade out, still on the one shared texture
    settle();
    expect(compositor.stats().textures).toBe(0);
  });

  it('draws producers in array order above the background', async () => {
    const { compositor, store, frames } = await rig(scene([producer('a'), producer('b'), producer('c')]), cams('a', 'b', 'c'));
    frames.tick();
    const labels = (): string[] => producerRoots(compositor).map((r) => r.label);
    expect(labels()).toEqual(['producer:a', 'producer:b', 'producer:c']);
    store.set(scene([producer('c'), producer('a'), producer('b')]));
    frames.tick();
    expect(labels()).toEqual(['producer:c', 'producer:a', 'producer:b']);
    expect(drawn(compositor).children.map((c) => c.label)).toEqual(['background', 'producers', 'templates']);
  });

  it('applies the crop through the texture frame and stretches it over the tile rect', async () => {
    const crop = { top: 0.1, left: 0.25, bottom: 0.2, right: 0.05 };
    const rect = { x: 0.25, y: 0.1, width: 0.5, height: 0.3 };
    const { compositor, frames } = await rig(scene([producer('a', { rect, crop })]), cams('a'));
    frames.tick();
    const root = producerRoot(compositor, 'a')!;
    const sprite = mediaSpriteOf(root)!;
    const expected = cropFrame(640, 360, crop);
    expect(sprite.texture.frame).toMatchObject(expected);
    expect(root.position.x).toBe(400);
    expect(root.position.y).toBe(90);
    expect(sprite.width).toBeCloseTo(800);
    expect(sprite.height).toBeCloseTo(270);
  });

  it('recomputes the crop frame when the source size changes (invalidateMedia after a resize)', async () => {
    const cam = mediaCanvas(640, 360);
    const crop = { top: 0, left: 0.5, bottom: 0, right: 0 };
    const { compositor, frames } = await rig(scene([producer('a', { crop })]), { a: cam });
    frames.tick();
    cam.width = 1280;
    cam.height = 720;
    compositor.invalidateMedia('a');
    frames.tick();
    const sprite = mediaSpriteOf(producerRoot(compositor, 'a')!)!;
    expect(sprite.texture.source.width).toBe(1280);
    expect(sprite.texture.frame).toMatchObject({ x: 640, y: 0, width: 640, height: 720 });
    expect(sprite.width).toBeCloseTo(800);
  });

  it('draws a placeholder with initials for a muted producer or one without media, Text re-rendered only on rename', async () => {
    const { compositor, store, frames } = await rig(
      scene([producer('a', { name: 'Ada Lovelace', videoMuted: true }), producer('b', { name: 'Bob' })]),
      cams('a'),
    );
    frames.tick();
    const rootA = producerRoot(compositor, 'a')!;
    expect(mediaSpriteOf(rootA)).toBeUndefined();
    const label = labelOf(rootA)!;
    expect(label.text).toBe('AL');
    expect(label.visible).toBe(true);
    expect(labelOf(producerRoot(compositor, 'b')!)!.text).toBe('B'); // no media registered for 'b'
    expect(compositor.stats().textures).toBe(2); // two labels, no media texture

    store.set(scene([producer('a', { name: 'Ada Lovelace', videoMuted: true, rect: { x: 0, y: 0, width: 1, height: 1 } }), producer('b', { name: 'Bob' })]));
    frames.tick();
    expect(labelOf(rootA)).toBe(label);
    expect(label.text).toBe('AL');

    store.set(scene([producer('a', { name: 'Grace Hopper', videoMuted: true }), producer('b', { name: 'Bob' })]));
    frames.tick();
    expect(labelOf(rootA)).toBe(label);
    expect(label.text).toBe('GH');

    store.set(scene([producer('a', { name: 'Grace Hopper' }), producer('b', { name: 'Bob' })])); // unmuted
    frames.tick();
    expect(mediaSpriteOf(rootA)!.visible).toBe(true);
    expect(label.visible).toBe(false);
    expect(compositor.stats().textures).toBe(3); // 2 labels + the media texture
  });

  it('picks up media registered later when the host calls invalidateMedia(key)', async () => {
    const { compositor, frames, media } = await rig(scene([producer('a')]));
    frames.tick();
    expect(mediaSpriteOf(producerRoot(compositor, 'a')!)).toBeUndefined();
    media.set('a', mediaCanvas());
    compositor.invalidateMedia('a');
    expect(frames.pending).toBe(1);
    frames.tick();
    expect(mediaSpriteOf(producerRoot(compositor, 'a')!)!.visible).toBe(true);
  });

  it('shows a video tile as a placeholder until the element has a frame', async () => {
    const video = document.createElement('video'); // jsdom: no metadata, readyState 0
    const { compositor, frames } = await rig(scene([producer('a', { name: 'Ada' })]), { a: video });
    frames.tick();
    const root = producerRoot(compositor, 'a')!;
    expect(mediaSpriteOf(root)?.visible ?? false).toBe(false);
    expect(labelOf(root)!.visible).toBe(true);
    expect(compositor.stats().textures).toBe(2); // the video's texture is held, waiting for data, + label
  });

  it('uploads a media source only when it was invalidated, once per frame', async () => {
    const { compositor, frames } = await rig(scene([producer('a'), producer('b')]), cams('a', 'b'));
    frames.tick();
    expect(compositor.stats().videoUploads).toBe(0); // the first upload is the texture's creation
    compositor.invalidateMedia('a');
    compositor.invalidateMedia('a');
    frames.tick();
    expect(compositor.stats().videoUploads).toBe(1);
    compositor.invalidateMedia();
    compositor.renderNow();
    expect(compositor.stats().videoUploads).toBe(3);
    frames.tick();
    expect(compositor.stats().frames).toBe(3);
  });

  it('renderNow draws synchronously and cancels the pending frame', async () => {
    const { compositor, store, frames } = await rig(scene([producer('a')]), cams('a'));
    frames.tick();
    store.set(scene([producer('a', { videoMuted: true })])); // a change that does not animate
    compositor.renderNow();
    expect(compositor.stats().frames).toBe(2);
    expect(labelOf(producerRoot(compositor, 'a')!)?.visible).toBe(true);
    expect(frames.pending).toBe(0);
    expect(compositor.stats().lastFrameMs).toBeGreaterThanOrEqual(0);
  });

  it('draws a zero-sized (hidden) producer as nothing and holds no media for it', async () => {
    const hidden = { x: 0.5, y: 0.5, width: 0, height: 0 };
    const { compositor, frames } = await rig(scene([producer('a', { rect: hidden })]), cams('a'));
    frames.tick();
    expect(producerRoot(compositor, 'a')!.visible).toBe(false);
    expect(compositor.stats().textures).toBe(0);
  });

  it('resize and zoom schedule one frame and re-lay the tiles; zoom scales about the centre', async () => {
    const { compositor, frames } = await rig(scene([producer('a', { rect: { x: 0.5, y: 0, width: 0.5, height: 0.5 } })]), cams('a'));
    frames.tick();
    compositor.resize(1920, 1080);
    compositor.setZoom(1.04);
    expect(frames.pending).toBe(1);
    frames.tick();
    expect(producerRoot(compositor, 'a')!.position.x).toBe(960);
    const root = drawn(compositor);
    expect(root.scale.x).toBeCloseTo(1.04);
    expect(root.position.x).toBeCloseTo(-38.4);
    expect(root.position.y).toBeCloseTo(-21.6);
  });

  it('draws a media background cover-fit over the whole frame', async () => {
    const bg = mediaCanvas(1000, 1000);
    const { compositor, frames } = await rig(
      scene([], { background: { kind: 'media', source: { key: 'bg', placeholderColor: '#000000' } } }),
      { bg },
    );
    frames.tick();
    const background = drawn(compositor).getChildByLabel('background')!;
    const sprite = mediaSpriteOf(background)!;
    expect(sprite.texture.frame).toMatchObject({ x: 0, y: 218.75, width: 1000, height: 562.5 });
    expect(sprite.width).toBeCloseTo(1600);
    expect(sprite.height).toBeCloseTo(900);
    expect(compositor.stats().textures).toBe(1);
  });

  it('works with a zustand vanilla store as the source', async () => {
    const store = createStore<SceneModel>(() => scene([producer('a')]));
    const frames = new ManualFrames();
    let now = 0;
    const compositor = await createCompositor({
      canvas: document.createElement('canvas'),
      width: 640,
      height: 360,
      source: store,
      media: () => null,
      frames,
      clock: () => now,
    });
    live.push(compositor);
    frames.tick();
    store.setState(scene([producer('a'), producer('b')]));
    store.setState(scene([producer('b')]));
    expect(frames.pending).toBe(1);
    frames.tick();
    expect(producerRoots(compositor).map((r) => r.label)).toEqual(['producer:b', 'producer:a']); // a fades out on top
    now += 1000;
    frames.tick();
    expect(producerRoots(compositor).map((r) => r.label)).toEqual(['producer:b']);
  });

  it('destroy tears down, unsubscribes, cancels the pending frame, and is idempotent', async () => {
    const { compositor, store, frames } = await rig(scene([producer('a', { videoMuted: true })]), cams('a'));
    frames.tick();
    const root = producerRoot(compositor, 'a')!;
    store.set(scene([producer('a')]));
    expect(frames.pending).toBe(1);
    compositor.destroy();
    compositor.destroy();
    expect(frames.pending).toBe(0);
    expect(store.listenerCount).toBe(0);
    expect(root.destroyed).toBe(true);
    expect(compositor.stats().textures).toBe(0);
    compositor.renderNow(); // no-op after destroy
    compositor.resize(10, 10);
    compositor.invalidateMedia();
    expect(frames.pending).toBe(0);
  });

  it('StrictMode-style double mount on one canvas: the second compositor starts after the first is destroyed', async () => {
    const canvas = document.createElement('canvas');
    const options = (): CompositorOptions => ({
      canvas,
      width: 64,
      height: 36,
      source: new SceneStore(scene([producer('a')])),
      media: () => null,
      frames: new ManualFrames(),
    });
    const order: string[] = [];
    const first = createCompositor(options()).then((c) => {
      order.push('first ready');
      c.destroy(); // the effect was already cleaned up
      order.push('first destroyed');
    });
    const second = createCompositor(options()).then((c) => {
      order.push('second ready');
      live.push(c);
      return c;
    });
    await Promise.all([first, second]);
    expect(order).toEqual(['first ready', 'first destroyed', 'second ready']);
    const c = await second;
    c.renderNow();
    expect(c.stats().frames).toBe(1);
  });

  it('an AbortSignal aborted before init resolves destroys the renderer and rejects', async () => {
    const controller = new AbortController();
    const store = new SceneStore(scene([]));
    const pending = createCompositor({
      canvas: document.createElement('canvas'),
      width: 64,
      height: 36,
      source: store,
      media: () => null,
      frames: new ManualFrames(),
      signal: controller.signal,
    });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(store.listenerCount).toBe(0);
  });
});
