/** Limits of scenes and the rundown (issue 25; the SPEC gives none, these are ours). */
import { NAME_MAX } from '../../lib/limits';

/** A scene's name is a name like a participant's or a logo's (the text rule cuts it there). */
export const SCENE_NAME_MAX = NAME_MAX;
/** Notes for the moderator: a few paragraphs, far more than a cue card holds. */
export const SCENE_NOTES_MAX = 2000;
/** A show of 50 looks is long; more would not fit a rundown anyone reads live. */
export const MAX_SCENES = 50;
/** A planned duration: at least a second (a shorter one could not be read), at most 12 hours. */
export const SCENE_DURATION_MIN_MS = 1000;
export const SCENE_DURATION_MAX_MS = 12 * 60 * 60 * 1000;
