import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyChannel } from '../../compositor/model/channel';
import { producerCard, withOrderRanks } from '../../compositor/model/producerCard';
import { stageActions } from '../../src/state/channel/stageActions';
import { useChannelStore } from '../../src/state/channel/store';
import { REDO, UNDO } from '../../src/state/commands/stageCommands';
import { performAndTell } from '../../src/state/feedback';
import { useAlertsStore } from '../../src/state/alertsStore';
import { useAnnouncerStore } from '../../src/state/announcer';
import { GUARD_CUE_TEXT, guardKeys, useGuardCues } from '../../src/state/channel/guards';
import { ACTION_TOAST_MS, GUARD_CUE_MS, MUTE_GUARD_MS, ON_AIR_GUARD_MS } from '../../src/lib/limits';
import { dragLabel, dropIntent } from '../../src/features/backstage/dropIntent';

const names = { a: 'Alex Morgan', b: 'Amara', c: 'Bea', d: 'Dan' };
const cards = () => withOrderRanks(Object.entries(names).map(([id, name]) => producerCard({ id, name, url: `/v/${id}.webm`, participantGuid: `guid-${id}-0001` })));
const doc = () => useChannelStore.getState().doc;
const card = (id: string) => doc().producers.find((p) => p.id === id)!;
const toasts = () => useAlertsStore.getState().infos.filter((m) => m.action).map((m) => m.text);

beforeEach(() => {
  vi.useFakeTimers();
  stageActions.load({ ...emptyChannel(), producers: cards() });
  useAlertsStore.setState({ infos: [] });
});
afterEach(() => vi.useRealTimers());

describe('undo labels name what was done', () => {
  it.each([
    ['on air', () => stageActions.toggleLive('a', 1e6), 'Put Alex Morgan on air'],
    ['a layout, by its name not its code', () => stageActions.setLayout('SIDEBYSIDE'), 'Layout: Side by Side'],
    ['a swap', () => stageActions.swapProducers('a', 'b'), 'Swap Alex Morgan and Amara'],
    ['a move', () => stageActions.reorder('d', 0), 'Move Dan'],
  ])('%s', (_, act, label) => {
    act();
    expect(stageActions.undoLabel()).toBe(label);
    expect(UNDO.label(useChannelStore.getState())).toBe(`Undo ${label}`);
  });
});

describe('undo, redo and shortcuts answer in a toast and the live region', () => {
  it('"Undid: put Alex Morgan on air", then "Redid: …"; the toast goes after ACTION_TOAST_MS', () => {
    stageActions.toggleLive('a', 1e6);
    UNDO.perform();
    expect(toasts()).toEqual(['Undid: put Alex Morgan on air']);
    expect(useAnnouncerStore.getState().message).toBe('Undid: put Alex Morgan on air');
    REDO.perform();
    expect(toasts()).toEqual(['Redid: put Alex Morgan on air']); // one at a time
    vi.advanceTimersByTime(ACTION_TOAST_MS);
    expect(toasts()).toEqual([]);
  });

  it('a shortcut that made an entry says it; one that made none says nothing', () => {
    performAndTell(() => stageActions.setLayout('PIP'));
    expect(toasts()).toEqual(['Layout: Picture in Picture']);
    useAlertsStore.setState({ infos: [] });
    performAndTell(() => stageActions.setLayout('PIP'));
    performAndTell(() => UNDO.perform());
    expect(toasts()).toEqual(['Undid: layout: Picture in Picture']);
  });
});

describe('§5 guards show a cue instead of dropping the input silently', () => {
  it('a second on-air toggle within 800 ms cues the switch for GUARD_CUE_MS', () => {
    expect(stageActions.toggleLive('a', 1e6)).toBe(true);
    expect(stageActions.toggleLive('a', 1e6 + ON_AIR_GUARD_MS - 1)).toBe(false);
    expect(useGuardCues.getState().cued).toHaveProperty(guardKeys.live('a'));
    expect(useAnnouncerStore.getState().message).toBe(GUARD_CUE_TEXT);
    vi.advanceTimersByTime(GUARD_CUE_MS);
    expect(useGuardCues.getState().cued).toEqual({});
  });

  it('a second mute within 400 ms cues that mute button only', () => {
    stageActions.toggleMute('b', 'audio', 1e6);
    stageActions.toggleMute('b', 'audio', 1e6 + MUTE_GUARD_MS - 1);
    expect(Object.keys(useGuardCues.getState().cued)).toEqual([guardKeys.mute('b', 'audio')]);
    expect(card('b').audioMute).toBe(true);
  });
});

describe('drag with intent', () => {
  const live = (id: string) => ({ ...card(id), isLive: true });
  it.each([
    ['between cards', { kind: 'move', index: 2 } as const, 'a', [], 'Move here', 'Move Alex Morgan'],
    ['off-air onto on-air', { kind: 'swap', targetId: 'b' } as const, 'a', ['b'], 'Swap on air with Amara', 'Swap Alex Morgan and Amara'],
    ['on-air onto on-air', { kind: 'swap', targetId: 'b' } as const, 'a', ['a', 'b'], 'Swap places on stage with Amara', 'Swap Alex Morgan and Amara'],
    ['off-air onto off-air', { kind: 'swap', targetId: 'b' } as const, 'a', [], 'Swap places with Amara', 'Swap Alex Morgan and Amara'],
    ['onto the preview', { kind: 'preview' } as const, 'a', [], 'Put Alex Morgan on air', 'Put Alex Morgan on air'],
    ['on-air onto the preview', { kind: 'preview' } as const, 'a', ['a'], 'Alex Morgan is already on air', 'Put Alex Morgan on air'],
  ])('%s', (_, drop, dragged, onAir, intent, label) => {
    const all = Object.keys(names).map((id) => ((onAir as readonly string[]).includes(id) ? live(id) : card(id)));
    const who = all.find((c) => c.id === dragged)!;
    expect(dropIntent(drop, who, all)).toBe(intent);
    expect(dragLabel(drop, who, all)).toBe(label);
  });

  it('after a swap the backstage row and the stage agree', () => {
    stageActions.toggleLive('a', 1e6);
    stageActions.toggleLive('b', 1e6);
    const stageOrder = () => doc().producers.filter((p) => p.isLive).sort((x, y) => x.liveRank - y.liveRank).map((p) => p.id);
    const rowOrder = () => doc().producers.filter((p) => p.isLive).map((p) => p.id);
    expect(stageOrder()).toEqual(['a', 'b']);
    stageActions.swapProducers('a', 'b');
    expect(stageOrder()).toEqual(['b', 'a']);
    expect(rowOrder()).toEqual(['b', 'a']);
    expect(doc().producers.map((p) => p.orderRank)).toEqual([...doc().producers.map((p) => p.orderRank)].sort((x, y) => x - y));
    // An off-air card dropped on an on-air one takes its place on stage and in the row.
    stageActions.swapProducers('c', 'b');
    expect(doc().producers.map((p) => p.id)).toEqual(['c', 'a', 'b', 'd']);
    expect(card('c').isLive).toBe(true);
    expect(card('b').isLive).toBe(false);
  });

  it('a drop on the preview is one entry named after it', () => {
    stageActions.beginGesture('Move card');
    stageActions.putOnAir('c');
    stageActions.commitGesture('Put Bea on air');
    expect(card('c').isLive).toBe(true);
    expect(stageActions.undoLabel()).toBe('Put Bea on air');
    expect(stageActions.putOnAir('c')).toBe(false);
  });
});
