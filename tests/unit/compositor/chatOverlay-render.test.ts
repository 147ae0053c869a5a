/**
 * Templates in the compositor (chat overlay): reconciled by id like producers, drawn above them, text
 * re-rasterised only on change, textures counted and freed. jsdom + vitest-canvas-mock: scene graph,
 * textures and frame counts only (pixels are the golden images).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Graphics, Text, type Container } from 'pixi.js';
import type { SceneChatOverlay, SceneModel, SceneProducer, SceneTemplate } from '../../../compositor/model/scene';
import type { Compositor, FontSetLike } from '../../../compositor/render';
import { FONT_PRELOAD_TIMEOUT_MS } from '../../../compositor/render/fonts';
import { ChatOverlayView, chatOverlay, chatOverlaySizes } from '../../../compositor/templates/chatOverlay';
import { drawn, mediaCanvas, producer, rig as sharedRig, scene as sharedScene } from './rig';

// ---- test doubles (the shared rig, plus fonts) -----------------------------------------------------

const chat = (patch: Partial<SceneChatOverlay> = {}): SceneChatOverlay =>
  chatOverlay({ id: 'm1', name: 'Ada Lovelace', text: 'Hello from the audience!', ...patch });

function scene(templates: SceneTemplate[] | undefined, producers: SceneProducer[] = [producer('a')]): SceneModel {
  return sharedScene(producers, templates ? { templates } : {});
}

/** A FontFaceSet stand-in: load() resolves when the test says so; fire() is a 'loadingdone'. */
class FakeFonts implements FontSetLike {
  loads: string[] = [];
  private readonly listeners = new Set<() => void>();
  private resolveAll: Array<() => void> = [];
  constructor(private readonly instant = true) {}
  load = (font: string): Promise<unknown> => {
    this.loads.push(font);
    return this.instant ? Promise.resolve([]) : new Promise((r) => this.resolveAll.push(() => r([])));
  };
  addEventListener = (_: 'loadingdone', l: () => void): void => void this.listeners.add(l);
  removeEventListener = (_: 'loadingdone', l: () => void): void => void this.listeners.delete(l);
  finish(): void {
    this.resolveAll.splice(0).forEach((r) => r());
  }
  fire(): void {
    this.listeners.forEach((l) => l());
  }
  get listenerCount(): number {
    return this.listeners.size;
  }
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const rig = (initial: SceneModel, fonts: FontSetLike | null = null) => sharedRig(initial, { a: mediaCanvas() }, { fonts });

const templateLayer = (c: Compositor): Container => drawn(c).getChildByLabel('templates')!;
const chatRoot = (c: Compositor, id = 'm1'): Container | null => drawn(c).getChildByLabel(`template:chat:${id}`, true);
const textOf = (root: Container, label: 'chat-body' | 'chat-name'): Text | undefined =>
  root.children.find((c): c is Text => c instanceof Text && c.label === label);

// ---- tests --------------------------------------------------------------------------------------

describe('chat overlay in the compositor', () => {
  it('draws the card above the producers: header name and wrapped message as pixi Text', async () => {
    const text = 'Great session so far! Could you go back to the slide about latency budgets please?';
    const { compositor, frames } = await rig(scene([chat({ text })]));
    frames.tick();
    expect(drawn(compositor).children.map((c) => c.label)).toEqual(['background', 'producers', 'templates']);
    const root = chatRoot(compositor)!;
    expect(root.visible).toBe(true);
    expect(root.children.map((c) => c.label)).toEqual(['chat-card', 'chat-body', 'chat-name']);
    expect(root.children[0]).toBeInstanceOf(Graphics);
    expect(textOf(root, 'chat-body')!.text).toBe('Great session so far! Could you go back to the\nslide about latency budgets please?');
    expect(textOf(root, 'chat-name')!.text).toBe('Ada Lovelace');
    // Sized by the frame height (900 px here) and standing on y 0.8.
    const s = chatOverlaySizes(900);
    const body = textOf(root, 'chat-body')!;
    expect(body.style.fontSize).toBe(s.fontPx);
    expect(body.style.lineHeight).toBe(s.pitchPx);
    expect(body.position.y + 2 * s.pitchPx).toBe(Math.round(0.8 * 900) - s.padY);
    expect(body.position.x).toBe(Math.round(0.05 * 1600) + s.padX);
    expect(compositor.stats().textures).toBe(1 + 2); // the camera + body + name
  });

  it('draws user markup literally (Text, not HTMLText) and survives a bad colour', async () => {
    const { compositor, frames } = await rig(scene([chat({ text: '<img src=x onerror=alert(1)> & <b>hi</b>', primaryColor: 'javascript:alert(1)' })]));
    frames.tick();
    const root = chatRoot(compositor)!;
    expect(textOf(root, 'chat-body')!.text).toBe('<img src=x onerror=alert(1)> & <b>hi</b>');
    expect(textOf(root, 'chat-body')!.style.tagStyles).toBeUndefined();
    expect(textOf(root, 'chat-name')!.style.fill).toBe('#FFFFFF'); // name on the default #0D62C5
  });

  it('an empty message draws nothing; a message without a name has no header text', async () => {
    const { compositor, store, frames } = await rig(scene([chat({ text: '  \n ' })]));
    frames.tick();
    expect(chatRoot(compositor)!.visible).toBe(false);
    store.set(scene([chat({ name: '', text: 'anonymous question' })]));
    frames.tick();
    const root = chatRoot(compositor)!;
    expect(root.visible).toBe(true);
    expect(textOf(root, 'chat-name')).toBeUndefined();
    expect(textOf(root, 'chat-body')!.text).toBe('anonymous question');
  });

  it('reuses the view and its Text objects across updates; re-renders text only when it changes', async () => {
    const sync = vi.spyOn(ChatOverlayView.prototype, 'sync');
    const { compositor, store, frames, settle } = await rig(scene([chat()]));
    frames.tick();
    const root = chatRoot(compositor)!;
    const body = textOf(root, 'chat-body')!;
    const name = textOf(root, 'chat-name')!;
    expect(sync).toHaveBeenCalledTimes(1);

    // A new but equal template object (selectScene rebuilds on every doc change): no re-sync.
    store.set(scene([chat()]));
    frames.tick();
    expect(sync).toHaveBeenCalledTimes(1);

    // A producer change alone leaves the template untouched.
    store.set(scene([chat()], [producer('a'), producer('b')]));
    frames.tick();
    expect(sync).toHaveBeenCalledTimes(1);

    const setText = vi.spyOn(name, 'text', 'set');
    store.set(scene([chat({ text: 'A new message' })]));
    frames.tick();
    expect(sync).toHaveBeenCalledTimes(2);
    expect(chatRoot(compositor)).toBe(root);
    expect(textOf(root, 'chat-body')).toBe(body);
    expect(textOf(root, 'chat-name')).toBe(name);
    expect(body.text).toBe('A new message');
    expect(setText).not.toHaveBeenCalled(); // the name did not change: its raster stays

    store.set(scene([chat({ text: 'A new message', primaryColor: '#FFE119' })]));
    frames.tick();
    expect(name.style.fill).toBe('#0B0D12'); // dark name on a light header
    settle(); // the producers' tiles (initials labels) have faded out
    expect(compositor.stats().textures).toBe(3);
  });

  it('destroys the view, its Text objects and their textures when the template leaves', async () => {
    const { compositor, store, frames } = await rig(scene([chat()]));
    frames.tick();
    const root = chatRoot(compositor)!;
    const body = textOf(root, 'chat-body')!;
    const name = textOf(root, 'chat-name')!;
    store.set(scene(undefined));
    frames.tick();
    expect(chatRoot(compositor)).toBeNull();
    expect(root.destroyed).toBe(true);
    expect(body.destroyed).toBe(true);
    expect(name.destroyed).toBe(true);
    expect(compositor.stats().textures).toBe(1); // the camera only
  });

  it('leaves the texture count flat after 200 show/hide cycles', async () => {
    const { compositor, store, frames } = await rig(scene([]));
    frames.tick();
    const hidden = compositor.stats().textures;
    store.set(scene([chat()]));
    frames.tick();
    const shown = compositor.stats().textures;
    expect(shown).toBe(hidden + 2);
    for (let i = 0; i < 200; i += 1) {
      store.set(scene([]));
      frames.tick();
      expect(templateLayer(compositor).children).toHaveLength(0);
      store.set(scene([chat({ text: `message ${i}` })]));
      frames.tick();
    }
    expect(compositor.stats().textures).toBe(shown);
    expect(templateLayer(compositor).children).toHaveLength(1);
    store.set(scene([]));
    frames.tick();
    expect(compositor.stats().textures).toBe(hidden);
    expect(compositor.stats().frames).toBe(403);
  });

  it('reconciles several templates by id, in array order among equal z, a duplicate id drawn once', async () => {
    const { compositor, store, frames } = await rig(scene([chat({ id: 'x' }), chat({ id: 'y' }), chat({ id: 'x', text: 'dup' })]));
    frames.tick();
    const labels = (): string[] => templateLayer(compositor).children.map((c) => c.label);
    expect(labels()).toEqual(['template:chat:x', 'template:chat:y']);
    const x = chatRoot(compositor, 'x')!;
    store.set(scene([chat({ id: 'y' }), chat({ id: 'x' })]));
    frames.tick();
    expect(labels()).toEqual(['template:chat:y', 'template:chat:x']);
    expect(chatRoot(compositor, 'x')).toBe(x);
    expect(compositor.stats().textures).toBe(1 + 4);
  });

  it('ignores a template kind this build does not draw', async () => {
    const sparkle = { kind: 'sparkle', id: 't1', text: 'news' } as unknown as SceneTemplate;
    const { compositor, frames } = await rig(scene([sparkle, chat()]));
    frames.tick();
    expect(templateLayer(compositor).children.map((c) => c.label)).toEqual(['template:chat:m1']);
  });

  it('schedules one frame per change and none while idle', async () => {
    const { compositor, store, frames } = await rig(scene([chat()]));
    frames.tick();
    const before = frames.requests;
    for (let i = 0; i < 5; i += 1) frames.tick();
    expect(frames.requests).toBe(before);
    store.set(scene([chat({ text: 'one' })]));
    store.set(scene([chat({ text: 'two' })]));
    expect(frames.requests).toBe(before + 1);
    frames.tick();
    expect(textOf(chatRoot(compositor)!, 'chat-body')!.text).toBe('two');
  });

  it('re-rasterises at the new size after a resize', async () => {
    const { compositor, frames } = await rig(scene([chat()]));
    frames.tick();
    const body = textOf(chatRoot(compositor)!, 'chat-body')!;
    compositor.resize(1920, 1080);
    frames.tick();
    expect(textOf(chatRoot(compositor)!, 'chat-body')).toBe(body);
    expect(body.style.fontSize).toBe(chatOverlaySizes(1080).fontPx);
    expect(body.position.y + chatOverlaySizes(1080).pitchPx).toBe(864 - chatOverlaySizes(1080).padY);
  });
});

describe('template fonts', () => {
  it('loads the template fonts before the first frame', async () => {
    const fonts = new FakeFonts(false);
    let ready = false;
    const pending = rig(scene([chat()]), fonts).then((r) => {
      ready = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(fonts.loads.length).toBeGreaterThan(0);
    expect(fonts.loads.every((f) => f.includes('Inter Variable'))).toBe(true);
    expect(ready).toBe(false);
    fonts.finish();
    const { compositor, frames } = await pending;
    frames.tick();
    expect(compositor.stats().frames).toBe(1);
  });

  it('gives up waiting after FONT_PRELOAD_TIMEOUT_MS', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fonts = new FakeFonts(false); // never finishes
    let ready = false;
    const pending = rig(scene([chat()]), fonts).then((r) => {
      ready = true;
      return r;
    });
    await vi.advanceTimersByTimeAsync(FONT_PRELOAD_TIMEOUT_MS - 10);
    expect(ready).toBe(false);
    await vi.advanceTimersByTimeAsync(20);
    await pending;
    expect(ready).toBe(true);
  });

  it('re-rasterises template text when more fonts finish loading, with one frame', async () => {
    const fonts = new FakeFonts();
    const { compositor, frames } = await rig(scene([chat()]), fonts);
    frames.tick();
    const before = textOf(chatRoot(compositor)!, 'chat-body')!;
    const string = before.text;
    fonts.fire();
    expect(frames.pending).toBe(1);
    frames.tick();
    const after = textOf(chatRoot(compositor)!, 'chat-body')!;
    expect(after).not.toBe(before); // a new Text: same string and style would hit pixi's text cache
    expect(before.destroyed).toBe(true);
    expect(after.text).toBe(string);
    expect(compositor.stats().textures).toBe(3);
  });

  it('a font event with no templates draws nothing; destroy stops listening', async () => {
    const fonts = new FakeFonts();
    const { compositor, frames } = await rig(scene(undefined), fonts);
    frames.tick();
    fonts.fire();
    expect(frames.pending).toBe(0);
    expect(fonts.listenerCount).toBe(1);
    compositor.destroy();
    expect(fonts.listenerCount).toBe(0);
  });
});
