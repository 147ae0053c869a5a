/**
 * The rundown's clock, pure: from the live take and `now`, elapsed and remaining time per scene and
 * for the show, what is next, and when auto-advance is due. Remaining time goes negative when a
 * scene runs over (the panel shows the overrun).
 */
import { nextSceneId } from './rundown';
import type { Rundown } from './types';

export type SceneState = 'done' | 'live' | 'next' | 'later';

export interface SceneTiming {
  sceneId: string;
  state: SceneState;
  durationMs: number | null;
  /** Time on air: only the live scene has any (earlier takes are not kept). */
  elapsedMs: number;
  /** Planned time left: the duration for scenes to come; null without a duration. */
  remainingMs: number | null;
}

export interface ShowTiming {
  liveSceneId: string | null;
  nextSceneId: string | null;
  scenes: SceneTiming[];
  /** Since the show's first take; 0 before it. */
  elapsedMs: number;
  /** The live scene's remaining time (0 once it runs over) plus the durations of the scenes after it; null if any of them has none. */
  remainingMs: number | null;
  /** Wall-clock ms when auto-advance takes NEXT, or null when it will not (off, no duration, nothing next). */
  advanceAt: number | null;
  /** advanceAt has come. */
  advanceDue: boolean;
}

export function showTiming(rundown: Rundown, now: number): ShowTiming {
  const { live } = rundown;
  const liveAt = live ? rundown.scenes.findIndex((s) => s.id === live.sceneId) : -1;
  const next = nextSceneId(rundown);
  const scenes = rundown.scenes.map((scene, i): SceneTiming => {
    const isLive = i === liveAt && live !== null;
    const elapsedMs = isLive ? Math.max(0, now - live.takenAt) : 0;
    const state: SceneState = isLive ? 'live' : scene.id === next ? 'next' : liveAt >= 0 && i < liveAt ? 'done' : 'later';
    const remainingMs = state === 'done' || scene.durationMs === null ? (state === 'done' ? 0 : null) : scene.durationMs - elapsedMs;
    return { sceneId: scene.id, state, durationMs: scene.durationMs, elapsedMs, remainingMs };
  });
  // The live scene was deleted: what is left of the show is unknown.
  const ahead = liveAt >= 0 ? scenes.slice(liveAt) : live ? null : scenes;
  const remainingMs = !ahead || ahead.some((s) => s.remainingMs === null) ? null : ahead.reduce((sum, s) => sum + Math.max(0, s.remainingMs ?? 0), 0);
  const liveScene = liveAt >= 0 ? rundown.scenes[liveAt] : undefined;
  const advanceAt = live && liveScene?.durationMs != null && next !== null && rundown.settings.autoAdvance ? live.takenAt + liveScene.durationMs : null;
  return {
    liveSceneId: liveScene?.id ?? null,
    nextSceneId: next,
    scenes,
    elapsedMs: live ? Math.max(0, now - live.showStartedAt) : 0,
    remainingMs,
    advanceAt,
    advanceDue: advanceAt !== null && now >= advanceAt,
  };
}
