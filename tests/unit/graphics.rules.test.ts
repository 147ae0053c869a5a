import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyChannel, type LogoItem, type LogoPosition, type TemplateItem } from '../../compositor/model/channel';
import { createTemplate } from '../../compositor/templates/schemas';
import { channelScene } from '../../compositor/convert';
import { onLocalChange, useChannelStore } from '../../src/state/channel/store';
import { stageActions } from '../../src/state/channel/stageActions';
import { brandActions, lowerThirdActions, logoActions, mediaActions, tickerActions } from '../../src/state/graphics/graphicsActions';
import { canMoveLogo, cornerOnSelect, LOGO_CORNERS, REFUSALS } from '../../src/state/graphics/rules';
import { LOGO_DELETE_DELAY_MS, LOWER_THIRD_TEXT_MAX, MAX_LOGOS_ON_STAGE, MAX_USER_COLORS, PRESET_SWATCHES, TICKER_TEXT_MAX } from '../../src/lib/limits';
import type { UpdateReason } from '../../compositor/model/types';

const doc = () => useChannelStore.getState().doc;
const item = (id: string) => doc().templates.find((t) => t.id === id)!;
const logoAt = (id: string, corner: LogoPosition, selected: boolean): LogoItem => createTemplate('LOGO', { id, corner, selected, source: '/l.png', name: id });

beforeEach(() => stageActions.load(emptyChannel()));

describe('§9 graphics limits are named', () => {
  it('has 14 preset swatches, the first #0D62C5; 28 user colours; 4 logos; 120 and 500 characters', () => {
    expect(PRESET_SWATCHES).toHaveLength(14);
    expect(PRESET_SWATCHES[0]).toBe('#0D62C5');
    expect(new Set(PRESET_SWATCHES).size).toBe(14);
    expect([MAX_USER_COLORS, MAX_LOGOS_ON_STAGE, LOWER_THIRD_TEXT_MAX, TICKER_TEXT_MAX, LOGO_DELETE_DELAY_MS]).toEqual([28, 4, 120, 500, 100]);
  });
});

describe('logo corners (§4 Logo)', () => {
  const list = (...logos: LogoItem[]): TemplateItem[] => logos;
  it.each([
    ['its own corner when free', list(logoAt('a', 'BOTTOMLEFT', false)), 'a', 'BOTTOMLEFT'],
    ['the first free corner when its own is taken', list(logoAt('a', 'TOPRIGHT', false), logoAt('b', 'TOPRIGHT', true)), 'a', 'TOPLEFT'],
    ['skips every taken corner in panel order', list(logoAt('a', 'TOPRIGHT', false), logoAt('b', 'TOPRIGHT', true), logoAt('c', 'TOPLEFT', true)), 'a', 'BOTTOMRIGHT'],
    ['a mid-edge position moves to a corner', list(logoAt('a', 'TOP', false)), 'a', 'TOPRIGHT'],
    ['null when all four corners are taken', list(logoAt('a', 'TOPRIGHT', false), ...LOGO_CORNERS.map((c, i) => logoAt(`s${i}`, c, true))), 'a', null],
  ] as const)('on select: %s', (_, templates, id, expected) => {
    expect(cornerOnSelect(templates, id)).toBe(expected);
  });

  it.each([
    ['a free corner', 'BOTTOMRIGHT', true],
    ['a corner of another selected logo', 'TOPLEFT', false],
    ['its own corner', 'TOPRIGHT', true],
    ['a corner of an unselected logo', 'BOTTOMLEFT', true],
    ['a position the panel does not offer', 'TOP', false],
  ] as const)('moving to %s: %s', (_, corner, allowed) => {
    const templates = [logoAt('a', 'TOPRIGHT', true), logoAt('b', 'TOPLEFT', true), logoAt('c', 'BOTTOMLEFT', false)];
    expect(canMoveLogo(templates, 'a', corner)).toBe(allowed);
  });

  it('selecting a fifth logo is refused with a reason; the four stay', () => {
    const ids = ['1', '2', '3', '4', '5'].map((n) => logoActions.add({ name: `Logo ${n}`, source: `/l${n}.png`, origin: 'user_asset' }));
    for (const id of ids.slice(0, 4)) expect(logoActions.toggle(id)).toMatchObject({ ok: true });
    expect(new Set(ids.slice(0, 4).map((id) => (item(id) as LogoItem).corner))).toEqual(new Set(LOGO_CORNERS));
    expect(logoActions.toggle(ids[4]!)).toEqual({ ok: false, reason: REFUSALS.allCornersTaken });
    expect(item(ids[4]!).selected).toBe(false);
  });

  it('delete unselects at once and removes after 100 ms, as one undo entry', () => {
    vi.useFakeTimers();
    try {
      const id = logoActions.add({ name: 'Brand', source: '/b.png', origin: 'user_asset' });
      logoActions.toggle(id);
      logoActions.remove(id);
      expect(item(id).selected).toBe(false);
      vi.advanceTimersByTime(LOGO_DELETE_DELAY_MS - 1);
      expect(item(id)).toBeDefined();
      vi.advanceTimersByTime(1);
      expect(doc().templates.find((t) => t.id === id)).toBeUndefined();
      stageActions.undo();
      expect(item(id)).toMatchObject({ selected: true });
    } finally {
      vi.useRealTimers();
    }
  });

  it('rename needs text and is cleaned by the text rule', () => {
    const id = logoActions.add({ name: 'Brand', source: '/b.png', origin: 'user_asset' });
    expect(logoActions.rename(id, '   ')).toBe(false);
    expect(logoActions.rename(id, 'New <b>name</b>')).toBe(true);
    expect(item(id).name).toBe('New name');
  });
});

describe('lower thirds (§4 Lower third)', () => {
  it('creates, selects only one, and selecting again unselects', () => {
    const a = lowerThirdActions.save({ primaryText: 'Ada', secondaryText: 'Host' });
    const b = lowerThirdActions.save({ primaryText: 'Bea', secondaryText: 'Guest' });
    if (!a.ok || !b.ok) throw new Error('not saved');
    lowerThirdActions.toggle(a.id);
    lowerThirdActions.toggle(b.id);
    expect([item(a.id).selected, item(b.id).selected]).toEqual([false, true]);
    lowerThirdActions.toggle(b.id);
    expect(item(b.id).selected).toBe(false);
  });

  it('the selected one cannot be edited or deleted', () => {
    const a = lowerThirdActions.save({ primaryText: 'Ada', secondaryText: '' });
    if (!a.ok) throw new Error('not saved');
    lowerThirdActions.toggle(a.id);
    expect(lowerThirdActions.save({ id: a.id, primaryText: 'Changed', secondaryText: '' })).toEqual({ ok: false, reason: REFUSALS.selectedCannotChange });
    expect(lowerThirdActions.remove(a.id)).toEqual({ ok: false, reason: REFUSALS.selectedCannotChange });
    expect(item(a.id).primaryText).toBe('Ada');
  });

  it('cuts each text to 120 characters and strips markup; empty primary text is refused', () => {
    const r = lowerThirdActions.save({ primaryText: `<i>x</i>${'a'.repeat(200)}`, secondaryText: 'b'.repeat(121) });
    if (!r.ok) throw new Error('not saved');
    expect(item(r.id).primaryText).toHaveLength(LOWER_THIRD_TEXT_MAX);
    expect(item(r.id).primaryText.startsWith('xa')).toBe(true);
    expect(item(r.id).secondaryText).toHaveLength(LOWER_THIRD_TEXT_MAX);
    expect(lowerThirdActions.save({ primaryText: ' \u200b ', secondaryText: 'x' })).toEqual({ ok: false, reason: REFUSALS.emptyText });
  });

  it('only the selected one is on the scene, in the brand theme and colour', () => {
    const r = lowerThirdActions.save({ primaryText: 'Ada', secondaryText: 'Host' });
    if (!r.ok) throw new Error('not saved');
    expect(channelScene(doc()).templates).toEqual([]);
    lowerThirdActions.toggle(r.id);
    brandActions.setTheme('lower_third2');
    brandActions.setPrimaryColor('#AA3300');
    expect(channelScene(doc()).templates).toMatchObject([{ kind: 'lowerThird', theme: '2', primaryColor: '#AA3300', primaryText: 'Ada' }]);
  });
});

describe('tickers (§4 Ticker)', () => {
  it('a new ticker is new and unselected; selecting clears new and unselects the others', () => {
    const a = tickerActions.save({ primaryText: 'One', primaryColor: '#112233' });
    const b = tickerActions.save({ primaryText: 'Two', primaryColor: '#445566' });
    if (!a.ok || !b.ok) throw new Error('not saved');
    expect(item(a.id)).toMatchObject({ isNew: true, selected: false, primaryColor: '#112233' });
    tickerActions.toggle(a.id);
    tickerActions.toggle(b.id);
    expect(item(a.id)).toMatchObject({ selected: false, isNew: false });
    expect(item(b.id)).toMatchObject({ selected: true, isNew: false });
    expect(channelScene(doc()).templates).toMatchObject([{ kind: 'ticker', text: 'Two', color: '#445566' }]);
  });

  it('cuts the text to 500 characters; the selected one cannot be edited or deleted', () => {
    const a = tickerActions.save({ primaryText: 'x'.repeat(600), primaryColor: 'not a colour' });
    if (!a.ok) throw new Error('not saved');
    expect(item(a.id).primaryText).toHaveLength(TICKER_TEXT_MAX);
    expect(item(a.id).primaryColor).toBe(doc().brandSettings.primaryColor);
    tickerActions.toggle(a.id);
    expect(tickerActions.remove(a.id)).toEqual({ ok: false, reason: REFUSALS.selectedCannotChange });
    tickerActions.toggle(a.id);
    expect(tickerActions.remove(a.id)).toEqual({ ok: true, id: a.id });
    expect(doc().templates).toEqual([]);
  });
});

describe('media (§4 foreground exclusivity) and brand settings', () => {
  const image = { id: 'img', type: 'image' as const, url: '/i.png', name: 'Frame' };
  const video = { id: 'vid', type: 'video' as const, url: '/v.webm', name: 'Intro' };

  it('selecting a foreground video clears the image and the other way round', () => {
    mediaActions.select('foregroundImage', image);
    mediaActions.select('foregroundVideo', video);
    expect(doc().media).toMatchObject({ foregroundImage: null, foregroundVideo: video });
    mediaActions.select('foregroundImage', image);
    expect(doc().media).toMatchObject({ foregroundImage: image, foregroundVideo: null });
  });

  it('saves each edit with its §3 reason', () => {
    const reasons: UpdateReason[] = [];
    const stop = onLocalChange((c) => reasons.push(c.reason));
    mediaActions.select('background', { ...video, id: 'bgv' });
    brandActions.toggleNametags();
    brandActions.setTheme('lower_third3');
    stop();
    expect(reasons.map((r) => [r.group, r.action])).toEqual([
      ['BACKGROUND_VIDEO', 'SELECT'],
      ['BRANDSETTING', 'NAMETAGS'],
      ['BRANDSETTING', 'THEME'],
    ]);
  });

  it('a colour drag is one undo entry; an invalid colour is refused', () => {
    brandActions.beginColorDrag();
    for (const c of ['#111111', '#222222', '#333333']) brandActions.setPrimaryColor(c);
    brandActions.endColorDrag();
    expect(brandActions.setPrimaryColor('blue')).toBe(false);
    expect(doc().brandSettings.primaryColor).toBe('#333333');
    stageActions.undo();
    expect(doc().brandSettings.primaryColor).toBe('#0D62C5');
    expect(useChannelStore.getState().canUndo).toBe(false);
  });
});
