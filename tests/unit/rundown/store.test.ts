import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CUT, DEFAULT_FADE_MS } from '../../../compositor/model/transition';
import type { UpdateReason } from '../../../compositor/model/types';
import { onLocalChange, useChannelStore } from '../../../src/state/channel/store';
import { stageActions } from '../../../src/state/channel/stageActions';
import { keyedFromRundown } from '../../../src/state/rundown/keyed';
import { emptyRundown } from '../../../src/state/rundown/rundown';
import { configureRundown, END_SHOW_LABEL, onRundownChange, rundownActions, RUNDOWN_REFUSALS, takeLabel, useRundownStore, type RundownChange } from '../../../src/state/rundown/store';
import { MAX_SCENES } from '../../../src/state/rundown/limits';
import { liveIds, selected, stage } from './fixtures';

const doc = () => useChannelStore.getState().doc;
const rundown = () => useRundownStore.getState().rundown;
let ids = 0;

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
  ids = 0;
  configureRundown({ newId: (prefix) => `${prefix}-${++ids}`, origin: 'me', mediaExists: () => true });
  rundownActions.load(keyedFromRundown(emptyRundown()));
  stageActions.load(stage());
});
afterEach(() => {
  configureRundown(null);
  vi.useRealTimers();
});

/** Three scenes: 'Opening' (g1), 'Interview' (g1 + g2, lower third), 'Outro' (nobody), made on the stage. */
function threeScenes(): string[] {
  stageActions.putOnAir('g1');
  const a = rundownActions.saveScene('Opening');
  stageActions.putOnAir('g2');
  useChannelStore.setState({ doc: { ...doc(), templates: doc().templates.map((t) => (t.id === 'lt-1' ? { ...t, selected: true } : t)) } });
  const b = rundownActions.saveScene('Interview');
  stageActions.load(stage());
  const c = rundownActions.saveScene('Outro');
  return [a, b, c].map((o) => (o.ok ? o.id : ''));
}

describe('rundown store: scenes', () => {
  it('save scene captures the stage; the edits are announced as per-key changes', () => {
    const changes: RundownChange[] = [];
    const off = onRundownChange((c) => changes.push(c));
    stageActions.putOnAir('g3');
    expect(rundownActions.saveScene()).toEqual({ ok: true, id: 'scene-1' });
    expect(rundown().scenes[0]).toMatchObject({ name: 'Scene 1', look: { onAir: [{ cardId: 'g3', slot: { kind: 'guest', index: 0 } }] } });
    expect(Object.keys(changes[0]!.changes)).toEqual(['scene:scene-1', 'order']);
    rundownActions.rename('scene-1', 'Opening');
    expect(Object.keys(changes[1]!.changes)).toEqual(['scene:scene-1']);
    expect(rundownActions.rename('scene-1', '   ')).toEqual({ ok: false, reason: RUNDOWN_REFUSALS.emptyName });
    expect(rundownActions.rename('nope', 'x')).toEqual({ ok: false, reason: RUNDOWN_REFUSALS.gone });
    expect(changes).toHaveLength(2);
    off();
  });

  it('update from stage, duplicate, move, delete', () => {
    const [a, b] = threeScenes();
    stageActions.putOnAir('g4');
    expect(rundownActions.updateFromStage(a!)).toBe(true);
    expect(rundown().scenes[0]?.look.onAir.map((e) => e.cardId)).toEqual(['g4']);
    expect(rundownActions.duplicate(b!)).toEqual({ ok: true, id: 'scene-4' });
    expect(rundown().scenes.map((s) => s.name)).toEqual(['Opening', 'Interview', 'Interview copy', 'Outro']);
    rundownActions.move('scene-4', 0);
    rundownActions.remove(b!);
    expect(rundown().scenes.map((s) => s.name)).toEqual(['Interview copy', 'Opening', 'Outro']);
  });

  it('refuses a scene past the limit', () => {
    for (let i = 0; i < MAX_SCENES; i += 1) rundownActions.saveScene();
    expect(rundownActions.saveScene()).toEqual({ ok: false, reason: RUNDOWN_REFUSALS.full });
    expect(rundownActions.duplicate(rundown().scenes[0]!.id)).toEqual({ ok: false, reason: RUNDOWN_REFUSALS.full });
  });

  it('remote states apply without being announced', () => {
    const [a] = threeScenes();
    const heard = vi.fn();
    const off = onRundownChange(heard);
    const renamed = keyedFromRundown({ ...rundown(), scenes: rundown().scenes.map((s) => (s.id === a ? { ...s, name: 'Renamed elsewhere' } : s)) });
    const keyed = { ...keyedFromRundown(rundown()), [`scene:${a}`]: renamed[`scene:${a}`]! };
    expect(rundownActions.applyRemote(keyed)).toBe(true);
    expect(rundownActions.applyRemote(keyed)).toBe(false);
    expect(rundown().scenes[0]?.name).toBe('Renamed elsewhere');
    expect(heard).not.toHaveBeenCalled();
    off();
  });
});

describe('taking a scene', () => {
  it('carries the vertical program’s choices (issue 34): taken in the one edit, and undone with it', () => {
    stageActions.setVerticalLayout('SPLIT');
    stageActions.setShownInVertical(doc().templates.find((t) => t.id === 'tk-1')!, false);
    const tall = rundownActions.saveScene('Tall');
    stageActions.load(stage());
    const plain = rundownActions.saveScene('Plain');
    expect(rundownActions.take(tall.ok ? tall.id : '')).toBe(true);
    expect(doc()).toMatchObject({ verticalLayout: 'SPLIT', verticalHidden: { 'tpl:tk-1': true } });
    expect(rundownActions.take(plain.ok ? plain.id : '')).toBe(true);
    expect(doc()).not.toHaveProperty('verticalLayout');
    expect(doc()).not.toHaveProperty('verticalHidden');
    stageActions.undo();
    expect(doc()).toMatchObject({ verticalLayout: 'SPLIT', verticalHidden: { 'tpl:tk-1': true } });
  });


  it('is ONE stage edit: one undo step named after the scene, one updateReason', () => {
    const [, b] = threeScenes();
    const reasons: UpdateReason[] = [];
    const off = onLocalChange((c) => reasons.push(c.reason));
    const before = doc();
    expect(rundownActions.take(b!)).toBe(true);
    expect(liveIds(doc())).toEqual(['g1', 'g2']);
    expect(selected(doc(), 'LOWERTHIRD')).toEqual(['lt-1']);
    expect(reasons).toEqual([expect.objectContaining({ group: 'CHANNEL', action: 'SELECT', id: b, value: 'Interview' })]);
    expect(stageActions.undoLabel()).toBe(takeLabel('Interview'));
    expect(stageActions.undo()).toBe(true);
    expect(doc()).toEqual(before);
    off();
  });

  it('records the live take: new take id, the time, the effective transition', () => {
    const [a, b] = threeScenes();
    rundownActions.setTransition(CUT);
    rundownActions.setSceneTransition(b!, { kind: 'fade', durationMs: 800 });
    rundownActions.take(a!);
    expect(rundown().live).toEqual({ sceneId: a, takeId: 'take-4', takenAt: 1_000_000, showStartedAt: 1_000_000, transition: CUT, by: 'me' });
    vi.advanceTimersByTime(5000);
    rundownActions.take(b!);
    expect(rundown().live).toMatchObject({ sceneId: b, takeId: 'take-5', takenAt: 1_005_000, showStartedAt: 1_000_000, transition: { kind: 'fade', durationMs: 800 } });
    expect(doc().take).toEqual({ id: 'take-5', transition: { kind: 'fade', durationMs: 800 }, startedAt: 1_005_000, sceneId: b, showStartedAt: 1_000_000, by: 'me' });
  });

  it('a take is one update: one channel change (look and take), nothing for the rundown', () => {
    const [a, b] = threeScenes();
    rundownActions.take(a!);
    const channel: unknown[] = [];
    const rundownChanges: unknown[] = [];
    const offs = [onLocalChange((c) => channel.push(c)), onRundownChange((c) => rundownChanges.push(c))];
    rundownActions.take(b!);
    offs.forEach((off) => off());
    expect(channel).toHaveLength(1);
    expect(rundownChanges).toEqual([]);
    expect(liveIds(doc())).toEqual(['g1', 'g2']);
    expect(rundown().live?.sceneId).toBe(b);
  });

  it('the channel carries the take with the look it took (one edit: undo takes the look and the live scene back)', () => {
    const [a, b] = threeScenes();
    rundownActions.take(a!);
    expect(doc().take).toMatchObject({ id: 'take-4', transition: { kind: 'fade', durationMs: DEFAULT_FADE_MS }, startedAt: 1_000_000, sceneId: a });
    vi.advanceTimersByTime(2000);
    rundownActions.take(b!);
    expect(doc().take).toMatchObject({ id: 'take-5', transition: { kind: 'fade', durationMs: DEFAULT_FADE_MS }, startedAt: 1_002_000, sceneId: b });
    stageActions.undo();
    expect(doc().take?.id).toBe('take-4');
    expect(liveIds(doc())).toEqual(['g1']);
    expect(rundown().live?.sceneId).toBe(a);
  });

  it('taking the look already on stage is one edit too: the look stays, the take (and the live scene) is new', () => {
    const [a] = threeScenes();
    rundownActions.take(a!);
    const count = stageActions.recorded().count;
    const look = liveIds(doc());
    expect(rundownActions.take(a!)).toBe(true);
    expect(stageActions.recorded().count).toBe(count + 1);
    expect(liveIds(doc())).toEqual(look);
    expect(rundown().live?.takeId).toBe('take-5');
  });

  it('ending the show is one edit: no scene live, the take (and so the picture) unchanged; undo brings the scene back', () => {
    const [a] = threeScenes();
    rundownActions.take(a!);
    const before = doc().take!;
    expect(rundownActions.endShow()).toBe(true);
    expect(rundown().live).toBeNull();
    expect(doc().take).toEqual({ id: before.id, transition: before.transition, startedAt: before.startedAt });
    expect(stageActions.undoLabel()).toBe(END_SHOW_LABEL);
    expect(rundownActions.endShow()).toBe(false);
    stageActions.undo();
    expect(rundown().live?.sceneId).toBe(a);
  });

  it('an unknown scene takes nothing', () => {
    threeScenes();
    expect(rundownActions.take('nope')).toBe(false);
    expect(rundown().live).toBeNull();
  });

  it('NEXT walks the rundown and stops at its end', () => {
    threeScenes();
    const taken = () => rundown().live?.sceneId;
    expect(rundownActions.next()).toBe(true);
    expect(taken()).toBe('scene-1');
    rundownActions.next();
    rundownActions.next();
    expect(taken()).toBe('scene-3');
    expect(liveIds(doc())).toEqual([]);
    expect(rundownActions.next()).toBe(false);
    expect(taken()).toBe('scene-3');
  });

  it('the default transition is a 500 ms fade', () => {
    const [a] = threeScenes();
    rundownActions.take(a!);
    expect(rundown().live?.transition).toEqual({ kind: 'fade', durationMs: DEFAULT_FADE_MS });
  });
});

describe('auto-advance on fake timers', () => {
  function timedShow(): [string, string, string] {
    const [a, b, c] = threeScenes();
    rundownActions.setDuration(a!, 10_000);
    rundownActions.setDuration(b!, 20_000);
    return [a!, b!, c!];
  }

  it('takes the next scene when the live scene\'s time is up, scene after scene, and stops at the end', () => {
    const [a, b, c] = timedShow();
    rundownActions.setDuration(c, 5000);
    rundownActions.setAutoAdvance(true);
    rundownActions.take(a);
    vi.advanceTimersByTime(9999);
    expect(rundown().live?.sceneId).toBe(a);
    vi.advanceTimersByTime(1);
    expect(rundown().live).toMatchObject({ sceneId: b, takenAt: 1_010_000 });
    expect(liveIds(doc())).toEqual(['g1', 'g2']);
    vi.advanceTimersByTime(20_000);
    expect(rundown().live?.sceneId).toBe(c);
    vi.advanceTimersByTime(60_000);
    expect(rundown().live?.sceneId).toBe(c);
  });

  it('only when enabled: off, the scene runs over; switched on late, the overdue take happens at once', () => {
    const [a, b] = timedShow();
    rundownActions.take(a);
    vi.advanceTimersByTime(15_000);
    expect(rundown().live?.sceneId).toBe(a);
    rundownActions.setAutoAdvance(true);
    vi.advanceTimersByTime(0);
    expect(rundown().live?.sceneId).toBe(b);
  });

  it('switched off while waiting: nothing happens', () => {
    const [a] = timedShow();
    rundownActions.setAutoAdvance(true);
    rundownActions.take(a);
    rundownActions.setAutoAdvance(false);
    vi.advanceTimersByTime(60_000);
    expect(rundown().live?.sceneId).toBe(a);
  });

  it('a take by hand restarts the wait; an open-ended scene never advances', () => {
    const [a, b, c] = timedShow();
    rundownActions.setAutoAdvance(true);
    rundownActions.take(a);
    vi.advanceTimersByTime(5000);
    rundownActions.take(b);
    vi.advanceTimersByTime(19_999);
    expect(rundown().live?.sceneId).toBe(b);
    vi.advanceTimersByTime(1);
    expect(rundown().live?.sceneId).toBe(c);
  });

  it('only the producer who made the take advances it (two tabs never both do)', () => {
    const [a] = timedShow();
    rundownActions.setAutoAdvance(true);
    rundownActions.take(a);
    configureRundown({ origin: 'someone-else' });
    vi.advanceTimersByTime(60_000);
    expect(rundown().live?.sceneId).toBe(a);
  });

  it('the duration changed while live: the new end counts', () => {
    const [a, b] = timedShow();
    rundownActions.setAutoAdvance(true);
    rundownActions.take(a);
    rundownActions.setDuration(a, 30_000);
    vi.advanceTimersByTime(29_999);
    expect(rundown().live?.sceneId).toBe(a);
    vi.advanceTimersByTime(1);
    expect(rundown().live?.sceneId).toBe(b);
  });
});
