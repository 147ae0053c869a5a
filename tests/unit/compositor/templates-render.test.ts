/**
 * The lower third, ticker, logo and name tag in the compositor (jsdom + vitest-canvas-mock: scene
 * graph, frame requests and counters; pixels are the golden images): the leave phase, the ticker's
 * scroll on the compositor clock, render on demand, and text rasterised only on change.
 */
import { describe, expect, it } from 'vitest';
import type { Container } from 'pixi.js';
import type { SceneLogo, SceneLowerThird, SceneModel, SceneNametag, SceneTemplate, SceneTicker } from '../../../compositor/model/scene';
import { LOWER_THIRD_THEMES } from '../../../compositor/templates/lowerThird';
import { TICKER_IN_MS, TICKER_OUT_MS } from '../../../compositor/templates/ticker/schema';
import { mutedTileColor } from '../../../compositor/render/geometry';
import { drawn, labelOf, mediaCanvas, producer, producerRoot, rig, scene } from './rig';

const lowerThird = (patch: Partial<SceneLowerThird> = {}): SceneLowerThird => ({
  kind: 'lowerThird',
  id: 'lt',
  theme: '1',
  primaryText: 'Ada Lovelace',
  secondaryText: 'Analyst',
  primaryColor: '#C0392B',
  ...patch,
});
const ticker = (patch: Partial<SceneTicker> = {}): SceneTicker => ({ kind: 'ticker', id: 'tk', text: 'Breaking: '.repeat(30), color: '#102040', ...patch });
const logo = (patch: Partial<SceneLogo> = {}): SceneLogo => ({ kind: 'logo', id: 'lg', corner: 'TOPLEFT', source: { key: 'logo:lg', placeholderColor: '#00000000' }, ...patch });
const nametag = (patch: Partial<SceneNametag> = {}): SceneNametag => ({
  kind: 'nametag',
  id: 'nt',
  number: 2,
  rect: { x: 0, y: 0, width: 0.5, height: 0.5 },
  theme: '1',
  name: 'Ada Lovelace',
  initials: '',
  primaryColor: '#0D62C5',
  ...patch,
});

const withTemplates = (templates: SceneTemplate[]): SceneModel => scene([producer('a')], { templates });

/** A rig on a clock the test moves (ms). */
async function clocked(initial: SceneModel, media: Record<string, HTMLCanvasElement> = {}) {
  const clock = { now: 1000 };
  const r = await rig(initial, { a: mediaCanvas(), ...media }, { width: 1920, height: 1080, clock: () => clock.now, fonts: null });
  const step = (ms: number): void => {
    clock.now += ms;
    r.frames.tick();
  };
  return { ...r, clock, step };
}

const templateRoots = (c: Parameters<typeof drawn>[0]): Container[] => [...(drawn(c).getChildByLabel('templates')?.children ?? [])];
const rootOf = (c: Parameters<typeof drawn>[0], label: string): Container | null => drawn(c).getChildByLabel(label, true);

describe('lower third: played in, played out when it leaves', () => {
  it('slides in over its in-time, then stops asking for frames', async () => {
    const { compositor, frames, step } = await clocked(withTemplates([lowerThird()]));
    frames.tick();
    const root = rootOf(compositor, 'template:lowerThird:lt')!;
    const group = root.children[0]!;
    expect(group.x).toBeLessThan(0); // off to the left at the first frame
    expect(frames.pending).toBe(1); // moving: the next frame is asked for
    step(LOWER_THIRD_THEMES['1'].inMs / 2);
    expect(group.x).toBeLessThan(0);
    step(LOWER_THIRD_THEMES['1'].inMs);
    expect(group.x).toBe(0);
    expect(frames.pending).toBe(0); // settled: render on demand again
  });

  it('leaving: kept drawn during the out-animation, then destroyed', async () => {
    const { compositor, store, frames, step } = await clocked(withTemplates([lowerThird()]));
    frames.tick();
    step(1000);
    const root = rootOf(compositor, 'template:lowerThird:lt')!;
    store.set(withTemplates([]));
    step(0);
    expect(templateRoots(compositor)).toContain(root);
    expect(root.destroyed).toBe(false);
    expect(frames.pending).toBe(1);
    step(LOWER_THIRD_THEMES['1'].outMs / 2);
    expect(root.destroyed).toBe(false);
    expect(root.children[0]!.x).toBeLessThan(0);
    step(LOWER_THIRD_THEMES['1'].outMs);
    expect(root.destroyed).toBe(true);
    expect(templateRoots(compositor)).toHaveLength(0);
    frames.tick();
    expect(frames.pending).toBe(0);
  });

  it('the same id coming back while leaving takes the view back (no new view, plays in again)', async () => {
    const { compositor, store, frames, step } = await clocked(withTemplates([lowerThird()]));
    frames.tick();
    step(1000);
    const root = rootOf(compositor, 'template:lowerThird:lt')!;
    store.set(withTemplates([]));
    step(100);
    store.set(withTemplates([lowerThird({ primaryText: 'Ada King' })]));
    step(0);
    step(5000);
    expect(rootOf(compositor, 'template:lowerThird:lt')).toBe(root);
    expect(root.destroyed).toBe(false);
    expect(root.children[0]!.x).toBe(0);
    expect(templateRoots(compositor)).toEqual([root]);
  });

  it('each theme plays in with its own motion', async () => {
    for (const theme of ['2', '3'] as const) {
      const { compositor, frames, step } = await clocked(withTemplates([lowerThird({ theme })]));
      frames.tick();
      const group = rootOf(compositor, 'template:lowerThird:lt')!.children[0]!;
      if (theme === '2') expect(group.alpha).toBe(0);
      else expect(group.children[0]!.scale.x).toBe(0);
      step(2000);
      expect(group.alpha).toBe(1);
      expect(group.children[0]!.scale.x).toBe(1);
      compositor.destroy();
    }
  });
});

describe('ticker: scrolls on the compositor clock, rasterised once', () => {
  it('moves 60 px per second at 1920 wide, from the padding at the start', async () => {
    const { compositor, frames, step } = await clocked(withTemplates([ticker()]));
    frames.tick();
    const strip = rootOf(compositor, 'template:ticker:tk')!.getChildByLabel('ticker-strip')!;
    expect(strip.x).toBe(60);
    step(1000);
    expect(strip.x).toBe(0);
    step(500);
    expect(strip.x).toBe(-30);
  });

  it('keeps asking for frames while on stage; none once it leaves; text rasterised only on change', async () => {
    const { compositor, store, frames, step } = await clocked(withTemplates([ticker()]));
    frames.tick();
    const rasters = compositor.stats().textRasters;
    const drawnBefore = compositor.stats().frames;
    for (let i = 0; i < 120; i += 1) step(16);
    expect(compositor.stats().frames - drawnBefore).toBe(120);
    expect(compositor.stats().textRasters).toBe(rasters); // scrolling moves a container, never re-rasterises
    expect(frames.pending).toBe(1);

    store.set(withTemplates([ticker({ color: '#FFE119' })])); // a light band: dark text, a new raster
    step(16);
    expect(compositor.stats().textRasters).toBeGreaterThan(rasters);

    store.set(withTemplates([]));
    step(16); // it leaves at this frame…
    step(TICKER_OUT_MS / 2);
    const root = rootOf(compositor, 'template:ticker:tk')!;
    expect(root.y).toBeGreaterThan(0); // …and sinks out
    step(TICKER_OUT_MS);
    expect(rootOf(compositor, 'template:ticker:tk')).toBeNull();
    frames.tick();
    expect(frames.pending).toBe(0);
  });

  it('rises in from the bottom edge, and back while sinking rises again from where it is', async () => {
    const { compositor, store, frames, step } = await clocked(withTemplates([ticker()]));
    frames.tick();
    const root = rootOf(compositor, 'template:ticker:tk')!;
    const below = root.y;
    expect(below).toBeGreaterThan(0);
    step(TICKER_IN_MS / 2);
    expect(root.y).toBeGreaterThan(0);
    expect(root.y).toBeLessThan(below);
    step(TICKER_IN_MS);
    expect(root.y).toBe(0);
    store.set(withTemplates([]));
    step(16);
    step(TICKER_OUT_MS / 2);
    const sunk = root.y;
    expect(sunk).toBeGreaterThan(0);
    store.set(withTemplates([ticker()]));
    step(16);
    expect(rootOf(compositor, 'template:ticker:tk')).toBe(root); // the same view, no new raster
    expect(root.y).toBeLessThan(below); // from where it was, not from the bottom edge again
    step(TICKER_IN_MS);
    expect(root.y).toBe(0);
  });

  it('the copies share the rasters: text textures stay those of one copy', async () => {
    const { compositor, frames } = await clocked(withTemplates([ticker({ text: 'Short' })]));
    frames.tick();
    const strip = rootOf(compositor, 'template:ticker:tk')!.getChildByLabel('ticker-strip')!;
    expect(strip.children.length).toBeGreaterThan(2); // a short text is repeated across the band
    expect(compositor.stats().textures).toBe(1 + 1); // the camera + one text raster
  });
});

describe('render on demand with templates', () => {
  it('an idle stage without ticker or animation draws no frames', async () => {
    const { compositor, frames, step } = await clocked(withTemplates([lowerThird(), nametag()]));
    frames.tick();
    step(5000); // the lower third finishes playing in
    frames.tick();
    const before = compositor.stats().frames;
    for (let i = 0; i < 10; i += 1) step(100);
    expect(compositor.stats().frames).toBe(before);
    expect(frames.pending).toBe(0);
  });
});

describe('logo and name tag', () => {
  it('the logo shows its picture in its corner once there is one, transparent until then', async () => {
    const picture = mediaCanvas(400, 200);
    const { compositor, frames, media } = await clocked(withTemplates([logo({ corner: 'BOTTOMRIGHT' })]));
    frames.tick();
    const root = rootOf(compositor, 'template:logo:lg')!;
    expect(root.children.filter((c) => c.visible)).toHaveLength(0);
    media.set('logo:lg', picture);
    compositor.invalidateMedia('logo:lg');
    frames.tick();
    const sprite = root.children[0]!;
    expect(sprite.visible).toBe(true);
    expect(sprite.x + sprite.width).toBe(Math.round(0.92 * 1920));
    expect(sprite.y + sprite.height).toBe(Math.round(0.92 * 1080));
    expect(sprite.height).toBe(Math.round(0.12 * 1080));
  });

  it('the name tag sits at the bottom left of its tile with the initials and the name', async () => {
    const { compositor, frames } = await clocked(withTemplates([nametag({ rect: { x: 0.5, y: 0.5, width: 0.5, height: 0.5 } })]));
    frames.tick();
    const root = rootOf(compositor, 'template:nametag:nt')!;
    const texts = root.children.filter((c) => c.label === 'nametag-name' || c.label === 'nametag-initials') as unknown as { label: string; text: string; x: number; y: number }[];
    expect(texts.map((t) => [t.label, t.text])).toEqual([
      ['nametag-name', 'Ada Lovelace'],
      ['nametag-initials', 'AL'],
    ]);
    for (const t of texts) {
      expect(t.x).toBeGreaterThan(960);
      expect(t.x).toBeLessThan(960 + 480);
      expect(t.y).toBeGreaterThan(540 + 400);
    }
  });
});

describe('a producer with muted video', () => {
  it('shows its initials on a colour from its name', async () => {
    const { compositor, frames } = await clocked(scene([producer('a', { name: 'Grace Hopper', videoMuted: true })]));
    frames.tick();
    const root = producerRoot(compositor, 'a')!;
    const tile = root.children[0] as unknown as { tint: number; visible: boolean };
    expect(tile.visible).toBe(true);
    expect(tile.tint).toBe(parseInt(mutedTileColor('Grace Hopper').slice(1), 16));
    expect(labelOf(root)!.text).toBe('GH');
    expect(compositor.stats().textRasters).toBe(1);
  });
});
