import { describe, expect, it } from 'vitest';
import { effectiveLayout, spotlight } from '../../../compositor/layout';
import type { ChannelDoc, LogoItem, MediaRef } from '../../../compositor/model/channel';
import { captureLook, resolveOnAir, takeScene } from '../../../src/state/rundown/look';
import type { OnAirEntry, SceneLook } from '../../../src/state/rundown/types';
import { liveIds, selected, stage } from './fixtures';

const bg: MediaRef = { id: 'bg-1', type: 'image', url: '/bg/1.jpg', name: 'Bg' };
const fgImage: MediaRef = { id: 'fg-1', type: 'image', url: '/fg/1.png', name: 'Fg' };
const fgVideo: MediaRef = { id: 'fv-1', type: 'video', url: '/fv/1.mp4', name: 'Clip' };

function showStage(): ChannelDoc {
  const doc = stage(['mod', 'g2', 'g1']);
  return {
    ...doc,
    layout: 'CINEMA',
    producers: spotlight(doc.producers, 'g2'),
    brandSettings: { ...doc.brandSettings, nametagsActive: false },
    media: { background: bg, foregroundImage: fgImage, foregroundVideo: null },
    templates: doc.templates.map((t) => (['lt-2', 'tk-1', 'logo-2'].includes(t.id) ? { ...t, selected: true } : t)),
  };
}

const guest = (cardId: string, index: number): OnAirEntry => ({ cardId, slot: { kind: 'guest', index } });

describe('captureLook', () => {
  it('reads every field of the stage', () => {
    expect(captureLook(showStage())).toEqual({
      layout: 'CINEMA',
      onAir: [{ cardId: 'mod', slot: { kind: 'moderator', index: 0 } }, guest('g2', 0), guest('g1', 1)],
      spotlight: 1,
      lowerThirdId: 'lt-2',
      tickerId: 'tk-1',
      logoIds: ['logo-2'],
      nametagsActive: false,
      media: { background: bg, foregroundImage: fgImage, foregroundVideo: null },
      vertical: { layout: null, hidden: [] },
    });
    expect(captureLook({ ...showStage(), verticalLayout: 'SPLIT', verticalHidden: { 'tpl:tk-1': true, chat: true } }).vertical).toEqual({ layout: 'SPLIT', hidden: ['tpl:tk-1', 'chat'] });
  });

  it('an empty stage is an empty look', () => {
    expect(captureLook(stage())).toMatchObject({ onAir: [], spotlight: null, lowerThirdId: null, tickerId: null, logoIds: [] });
  });

  it('a content share has its own slot kind', () => {
    expect(captureLook(stage(['g1', 'share'])).onAir).toEqual([{ cardId: 'share', slot: { kind: 'contentShare', index: 0 } }, guest('g1', 0)]);
  });
});

describe('takeScene', () => {
  it('sets every field of the look and leaves the rest alone', () => {
    const look = captureLook(showStage());
    const next = takeScene(stage(['g3', 'g4']), look);
    expect(next.layout).toBe('CINEMA');
    expect(liveIds(next)).toEqual(['mod', 'g2', 'g1']);
    expect(next.producers.find((p) => p.isSpotted)?.id).toBe('g2');
    expect(selected(next, 'LOWERTHIRD')).toEqual(['lt-2']);
    expect(selected(next, 'TICKER')).toEqual(['tk-1']);
    expect(selected(next, 'LOGO')).toEqual(['logo-2']);
    expect(next.brandSettings).toMatchObject({ nametagsActive: false, primaryColor: stage().brandSettings.primaryColor });
    expect(next.media).toEqual(look.media);
    expect(captureLook(next)).toEqual(look);
  });

  it('ranks the people in the look order, 10 apart, and numbers them from 2', () => {
    const next = takeScene(stage(['g1']), { ...captureLook(stage()), onAir: [guest('g3', 0), guest('g1', 1)] });
    expect(next.producers.filter((p) => p.isLive).map((p) => [p.id, p.liveRank])).toEqual([['g1', 20], ['g3', 10]]);
    expect(next.producers.find((p) => p.id === 'g1')?.number).toBe(2);
    expect(next.producers.find((p) => p.id === 'g3')?.number).toBe(3);
  });

  it('takes everybody else off air and clears their spotlight', () => {
    const before = { ...stage(['g1', 'g2']), producers: spotlight(stage(['g1', 'g2']).producers, 'g1') };
    const next = takeScene(before, { ...captureLook(stage()), onAir: [guest('g2', 0)] });
    expect(next.producers.find((p) => p.id === 'g1')).toMatchObject({ isLive: false, isSpotted: false, number: 0, liveRank: 0 });
  });

  it('taking the stage its own look changes nothing (the same objects)', () => {
    const doc = showStage();
    const next = takeScene(doc, captureLook(doc));
    expect(next.producers).toBe(doc.producers);
    expect(next.templates).toBe(doc.templates);
    expect(next.media).toBe(doc.media);
    expect(next.brandSettings).toBe(doc.brandSettings);
  });

  it.each<[string, string[], OnAirEntry[], (string | null)[]]>([
    ['everybody present', ['mod', 'g1', 'g2', 'g3', 'g4'], [guest('g1', 0), guest('g2', 1)], ['g1', 'g2']],
    ['an absent guest: the first guest not placed', ['mod', 'g1', 'g2', 'g3'], [guest('gone', 0), guest('g1', 1)], ['g2', 'g1']],
    ["'the first two guests', both absent", ['mod', 'g3', 'g4'], [guest('x', 0), guest('y', 1)], ['g3', 'g4']],
    ['the moderator slot takes only a moderator', ['g1'], [{ cardId: 'old-mod', slot: { kind: 'moderator', index: 0 } }], [null]],
    ['a content share slot takes the share there is now', ['g1', 'share'], [{ cardId: 'old-share', slot: { kind: 'contentShare', index: 0 } }], ['share']],
    ['a missing person with no stand-in is simply not on air', ['g1'], [guest('g1', 0), guest('gone', 1)], ['g1', null]],
    ['a card listed twice is placed once', ['g1', 'g2'], [guest('g1', 0), guest('g1', 1)], ['g1', null]],
  ])('slots: %s', (_, present, onAir, expected) => {
    const cards = stage().producers.filter((p) => present.includes(p.id));
    expect(resolveOnAir(cards, onAir)).toEqual(expected);
  });

  it('a stand-in is put on air in the absent person\'s place, spotlight included', () => {
    const look: SceneLook = { ...captureLook(stage()), onAir: [guest('g1', 0), guest('gone', 1)], spotlight: 1 };
    const next = takeScene(stage(), look);
    expect(liveIds(next)).toEqual(['g1', 'g2']);
    expect(next.producers.find((p) => p.isSpotted)?.id).toBe('g2');
  });

  it('a missing person with no stand-in: the others go on air, no spotlight', () => {
    const doc = { ...stage(), producers: stage().producers.filter((p) => p.id === 'g1' || p.id === 'mod') };
    const look: SceneLook = { ...captureLook(stage()), onAir: [guest('g1', 0), guest('gone', 1)], spotlight: 1 };
    const next = takeScene(doc, look);
    expect(liveIds(next)).toEqual(['g1']);
    expect(next.producers.some((p) => p.isSpotted)).toBe(false);
  });

  it.each<[string, Partial<SceneLook>, string, string[]]>([
    ['a deleted lower third: none is shown', { lowerThirdId: 'deleted' }, 'LOWERTHIRD', []],
    ['a deleted ticker: none is shown', { tickerId: 'deleted' }, 'TICKER', []],
    ['a deleted logo is skipped, the others shown', { logoIds: ['deleted', 'logo-1'] }, 'LOGO', ['logo-1']],
  ])('graphics: %s, never brought back', (_, patch, type, expected) => {
    const before = { ...stage(), templates: stage().templates.map((t) => ({ ...t, selected: t.id === 'lt-1' || t.id === 'tk-2' })) };
    const next = takeScene(before, { ...captureLook(stage()), ...patch });
    expect(selected(next, type)).toEqual(expected);
    expect(next.templates.map((t) => t.id)).toEqual(before.templates.map((t) => t.id));
  });

  it('logos sharing a corner: the second goes to the first free corner (§4)', () => {
    const before = { ...stage(), templates: stage().templates.map((t) => (t.type === 'LOGO' ? { ...t, corner: 'TOPRIGHT' as const } : t)) };
    const next = takeScene(before, { ...captureLook(stage()), logoIds: ['logo-1', 'logo-2'] });
    const logos = next.templates.filter((t): t is LogoItem => t.type === 'LOGO');
    expect(logos.map((l) => [l.id, l.selected, l.corner])).toEqual([['logo-1', true, 'TOPRIGHT'], ['logo-2', true, 'TOPLEFT']]);
  });

  it.each<[string, Partial<Record<'background' | 'foregroundImage' | 'foregroundVideo', MediaRef | null>>, string[], Record<string, MediaRef | null>]>([
    ['all present', { background: bg, foregroundVideo: fgVideo }, [], { background: bg, foregroundImage: null, foregroundVideo: fgVideo }],
    ['a deleted background is skipped', { background: bg, foregroundImage: fgImage }, ['bg-1'], { background: null, foregroundImage: fgImage, foregroundVideo: null }],
    ['image and video both: the image (§4 exclusive)', { foregroundImage: fgImage, foregroundVideo: fgVideo }, [], { background: null, foregroundImage: fgImage, foregroundVideo: null }],
  ])('media: %s', (_, media, deleted, expected) => {
    const look = { ...captureLook(stage()), media: { background: null, foregroundImage: null, foregroundVideo: null, ...media } };
    const next = takeScene({ ...stage(), media: { background: null, foregroundImage: null, foregroundVideo: fgVideo } }, look, { mediaExists: (_slot, ref) => !deleted.includes(ref.id) });
    expect(next.media).toEqual(expected);
  });

  it.each<[string, SceneLook['layout'], string[], SceneLook['layout']]>([
    ['SPLIT with 2 on air is drawn as COVER', 'SPLIT', ['g1'], 'COVER'],
    ['CINEMA with 1 on air is drawn as CLASSIC', 'CINEMA', [], 'CLASSIC'],
    ['PIP with 2 on air stays PIP', 'PIP', ['g1'], 'PIP'],
  ])('layout availability (§4): %s', (_, layout, present, drawn) => {
    // The look wanted two guests; only `present` of them (plus stand-ins: none, all others removed) are here.
    const doc = { ...stage(), producers: stage().producers.filter((p) => p.id === 'mod' || present.includes(p.id)) };
    const next = takeScene(doc, { ...captureLook(stage()), layout, onAir: [{ cardId: 'mod', slot: { kind: 'moderator', index: 0 } }, guest('g1', 0)] });
    expect(next.layout).toBe(layout);
    const live = next.producers.filter((p) => p.isLive);
    expect(effectiveLayout(next.layout, live.length, false)).toBe(drawn);
  });
});

describe('the vertical program’s choices in a scene (issue 34)', () => {
  const tall = { ...stage(['g1']), verticalLayout: 'SPLIT' as const, verticalHidden: { 'tpl:tk-1': true as const, chat: true as const } };

  it('taking a scene sets its vertical layout and hides, the 16:9 choices as the look says', () => {
    const next = takeScene(stage(), captureLook(tall));
    expect(next).toMatchObject({ verticalLayout: 'SPLIT', verticalHidden: { 'tpl:tk-1': true, chat: true }, layout: tall.layout });
    expect(captureLook(next)).toEqual(captureLook(tall));
  });

  it('a scene whose vertical program followed the 16:9 one puts it back to following (no hides)', () => {
    const next = takeScene(tall, captureLook(stage()));
    expect(next).not.toHaveProperty('verticalLayout');
    expect(next).not.toHaveProperty('verticalHidden');
  });

  it('a scene saved before the vertical choices leaves them as they are', () => {
    const { vertical: _, ...old } = captureLook(stage());
    const next = takeScene(tall, old);
    expect(next.verticalLayout).toBe('SPLIT');
    expect(next.verticalHidden).toBe(tall.verticalHidden);
  });

  it('a deleted graphic’s hide is not brought back; unchanged hides keep their object', () => {
    const look = { ...captureLook(stage()), vertical: { layout: null, hidden: ['tpl:gone', 'tpl:tk-1', 'chat'] } };
    expect(takeScene(stage(), look).verticalHidden).toEqual({ 'tpl:tk-1': true, chat: true });
    expect(takeScene(tall, look).verticalHidden).toBe(tall.verticalHidden);
  });
});
