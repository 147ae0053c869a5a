/**
 * compositor/render: the foreground image or video layer (§3 Media state) over the producers and their
 * name tags, under the chat overlay and the §9 templates (FOREGROUND_Z).
 */
import { describe, expect, it } from 'vitest';
import { chatOverlay } from '../../../compositor/templates/chatOverlay';
import { drawn, mediaCanvas, mediaSpriteOf, producer, rig, scene } from './rig';

const fg = (key: string) => ({ key, placeholderColor: '#00000000' });

describe('foreground media', () => {
  it('is drawn cover-fit over the producers and under the templates, only while there is one', async () => {
    const tag = { kind: 'nametag' as const, id: 'n', number: 2, theme: '1' as const, name: 'Ada', initials: 'A', primaryColor: '#0D62C5', rect: { x: 0, y: 0, width: 1, height: 1 } };
    const { compositor, store, frames } = await rig(scene([producer('a')], { templates: [chatOverlay({ id: 'm1', text: 'hi' }), tag] }), { a: mediaCanvas(), 'foregroundImage:f1': mediaCanvas(1000, 1000) });
    frames.tick();
    const templates = () => drawn(compositor).getChildByLabel('templates')!.children.map((c) => c.label);
    expect(drawn(compositor).children.map((c) => c.label)).toEqual(['background', 'producers', 'templates']);
    expect(templates()).toEqual(['template:nametag:n', 'template:chat:m1']);

    store.set({ ...store.getState(), foreground: fg('foregroundImage:f1') });
    frames.tick();
    expect(templates()).toEqual(['template:nametag:n', 'foreground', 'template:chat:m1']);
    const sprite = mediaSpriteOf(drawn(compositor).getChildByLabel('foreground', true)!.children[0]!)!;
    expect(sprite.texture.frame).toMatchObject({ x: 0, y: 218.75, width: 1000, height: 562.5 });
    expect(sprite.width).toBeCloseTo(1600);
    expect(compositor.stats().textures).toBeGreaterThanOrEqual(2);

    store.set({ ...store.getState(), foreground: null });
    frames.tick();
    expect(templates()).toEqual(['template:nametag:n', 'template:chat:m1']);
  });

  it('a new foreground replaces the old one and frees its texture; the same one is kept', async () => {
    const media = { 'foregroundImage:f1': mediaCanvas(), 'foregroundVideo:v1': mediaCanvas() };
    const { compositor, store, frames } = await rig(scene([], { foreground: fg('foregroundImage:f1') }), media);
    frames.tick();
    const first = drawn(compositor).getChildByLabel('foreground', true)!.children[0]!;
    store.set({ ...store.getState(), foreground: fg('foregroundImage:f1') });
    frames.tick();
    expect(drawn(compositor).getChildByLabel('foreground', true)!.children[0]).toBe(first);
    store.set({ ...store.getState(), foreground: fg('foregroundVideo:v1') });
    frames.tick();
    const layer = drawn(compositor).getChildByLabel('foreground', true)!;
    expect(layer.children).toHaveLength(1);
    expect(layer.children[0]).not.toBe(first);
    expect(first.destroyed).toBe(true);
    expect(compositor.stats().textures).toBe(1);
  });
});
