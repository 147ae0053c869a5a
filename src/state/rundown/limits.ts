/** Limits of scenes and the rundown (issue 25; the SPEC gives none, these are ours): the backend applies the same (src/lib/rundownLimits.ts). */
export { SCENE_DURATION_MAX_MS, SCENE_DURATION_MIN_MS, SCENE_NAME_MAX, SCENE_NOTES_MAX, RUNDOWN_SCENES_MAX as MAX_SCENES } from '../../lib/rundownLimits';
