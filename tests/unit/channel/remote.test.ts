/**
 * §4 Channel updates from others (src/state/channel): applied only when something changed, untouched
 * parts keep their objects, and undo never reverts somebody else's edit.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { docFromKeyed, keyedFromDoc, type KeyedChannel } from '../../../compositor/sync';
import type { ChannelDoc } from '../../../compositor/model/channel';
import type { UpdateReason } from '../../../compositor/model/types';
import { stageActions } from '../../../src/state/channel/stageActions';
import { lowerThirdActions } from '../../../src/state/graphics/graphicsActions';
import { onLocalChange, useChannelStore } from '../../../src/state/channel/store';
import { LOCAL_ORIGIN } from '../../../src/state/channel/reason';
import { fullChannel } from './fixtures';

const doc = () => useChannelStore.getState().doc;
/** Another producer's document as it reaches this one: through the room's keyed map (JSON on the wire), over the cards known here. */
const fromRoom = (d: ChannelDoc): ChannelDoc => docFromKeyed(JSON.parse(JSON.stringify(keyedFromDoc(d))) as KeyedChannel, doc());
let t = 0;
const later = () => (t += 10_000);

beforeEach(() => stageActions.load(fullChannel()));

describe('change rules (§4)', () => {
  // Our own echo is the sync engine's (tests/unit/sync): the room's channel already holds our edits.
  it('applies nothing (and keeps the document object) when nothing changed', () => {
    const before = doc();
    expect(stageActions.applyRemote(fromRoom(before))).toBe(false);
    expect(doc()).toBe(before);
  });

  it('is never saved and never recorded', () => {
    const seen: unknown[] = [];
    const off = onLocalChange((c) => seen.push(c));
    expect(stageActions.applyRemote(fromRoom({ ...doc(), layout: 'COVER' }))).toBe(true);
    off();
    expect(seen).toEqual([]);
    expect(doc().layout).toBe('COVER');
    expect(useChannelStore.getState().canUndo).toBe(false);
  });

  it('another producer’s take arrives (its fade and the live scene), and so does the end of the show', () => {
    const take = { id: 'take-9', transition: { kind: 'fade' as const, durationMs: 500 }, startedAt: 1_000, sceneId: 'opening', showStartedAt: 1_000, by: 'tab-b' };
    expect(stageActions.applyRemote(fromRoom({ ...doc(), take }))).toBe(true);
    expect(doc().take).toEqual(take);
    const ended = { id: 'take-9', transition: take.transition, startedAt: 1_000 };
    expect(stageActions.applyRemote(fromRoom({ ...doc(), take: ended }))).toBe(true);
    expect(doc().take).toEqual(ended);
  });
});

describe('text from other producers follows the one text rule', () => {
  it('cleans markup and control characters from names and template text, and cuts to the §5 limits', () => {
    const before = doc();
    const hostile: ChannelDoc = {
      ...before,
      producers: before.producers.map((p) => (p.id === 'a' ? { ...p, name: 'Ada <img src=x onerror=alert(1)>\u202E' } : p)),
      templates: before.templates.map((tpl) => (tpl.id === 'lt-1' ? { ...tpl, primaryText: 'x'.repeat(200), secondaryText: '<script>1</script>Tom &amp; Jerry' } : tpl)),
    };
    expect(stageActions.applyRemote(fromRoom(hostile))).toBe(true);
    expect(doc().producers.find((p) => p.id === 'a')?.name).toBe('Ada');
    const lowerThird = doc().templates.find((tpl) => tpl.id === 'lt-1')!;
    expect(lowerThird.primaryText).toBe('x'.repeat(120));
    expect(lowerThird.secondaryText).toBe('1Tom &amp; Jerry');
    expect(doc().producers.find((p) => p.id === 'b')).toBe(before.producers.find((p) => p.id === 'b'));
  });
});

describe('structural sharing: compare by value per layer', () => {
  it('keeps every untouched producer, template, media slot and the brand settings as the same objects', () => {
    const before = doc();
    const changed: ChannelDoc = {
      ...before,
      templates: before.templates.map((tpl) => (tpl.id === 'tk-1' ? { ...tpl, primaryText: 'New ticker text' } : { ...tpl })),
      producers: before.producers.map((p) => ({ ...p })),
      media: { ...before.media, background: { id: 'background-7', type: 'image', url: '/bg/7.jpg', name: 'Background 7' } },
    };
    expect(stageActions.applyRemote(fromRoom(changed))).toBe(true);
    const after = doc();
    expect(after.producers).toBe(before.producers);
    expect(after.brandSettings).toBe(before.brandSettings);
    expect(after.media.foregroundVideo).toBe(before.media.foregroundVideo);
    expect(after.media.background).toEqual(changed.media.background);
    after.templates.forEach((tpl, i) => (tpl.id === 'tk-1' ? expect(tpl).not.toBe(before.templates[i]) : expect(tpl).toBe(before.templates[i])));
    expect(after.templates.find((tpl) => tpl.id === 'tk-1')?.primaryText).toBe('New ticker text');
  });
});

describe('history under remote updates', () => {
  it('keeps our undo when somebody else changed something else, and undo keeps their change', () => {
    stageActions.rename('d', 'Dora');
    expect(stageActions.applyRemote(fromRoom({ ...doc(), layout: 'COVER' }))).toBe(true);
    expect(useChannelStore.getState().canUndo).toBe(true);
    stageActions.undo();
    expect(doc().producers.find((p) => p.id === 'd')?.name).toBe('D');
    expect(doc().layout).toBe('COVER');
  });

  it('drops our undo when somebody else changed the same thing (undo never reverts their edit)', () => {
    stageActions.setLayout('CLASSIC');
    expect(stageActions.applyRemote(fromRoom({ ...doc(), layout: 'SPLIT' }))).toBe(true);
    expect(useChannelStore.getState().canUndo).toBe(false);
    expect(stageActions.undo()).toBe(false);
    expect(doc().layout).toBe('SPLIT');
  });

  it('drops older entries too once one conflicts, keeps the newer ones', () => {
    stageActions.toggleLive('d', later()); // producers (conflicts with a remote on-air change)
    stageActions.setLayout('CINEMA'); // layout (does not)
    const remote = fromRoom({ ...doc(), producers: doc().producers.map((p) => (p.id === 'c' ? { ...p, isLive: false, number: 0, liveRank: 0 } : p)) });
    expect(stageActions.applyRemote(remote)).toBe(true);
    expect(stageActions.undoLabel()).toBe('Layout: Cinema');
    stageActions.undo();
    expect(useChannelStore.getState().canUndo).toBe(false);
    expect(doc().producers.find((p) => p.id === 'd')?.isLive).toBe(true);
  });
});

describe('undo and redo are saved with the reason of what they undo', () => {
  it('sends the undone edit\'s own group, action, id and value, not a generic one', () => {
    const seen: UpdateReason[] = [];
    const off = onLocalChange(({ reason }) => seen.push(reason));
    stageActions.toggleLive('d', later());
    stageActions.undo();
    stageActions.redo();
    off();
    const onAir = { group: 'PRODUCER', action: 'TOGGLE_LIVE', id: 'd', value: true, fromUuid: LOCAL_ORIGIN };
    expect(seen).toEqual([onAir, onAir, onAir]);
  });

  it('a cancelled drag saves the restored order as a REORDER', () => {
    const seen: UpdateReason[] = [];
    const off = onLocalChange(({ reason }) => seen.push(reason));
    stageActions.beginGesture('Move card');
    stageActions.reorder('a', 3);
    stageActions.cancelGesture();
    off();
    expect(seen.at(-1)).toMatchObject({ group: 'PRODUCER', action: 'REORDER', value: 'cancel' });
  });
});

describe('the vertical program’s own choices (issue 34)', () => {
  const ticker = () => doc().templates.find((tpl) => tpl.id === 'tk-1')!;

  it('hiding a graphic in vertical is one undo step with its own label; the 16:9 choices are untouched', () => {
    const before = doc();
    expect(stageActions.setShownInVertical(ticker(), false)).toBe(true);
    expect(doc().verticalHidden).toEqual({ 'tpl:tk-1': true });
    expect(doc().templates).toBe(before.templates);
    expect(stageActions.undoLabel()).toBe(`Hide ticker in vertical: ${ticker().primaryText.slice(0, 40)}`);
    expect(stageActions.setShownInVertical(ticker(), false)).toBe(false); // already hidden: no entry
    stageActions.setShownInVertical(doc().chatOnStream!, false);
    expect(stageActions.undoLabel()).toBe('Hide chat message in vertical');
    stageActions.undo();
    stageActions.undo();
    expect(doc()).not.toHaveProperty('verticalHidden');
  });

  it('deleting a graphic forgets its vertical choice, and undo brings back both', () => {
    const lowerThird = doc().templates.find((tpl) => tpl.type === 'LOWERTHIRD' && !tpl.selected)!;
    stageActions.setShownInVertical(lowerThird, false);
    expect(lowerThirdActions.remove(lowerThird.id)).toMatchObject({ ok: true });
    expect(doc()).not.toHaveProperty('verticalHidden');
    stageActions.undo();
    expect(doc().verticalHidden).toEqual({ [`tpl:${lowerThird.id}`]: true });
  });

  it('another producer’s vertical layout and hides arrive, and a remote change of anything else keeps ours', () => {
    expect(stageActions.applyRemote(fromRoom({ ...doc(), verticalLayout: 'SPLIT', verticalHidden: { chat: true } }))).toBe(true);
    expect(doc()).toMatchObject({ verticalLayout: 'SPLIT', verticalHidden: { chat: true } });
    const hidden = doc().verticalHidden;
    expect(stageActions.applyRemote(fromRoom({ ...doc(), layout: 'COVER' }))).toBe(true);
    expect(doc()).toMatchObject({ layout: 'COVER', verticalLayout: 'SPLIT' });
    expect(doc().verticalHidden).toBe(hidden);
    expect(stageActions.applyRemote(fromRoom({ ...doc(), verticalLayout: undefined, verticalHidden: undefined }))).toBe(true);
    expect(doc()).not.toHaveProperty('verticalLayout');
    expect(doc()).not.toHaveProperty('verticalHidden');
  });
});
