import { beforeEach, describe, expect, it } from 'vitest';
import { emptyChannel } from '../../compositor/model/channel';
import { LOCAL_ORIGIN } from '../../src/state/channel/reason';
import { onLocalChange, useChannelStore } from '../../src/state/channel/store';
import { stageActions } from '../../src/state/channel/stageActions';
import { producerCard, withOrderRanks } from '../../compositor/model/producerCard';
import { ON_AIR_GUARD_MS, MUTE_GUARD_MS, MENU_GUARD_MS } from '../../src/lib/limits';
import { channelBody } from '../../compositor/convert';
import { selectScene } from '../../src/state/channel/scene';
import type { UpdateReason } from '../../compositor/model/types';

const cards = () => withOrderRanks(['a', 'b', 'c', 'd'].map((id) => producerCard({ id, name: id.toUpperCase(), url: `/v/${id}.webm`, participantGuid: `guid-${id}-0001` })));
const doc = () => useChannelStore.getState().doc;
const card = (id: string) => doc().producers.find((p) => p.id === id)!;
let t = 0;
const later = () => (t += 10_000);

beforeEach(() => stageActions.load({ ...emptyChannel(), producers: cards() }));

describe('on-air toggling (§4, §5 800 ms guard)', () => {
  it('puts a card on air with number ≥ 2 and rank step 10, and takes it off again', () => {
    stageActions.toggleLive('a', later());
    stageActions.toggleLive('b', later());
    expect(card('a')).toMatchObject({ isLive: true, number: 2, liveRank: 10 });
    expect(card('b')).toMatchObject({ isLive: true, number: 3, liveRank: 20 });
    stageActions.toggleLive('a', later());
    expect(card('a')).toMatchObject({ isLive: false, number: 0, liveRank: 0, isSpotted: false });
  });

  it('ignores a second toggle of the same card within 800 ms', () => {
    const now = later();
    expect(stageActions.toggleLive('a', now)).toBe(true);
    expect(stageActions.toggleLive('a', now + ON_AIR_GUARD_MS - 1)).toBe(false);
    expect(card('a').isLive).toBe(true);
    expect(stageActions.toggleLive('a', now + ON_AIR_GUARD_MS)).toBe(true);
    expect(card('a').isLive).toBe(false);
  });

  it('mute toggles are guarded 400 ms; hard mute forces muted', () => {
    const now = later();
    expect(stageActions.toggleMute('a', 'audio', now)).toBe(true);
    expect(stageActions.toggleMute('a', 'audio', now + MUTE_GUARD_MS - 1)).toBe(false);
    expect(card('a').audioMute).toBe(true);
    stageActions.toggleMute('a', 'audio', now + MUTE_GUARD_MS);
    expect(card('a').audioMute).toBe(false);
    stageActions.toggleHardMute('a', 'audio');
    expect(card('a')).toMatchObject({ audioHardMute: true, audioMute: true });
    stageActions.toggleMute('a', 'audio', later());
    expect(card('a').audioMute).toBe(true);
  });

  it('only one menu is open; toggles within 500 ms are ignored', () => {
    const now = later();
    stageActions.toggleMenu('a', now);
    expect(useChannelStore.getState().openMenuId).toBe('a');
    expect(stageActions.toggleMenu('b', now + MENU_GUARD_MS - 1)).toBe(false);
    stageActions.toggleMenu('b', now + MENU_GUARD_MS);
    expect(useChannelStore.getState().openMenuId).toBe('b');
  });
});

describe('undo and redo by patches', () => {
  it('undoes and redoes stage edits in order', () => {
    stageActions.toggleLive('a', later());
    stageActions.setLayout('COVER');
    stageActions.rename('b', 'Bea');
    expect(stageActions.undoLabel()).toBe('Rename: Bea');
    stageActions.undo();
    expect(card('b').name).toBe('B');
    stageActions.undo();
    expect(doc().layout).toBe('CLASSIC');
    stageActions.redo();
    expect(doc().layout).toBe('COVER');
    stageActions.undo();
    stageActions.undo();
    expect(card('a').isLive).toBe(false);
    expect(useChannelStore.getState().canUndo).toBe(false);
  });

  it('a drag is one history entry, whatever it changed on the way', () => {
    stageActions.beginGesture('Move card');
    stageActions.reorder('d', 0);
    stageActions.reorder('d', 1);
    stageActions.reorder('d', 2);
    stageActions.commitGesture();
    expect(doc().producers.map((p) => p.id)).toEqual(['a', 'b', 'd', 'c']);
    stageActions.undo();
    expect(doc().producers.map((p) => p.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(useChannelStore.getState().canUndo).toBe(false);
  });

  it('a cancelled drag restores the state and leaves no entry', () => {
    stageActions.beginGesture('Move card');
    stageActions.reorder('a', 3);
    stageActions.cancelGesture();
    expect(doc().producers.map((p) => p.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(useChannelStore.getState().canUndo).toBe(false);
  });

  it('an edit that changes nothing leaves no entry and sends nothing', () => {
    const seen: UpdateReason[] = [];
    const off = onLocalChange(({ reason }) => seen.push(reason));
    stageActions.setLayout('CLASSIC');
    stageActions.rename('a', '   ');
    off();
    expect(seen).toEqual([]);
    expect(useChannelStore.getState().canUndo).toBe(false);
  });
});

describe('local and remote changes (§4 Channel updates)', () => {
  it('local edits announce their updateReason with our origin', () => {
    const seen: UpdateReason[] = [];
    const off = onLocalChange(({ reason }) => seen.push(reason));
    stageActions.setLayout('PIP');
    stageActions.toggleLive('c', later());
    off();
    expect(seen).toEqual([
      { group: 'LAYOUT', action: 'SELECT', id: null, value: 'PIP', fromUuid: LOCAL_ORIGIN },
      { group: 'PRODUCER', action: 'TOGGLE_LIVE', id: 'c', value: true, fromUuid: LOCAL_ORIGIN },
    ]);
  });

  it('remote updates apply only when something changed; never saved or undoable', () => {
    const seen: unknown[] = [];
    const off = onLocalChange((c) => seen.push(c));
    const remote = { ...doc(), layout: 'COVER' as const };
    expect(stageActions.applyRemote(remote)).toBe(true);
    expect(doc().layout).toBe('COVER');
    expect(stageActions.applyRemote({ ...remote })).toBe(false);
    off();
    expect(seen).toEqual([]);
    expect(useChannelStore.getState().canUndo).toBe(false);
  });

  it('swap exchanges the two producers\' layers; remove never removes a moderator', () => {
    stageActions.toggleLive('a', later());
    stageActions.swapProducers('a', 'b');
    expect(card('a')).toMatchObject({ isLive: false, number: 0 });
    expect(card('b')).toMatchObject({ isLive: true, number: 2, liveRank: 10 });
    stageActions.load({ ...emptyChannel(), producers: [producerCard({ id: 'm', name: 'Mod', type: 'MODERATOR' }), ...cards()] });
    expect(stageActions.remove('m')).toBe(false);
    expect(stageActions.remove('a')).toBe(true);
    expect(doc().producers.map((p) => p.id)).toEqual(['m', 'b', 'c', 'd']);
  });
});

describe('one model, two views', () => {
  it('the scene draws exactly the visible layers the channel body sends', () => {
    stageActions.toggleLive('a', later());
    stageActions.toggleLive('b', later());
    stageActions.toggleLive('c', later());
    stageActions.setLayout('CINEMA');
    const scene = selectScene(doc());
    const body = channelBody(doc(), { name: 'testing' }, null);
    expect(body.layout).toBe('CINEMA');
    expect(scene.producers.map((p) => [p.id, p.rect])).toEqual(body.layers.filter((l) => !l.isHidden).map((l) => [l.sourceId, l.position]));
    expect(JSON.parse(body.producerOrder)).toEqual(['a', 'b', 'c', 'd']);
    expect(selectScene(doc())).toBe(scene); // memoised by doc reference
  });

  it('spotlight shows only the spotted producer', () => {
    stageActions.toggleLive('a', later());
    stageActions.toggleLive('b', later());
    stageActions.toggleSpotlight('b');
    expect(selectScene(doc()).producers.map((p) => p.id)).toEqual(['b']);
    stageActions.toggleSpotlight('b');
    expect(selectScene(doc()).producers.map((p) => p.id)).toEqual(['a', 'b']);
  });
});

describe('mute rules (§5, §4 Mute modes)', () => {
  it('skips a mute when the participant id is 6 characters or fewer', () => {
    stageActions.load({ ...emptyChannel(), producers: [producerCard({ id: 'x', name: 'X', participantGuid: 'abcdef' }), producerCard({ id: 'y', name: 'Y', participantGuid: 'abcdefg' })] });
    expect(stageActions.toggleMute('x', 'audio', later())).toBe(false);
    expect(card('x').audioMute).toBe(false);
    expect(stageActions.toggleMute('y', 'audio', later())).toBe(true);
  });

  it('Mute All mutes every presenter but self in one undo entry; Unmute All keeps hard mutes', () => {
    stageActions.toggleHardMute('c', 'audio');
    stageActions.muteAll(true, 'a');
    expect(doc().producers.map((p) => p.audioMute)).toEqual([false, true, true, true]);
    stageActions.muteAll(false, 'a');
    expect(doc().producers.map((p) => p.audioMute)).toEqual([false, false, true, false]);
    stageActions.undo();
    expect(doc().producers.map((p) => p.audioMute)).toEqual([false, true, true, true]);
  });
});
