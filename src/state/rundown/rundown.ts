/**
 * Rundown operations, pure: each takes a rundown and returns the next one, or the same object when
 * nothing changes (a refused or empty edit), so the store can tell and skip a save.
 */
import { clampTransition, defaultFade, type ChannelTake, type Transition } from '../../../compositor/model/transition';
import { cleanText } from '../../lib/text';
import { MAX_SCENES, SCENE_DURATION_MAX_MS, SCENE_DURATION_MIN_MS, SCENE_NAME_MAX, SCENE_NOTES_MAX } from './limits';
import type { LiveTake, Rundown, Scene, SceneLook } from './types';

export const emptyRundown = (): Rundown => ({ scenes: [], settings: { transition: defaultFade(), autoAdvance: false }, live: null });

/** A scene name by the text rule: one line, cut to SCENE_NAME_MAX; '' when nothing visible is left. */
export const sceneName = (raw: string): string => cleanText(raw, { max: SCENE_NAME_MAX }).text;
/** Notes by the text rule: line breaks kept, cut to SCENE_NOTES_MAX. */
export const sceneNotes = (raw: string): string => cleanText(raw, { max: SCENE_NOTES_MAX, multiline: true }).text;

/** A planned duration within its bounds, whole ms; null (or anything not a number) = none. */
export function clampDuration(ms: number | null): number | null {
  if (ms === null || !Number.isFinite(ms)) return null;
  return Math.min(SCENE_DURATION_MAX_MS, Math.max(SCENE_DURATION_MIN_MS, Math.round(ms)));
}

/** The name a new scene gets: 'Scene n', n one past the scenes so far, skipping names in use. */
export function defaultSceneName(rundown: Rundown): string {
  const taken = new Set(rundown.scenes.map((s) => s.name));
  let n = rundown.scenes.length + 1;
  while (taken.has(`Scene ${n}`)) n += 1;
  return `Scene ${n}`;
}

export const canAddScene = (rundown: Rundown): boolean => rundown.scenes.length < MAX_SCENES;
export const findScene = (rundown: Rundown, id: string): Scene | undefined => rundown.scenes.find((s) => s.id === id);

function patchScene(rundown: Rundown, id: string, patch: Partial<Omit<Scene, 'id'>>): Rundown {
  const at = rundown.scenes.findIndex((s) => s.id === id);
  const scene = rundown.scenes[at];
  if (!scene) return rundown;
  const keys = Object.keys(patch) as (keyof typeof patch)[];
  if (keys.every((k) => JSON.stringify(scene[k]) === JSON.stringify(patch[k]))) return rundown;
  const scenes = [...rundown.scenes];
  scenes[at] = { ...scene, ...patch };
  return { ...rundown, scenes };
}

/** 'Save scene': the stage's look appended at the end (refused past MAX_SCENES or for a used id). */
export function addScene(rundown: Rundown, id: string, look: SceneLook, name = ''): Rundown {
  if (!canAddScene(rundown) || findScene(rundown, id)) return rundown;
  const scene: Scene = { id, name: sceneName(name) || defaultSceneName(rundown), look, durationMs: null, notes: '', transition: null };
  return { ...rundown, scenes: [...rundown.scenes, scene] };
}

/** Rename by the text rule; a name with nothing visible is refused (the field reverts, §5 inline rename). */
export function renameScene(rundown: Rundown, id: string, raw: string): Rundown {
  const name = sceneName(raw);
  return name ? patchScene(rundown, id, { name }) : rundown;
}

/** 'Update from stage': the scene's look replaced by the stage's. */
export const updateSceneLook = (rundown: Rundown, id: string, look: SceneLook): Rundown => patchScene(rundown, id, { look });

/** A copy right after the original, named '<name> copy' (cut to the limit). */
export function duplicateScene(rundown: Rundown, id: string, newId: string): Rundown {
  const at = rundown.scenes.findIndex((s) => s.id === id);
  const scene = rundown.scenes[at];
  if (!scene || !canAddScene(rundown) || findScene(rundown, newId)) return rundown;
  const copy: Scene = { ...structuredClone(scene), id: newId, name: sceneName(`${scene.name} copy`) };
  return { ...rundown, scenes: [...rundown.scenes.slice(0, at + 1), copy, ...rundown.scenes.slice(at + 1)] };
}

/** Moves a scene to `toIndex` in show order (clamped). */
export function moveScene(rundown: Rundown, id: string, toIndex: number): Rundown {
  const from = rundown.scenes.findIndex((s) => s.id === id);
  const scene = rundown.scenes[from];
  if (!scene) return rundown;
  const rest = rundown.scenes.filter((s) => s.id !== id);
  const to = Math.max(0, Math.min(rest.length, Math.floor(Number.isFinite(toIndex) ? toIndex : rest.length)));
  if (to === from) return rundown;
  return { ...rundown, scenes: [...rest.slice(0, to), scene, ...rest.slice(to)] };
}

/**
 * Deletes a scene. The live take stays when it is the deleted scene: the stage still shows that look,
 * and NEXT waits for a scene taken by hand (see nextSceneId).
 */
export function deleteScene(rundown: Rundown, id: string): Rundown {
  return findScene(rundown, id) ? { ...rundown, scenes: rundown.scenes.filter((s) => s.id !== id) } : rundown;
}

export const setSceneDuration = (rundown: Rundown, id: string, ms: number | null): Rundown => patchScene(rundown, id, { durationMs: clampDuration(ms) });
export const setSceneNotes = (rundown: Rundown, id: string, raw: string): Rundown => patchScene(rundown, id, { notes: sceneNotes(raw) });
/** A scene's own transition, or null for the rundown's global one. */
export const setSceneTransition = (rundown: Rundown, id: string, t: Transition | null): Rundown =>
  patchScene(rundown, id, { transition: t === null ? null : clampTransition(t) });

export function setGlobalTransition(rundown: Rundown, t: Transition): Rundown {
  const transition = clampTransition(t);
  return JSON.stringify(transition) === JSON.stringify(rundown.settings.transition) ? rundown : { ...rundown, settings: { ...rundown.settings, transition } };
}

export function setAutoAdvance(rundown: Rundown, on: boolean): Rundown {
  return rundown.settings.autoAdvance === on ? rundown : { ...rundown, settings: { ...rundown.settings, autoAdvance: on } };
}

/** The transition a take of `scene` uses: its own, else the rundown's. */
export const effectiveTransition = (scene: Pick<Scene, 'transition'>, rundown: Pick<Rundown, 'settings'>): Transition =>
  clampTransition(scene.transition ?? rundown.settings.transition);

/**
 * What NEXT takes: the scene after the live one; the first when nothing was taken yet; nothing at the
 * end of the rundown, or when the live scene was deleted (take one by hand to go on).
 */
export function nextSceneId(rundown: Pick<Rundown, 'scenes' | 'live'>): string | null {
  if (!rundown.live) return rundown.scenes[0]?.id ?? null;
  const { sceneId } = rundown.live;
  const at = rundown.scenes.findIndex((s) => s.id === sceneId);
  return at < 0 ? null : (rundown.scenes[at + 1]?.id ?? null);
}

/** A take of a scene as the channel carries it: the show's start carries over from the take before (`live`). */
export function takeOf(live: LiveTake | null, take: Omit<LiveTake, 'showStartedAt'>): ChannelTake {
  return { id: take.takeId, transition: take.transition, startedAt: take.takenAt, sceneId: take.sceneId, showStartedAt: live?.showStartedAt ?? take.takenAt, by: take.by };
}

/** The channel's take once the show ends: no scene is live; its transition stays, so nothing fades. */
export const endedTake = (take: ChannelTake): ChannelTake => ({ id: take.id, transition: take.transition, startedAt: take.startedAt });

/** The live take the channel's take names, or null (no take yet, or the show ended). */
export const liveTakeOf = (take: ChannelTake | undefined): LiveTake | null =>
  take?.sceneId ? { sceneId: take.sceneId, takeId: take.id, takenAt: take.startedAt, showStartedAt: take.showStartedAt ?? take.startedAt, transition: take.transition, by: take.by ?? '' } : null;
