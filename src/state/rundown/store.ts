/**
 * The rundown's store (issue 25 "Run of show"): the scenes in show order, the settings, and the live
 * take read from the channel. Its own synced document, apart from the channel: every local edit is
 * announced as per-key changes of the keyed rundown (onRundownChange); remote states come back through
 * applyRemote and are never announced. Taking a scene, and ending the show, are ONE channel edit each
 * (one undo step, one updateReason, one update): the look and the channel's take, which names the
 * live scene. Rundown edits are not on the stage's undo history (undo must never revert the stage for them).
 */
import { create } from 'zustand';
import type { ChannelDoc, MediaRef, MediaSlot } from '../../../compositor/model/channel';
import type { Transition } from '../../../compositor/model/transition';
import { diffKeyed, type Changes } from '../../../compositor/sync';
import { realClock, type Clock } from '../../lib/clock';
import { currentDoc, edit, useChannelStore } from '../channel/store';
import { LOCAL_ORIGIN } from '../channel/reason';
import { useLibraryStore } from '../graphics/library';
import { keyedFromRundown, rundownFromKeyed, type KeyedRundown } from './keyed';
import { MAX_SCENES } from './limits';
import { captureLook, takeScene } from './look';
import * as ops from './rundown';
import { showTiming } from './timing';
import type { Rundown } from './types';

export interface RundownState {
  rundown: Rundown;
}

export interface RundownDeps {
  /** Wall-clock ms (takes, timing). */
  now: () => number;
  /** Timers of auto-advance. */
  clock: Clock;
  newId: (prefix: string) => string;
  /** This producer: only the one who made the live take advances it by itself. */
  origin: string;
  /** Whether a media item still exists; a deleted one is skipped by a take. */
  mediaExists: (slot: MediaSlot, ref: MediaRef) => boolean;
}

export type RundownOutcome = { ok: true; id: string } | { ok: false; reason: string };

/** Why an edit is refused, in the words the panel shows. */
export const RUNDOWN_REFUSALS = {
  full: `The rundown holds at most ${MAX_SCENES} scenes: delete one first.`,
  gone: 'That scene is gone.',
  emptyName: 'Type a name first.',
} as const;

/** A take's history entry, named after the scene ('Undid: Take scene: Opening'). */
export const takeLabel = (name: string) => `Take scene: ${name}`;
/** Ending the show's history entry ('Undid: End show'). */
export const END_SHOW_LABEL = 'End show';

let seq = 0;
const randomId = (prefix: string) => `${prefix}-${Date.now().toString(36)}${(seq++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * A media item counts as deleted when the library has listed its kind and it is not there; a list
 * not loaded yet cannot tell, so the item is kept.
 */
function libraryHas(slot: MediaSlot, ref: MediaRef): boolean {
  const list = useLibraryStore.getState().items[slot];
  return list.length === 0 || list.some((i) => i.id === ref.id);
}

const defaultDeps = (): RundownDeps => ({ now: () => Date.now(), clock: realClock, newId: randomId, origin: LOCAL_ORIGIN, mediaExists: libraryHas });
let deps = defaultDeps();

/** Injects the clock, ids and origin (tests); a partial keeps the rest. */
export function configureRundown(patch: Partial<RundownDeps> | null): void {
  deps = patch ? { ...deps, ...patch } : defaultDeps();
  reschedule();
}

export const useRundownStore = create<RundownState>()(() => ({ rundown: ops.emptyRundown() }));
const current = () => useRundownStore.getState().rundown;
/** The rundown with the live take the channel names now. */
const withLive = (rundown: Rundown): Rundown => ({ ...rundown, live: ops.liveTakeOf(currentDoc().take) });
// A take (this producer's, another's, an undo) reaches the rundown through the channel.
useChannelStore.subscribe((s, prev) => void (s.doc.take !== prev.doc.take && useRundownStore.setState({ rundown: withLive(current()) })));

export interface RundownChange {
  /** Per key: the new value, or null for a removed key. */
  changes: Changes;
  keyed: KeyedRundown;
}
const listeners = new Set<(change: RundownChange) => void>();

/** Subscribes to local edits of the rundown (persistence, sync); returns the unsubscribe. */
export function onRundownChange(listener: (change: RundownChange) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Applies a local edit and announces its changes; false when nothing changed. */
function commit(next: Rundown): boolean {
  const prev = current();
  if (next === prev) return false;
  const keyed = keyedFromRundown(next);
  const changes = diffKeyed(keyedFromRundown(prev), keyed);
  useRundownStore.setState({ rundown: next });
  listeners.forEach((l) => l({ changes, keyed }));
  return true;
}

/** The parts of `next` that differ from `before`, assigned to the draft (patches name only those parts). */
function assignChanged(draft: ChannelDoc, before: ChannelDoc, next: ChannelDoc): void {
  for (const key of Object.keys(next) as (keyof ChannelDoc)[]) {
    if (next[key] !== before[key]) Object.assign(draft, { [key]: next[key] });
  }
  // A field the plan leaves out is gone (a scene whose vertical program follows the 16:9 layout).
  for (const key of Object.keys(before) as (keyof ChannelDoc)[]) if (!Object.hasOwn(next, key)) delete draft[key];
}

let timer: unknown = null;

/** Auto-advance: one timer at the live scene's end, set by the producer who made the take. */
function reschedule(): void {
  if (timer !== null) deps.clock.clearTimeout(timer);
  timer = null;
  const { live } = current();
  if (!live || live.by !== deps.origin) return;
  const { advanceAt } = showTiming(current(), deps.now());
  if (advanceAt === null) return;
  timer = deps.clock.setTimeout(() => {
    timer = null;
    // Only if the same take is still live: a take by hand meanwhile wins.
    if (current().live?.takeId === live.takeId) rundownActions.next();
  }, Math.max(0, advanceAt - deps.now()));
}
useRundownStore.subscribe((s, prev) => void (s.rundown !== prev.rundown && reschedule()));

const outcome = (before: Rundown, after: Rundown, id: string, refused: string): RundownOutcome => (after !== before ? { ok: true, id } : { ok: false, reason: refused });

export const rundownActions = {
  /** A rundown from storage or the server (join): replaces the state, announces nothing. */
  load(keyed: KeyedRundown): void {
    useRundownStore.setState({ rundown: withLive(rundownFromKeyed(keyed)) });
  },
  /** Another producer's edit (the merged keyed rundown): applied, never announced. */
  applyRemote(keyed: KeyedRundown): boolean {
    const next = withLive(rundownFromKeyed(keyed));
    if (JSON.stringify(keyedFromRundown(next)) === JSON.stringify(keyedFromRundown(current()))) return false;
    useRundownStore.setState({ rundown: next });
    return true;
  },
  /** 'Save scene': the stage now, appended as a new scene. */
  saveScene(name = ''): RundownOutcome {
    const before = current();
    if (!ops.canAddScene(before)) return { ok: false, reason: RUNDOWN_REFUSALS.full };
    const id = deps.newId('scene');
    const after = ops.addScene(before, id, captureLook(currentDoc()), name);
    commit(after);
    return outcome(before, after, id, RUNDOWN_REFUSALS.full);
  },
  rename(id: string, name: string): RundownOutcome {
    const before = current();
    if (!ops.findScene(before, id)) return { ok: false, reason: RUNDOWN_REFUSALS.gone };
    if (!ops.sceneName(name)) return { ok: false, reason: RUNDOWN_REFUSALS.emptyName };
    commit(ops.renameScene(before, id, name));
    return { ok: true, id };
  },
  updateFromStage: (id: string): boolean => commit(ops.updateSceneLook(current(), id, captureLook(currentDoc()))),
  duplicate(id: string): RundownOutcome {
    const before = current();
    if (!ops.findScene(before, id)) return { ok: false, reason: RUNDOWN_REFUSALS.gone };
    const copyId = deps.newId('scene');
    const after = ops.duplicateScene(before, id, copyId);
    commit(after);
    return outcome(before, after, copyId, RUNDOWN_REFUSALS.full);
  },
  move: (id: string, toIndex: number): boolean => commit(ops.moveScene(current(), id, toIndex)),
  remove: (id: string): boolean => commit(ops.deleteScene(current(), id)),
  setDuration: (id: string, ms: number | null): boolean => commit(ops.setSceneDuration(current(), id, ms)),
  setNotes: (id: string, notes: string): boolean => commit(ops.setSceneNotes(current(), id, notes)),
  /** A scene's own transition; null = the rundown's global one. */
  setSceneTransition: (id: string, t: Transition | null): boolean => commit(ops.setSceneTransition(current(), id, t)),
  setTransition: (t: Transition): boolean => commit(ops.setGlobalTransition(current(), t)),
  setAutoAdvance: (on: boolean): boolean => commit(ops.setAutoAdvance(current(), on)),
  /**
   * Takes a scene: ONE channel edit (one undo step named after the scene, one §3 updateReason CHANNEL
   * SELECT with the scene's id and name, one update): the look, and the channel's take with a new id,
   * the time, the transition the compositor draws and the scene now live.
   */
  take(sceneId: string): boolean {
    const scene = ops.findScene(current(), sceneId);
    if (!scene) return false;
    const doc = currentDoc();
    const transition = ops.effectiveTransition(scene, current());
    // Every page that draws the program gets the look and the take in one update, and fades the same
    // way; a look already on stage fades to the same picture, which shows as no change.
    const take = ops.takeOf(current().live, { sceneId, takeId: deps.newId('take'), takenAt: deps.now(), transition, by: deps.origin });
    const planned = { ...takeScene(doc, scene.look, { mediaExists: deps.mediaExists }), take };
    return edit(takeLabel(scene.name), { group: 'CHANNEL', action: 'SELECT', id: scene.id, value: scene.name }, (draft) => assignChanged(draft as ChannelDoc, doc, planned));
  },
  /** NEXT: the scene after the live one (the first before the show); nothing at the end. */
  next(): boolean {
    const id = ops.nextSceneId(current());
    return id !== null && rundownActions.take(id);
  },
  /** Ends the show: one channel edit, no scene live in its take; the stage keeps its look (nothing fades). */
  endShow(): boolean {
    const take = currentDoc().take;
    if (!take?.sceneId) return false;
    return edit(END_SHOW_LABEL, { group: 'CHANNEL', action: 'UNSELECT', id: take.sceneId, value: END_SHOW_LABEL }, (draft) => void (draft.take = ops.endedTake(take)));
  },
};
