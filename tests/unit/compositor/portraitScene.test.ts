import { describe, expect, it } from 'vitest';
import { channelScene } from '../../../compositor/convert';
import { emptyChannel, type ChannelDoc } from '../../../compositor/model/channel';
import { GRAPHICS_PLACES } from '../../../compositor/model/frame';
import { producerCard, withOrderRanks } from '../../../compositor/model/producerCard';
import { goOnAir } from '../../../compositor/layout/onAir';
import { createTemplate } from '../../../compositor/templates/schemas';
import { chatOverlayMaxLines } from '../../../compositor/templates/chatOverlay/geometry';
import { layoutLowerThird } from '../../../compositor/templates/lowerThird/geometry';
import { LOWER_THIRD_THEMES } from '../../../compositor/templates/lowerThird/schema';

function show(count: number, o: { lowerThird?: boolean; ticker?: boolean; chat?: boolean; shift?: boolean } = {}): ChannelDoc {
  const cards = Array.from({ length: count }, (_, i) => producerCard({ id: `p${i + 1}`, name: `Person ${i + 1}` }));
  let producers = withOrderRanks(cards);
  for (const c of cards) producers = goOnAir(producers, c.id);
  const base = emptyChannel();
  const templates = [
    ...(o.lowerThird ? [createTemplate('LOWERTHIRD', { id: 'lt', primaryText: 'Ada Lovelace', secondaryText: 'Analyst', selected: true })] : []),
    ...(o.ticker ? [createTemplate('TICKER', { id: 'tk', primaryText: 'Breaking news', selected: true })] : []),
  ];
  const chatOnStream = o.chat ? createTemplate('CHAT', { id: 'c', primaryText: 'Great point about latency, thanks!', secondaryText: 'Maria Santos' }) : null;
  return { ...base, producers, templates, chatOnStream, brandSettings: { ...base.brandSettings, shiftVideosUp: o.shift ?? true } };
}

describe('the 9:16 scene: one channel, its own frame', () => {
  it('16:9 is what it was: the channel scene without a shape is the 16:9 one', () => {
    const doc = show(3, { lowerThird: true, chat: true });
    expect(channelScene(doc, '16:9')).toEqual(channelScene(doc));
  });

  it('with graphics on stage and shiftVideosUp, the people keep the full width above them, laid out again', () => {
    const scene = channelScene(show(2, { lowerThird: true, ticker: true }), '9:16');
    const lt = scene.templates!.find((t) => t.kind === 'lowerThird')!;
    expect(lt.kind === 'lowerThird' && lt.bottom).toBeLessThanOrEqual(GRAPHICS_PLACES['9:16'].tickerBottom);
    for (const p of scene.producers) expect(p.rect.width).toBeGreaterThan(0.9);
    const lowest = Math.max(...scene.producers.map((p) => p.rect.y + p.rect.height));
    expect(scene.producerArea!.height).toBeLessThan(1);
    expect(lowest).toBeLessThanOrEqual(scene.producerArea!.height + 1e-4);
  });

  it('keeps every graphic inside the area phone apps leave clear', () => {
    const { safe } = GRAPHICS_PLACES['9:16'];
    const scene = channelScene(show(3, { lowerThird: true, ticker: true, chat: true }), '9:16');
    for (const t of scene.templates!) {
      if (t.kind === 'lowerThird' || t.kind === 'chat') expect(t.bottom).toBeLessThanOrEqual(safe.y + safe.height);
    }
    // A long lower third stays left of the buttons' column.
    const measure = (text: string, px: number) => text.length * px * 0.6;
    const layout = layoutLowerThird({ primary: 'Dr. Maximiliana Oyelaran-Whitfield, Director of Distributed Systems', secondary: 'Keynote: low-latency live video at planetary scale' }, LOWER_THIRD_THEMES['1'], { primary: measure, secondary: measure }, 1080, 1920)!;
    expect(layout.bounds.x + layout.bounds.width).toBeLessThanOrEqual(Math.round((GRAPHICS_PLACES['9:16'].safe.x + GRAPHICS_PLACES['9:16'].lowerThirdMaxWidth) * 1080));
    expect(layout.bounds.x).toBeGreaterThanOrEqual(Math.round(safe.x * 1080));
  });

  it('a message on stream has room for its lines above the lower graphics', () => {
    const scene = channelScene(show(2, { chat: true }), '9:16');
    const chat = scene.templates!.find((t) => t.kind === 'chat')!;
    expect(chat.kind === 'chat' && chatOverlayMaxLines(1080, 1920, chat.bottom, chat.ceiling)).toBeGreaterThanOrEqual(2);
  });
});

describe('the vertical program’s own layout', () => {
  it('draws 9:16 in its own layout when it has one, and 16:9 as before', () => {
    const doc = { ...show(3), layout: 'CLASSIC' as const };
    const own = { ...doc, verticalLayout: 'SPLIT' as const };
    expect(channelScene(own, '16:9')).toEqual(channelScene(doc, '16:9'));
    expect(channelScene(own, '9:16')).not.toEqual(channelScene(doc, '9:16'));
    expect(channelScene(own, '9:16').producers.map((p) => p.rect)).toEqual(channelScene({ ...doc, layout: 'SPLIT' }, '9:16').producers.map((p) => p.rect));
  });
});

describe('graphics left out of the vertical program (issue 34)', () => {
  it('9:16 lacks a hidden graphic while 16:9 keeps it', () => {
    const doc = show(2, { lowerThird: true, ticker: true, chat: true });
    const hidden = { ...doc, verticalHidden: { 'tpl:tk': true, chat: true } as const };
    const kinds = (d: ChannelDoc, shape: '16:9' | '9:16') => channelScene(d, shape).templates!.map((t) => t.kind).filter((k) => k !== 'nametag');
    expect(channelScene(hidden, '16:9')).toEqual(channelScene(doc, '16:9'));
    expect(kinds(doc, '9:16')).toEqual(expect.arrayContaining(['ticker', 'chat', 'lowerThird']));
    expect(kinds(hidden, '9:16')).toEqual(['lowerThird']);
    // Without the ticker and the chat, the people get back the room they took.
    expect(channelScene(hidden, '9:16').producerArea?.height ?? 1).toBeGreaterThan(channelScene(doc, '9:16').producerArea?.height ?? 1);
  });
});
