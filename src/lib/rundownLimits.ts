/**
 * What a run of show may hold (issue 25): the keys of the rundown as a keyed document, and its
 * limits. The studio's panel and the backend apply the same numbers.
 *
 * Keys: `scene:<id>` per scene (its name, look, duration, notes and transition); `order` (the
 * scene ids in show order); `settings` (the global transition, auto-advance). One key per unit of
 * merge, as the channel's: two producers editing different scenes both keep their edits. The scene
 * on air is the channel's (its `take`), so a take is one update of one document.
 */
import { NAME_MAX } from './limits';

export const RUNDOWN_KEY = {
  scene: (id: string) => `scene:${id}`,
  order: 'order',
  settings: 'settings',
} as const;

/** A scene id: short, URL-safe. */
export const SCENE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** A show of 50 looks is long; more would not fit a rundown anyone reads live. */
export const RUNDOWN_SCENES_MAX = 50;
/** A scene's name is a name like a participant's or a logo's (the text rule cuts it there). */
export const SCENE_NAME_MAX = NAME_MAX;
/** Notes for the moderator, in characters: a few paragraphs, far more than a cue card holds. */
export const SCENE_NOTES_MAX = 2000;
/** A planned duration: at least a second (a shorter one could not be read), at most 12 hours. */
export const SCENE_DURATION_MIN_MS = 1000;
export const SCENE_DURATION_MAX_MS = 12 * 60 * 60 * 1000;
/** The whole rundown as stored. */
export const RUNDOWN_STORED_MAX_BYTES = 256 * 1024;
