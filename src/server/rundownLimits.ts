/**
 * What one stored rundown may hold (src/lib/rundownLimits.ts, issue 25): every changed key is one the
 * studio writes, with a value of its kind's shape, only the fields the studio writes (src/state/rundown/types.ts)
 * and texts within their limits (400 when not); the scenes and the whole stored document (the map and
 * its sync record) stay within their count and size (413), unless the rundown was already past them
 * and the edit does not take it further.
 */
import { FADE_MAX_MS, FADE_MIN_MS } from '../../compositor/model/transition';
import { isRecord } from '../../compositor/model/json';
import { diffKeyed, type KeyedChannel, type SyncValue } from '../../compositor/sync';
import { RUNDOWN_KEY, RUNDOWN_SCENES_MAX, RUNDOWN_STORED_MAX_BYTES, SCENE_DURATION_MAX_MS, SCENE_DURATION_MIN_MS, SCENE_ID_PATTERN, SCENE_NAME_MAX, SCENE_NOTES_MAX } from '../lib/rundownLimits';
import { MEDIA_REF } from '../../compositor/convert';
import { MEDIA_SLOTS } from '../../compositor/model/channel';
import { dataProblem, refuseGrowthPast, storedBytes, TRANSITION_SPEC, type Beside, type DataShape } from './channelLimits';
import { badRequest, HttpError } from './errors';
import { SHORT_TEXT_MAX, VERTICAL_HIDES_MAX } from './limits';
import { unknownField, unknownFieldProblem, type FieldSpec } from './knownFields';

/** A scene's look is the deepest value: scene → look → onAir → entry → slot → index. */
/** The longest list: the order's scene ids, or a look's vertical hides (issue 34: every graphic). */
const RUNDOWN_DATA: DataShape = { depthMax: 6, listMax: Math.max(2 * RUNDOWN_SCENES_MAX, VERTICAL_HIDES_MAX) };
/** A vertical hide is a graphic's key, `tpl:<id>`. */
const TEXTS = { name: SCENE_NAME_MAX, notes: SCENE_NOTES_MAX, hidden: 'tpl:'.length + SHORT_TEXT_MAX };

/** The fields the studio writes (src/state/rundown/types.ts: Scene, SceneLook, RundownSettings, LiveTake). */
const MEDIA_REF_SPEC: FieldSpec = Object.fromEntries(Object.keys(MEDIA_REF).map((k) => [k, null]));
const LOOK_SPEC: FieldSpec = {
  layout: null,
  onAir: { cardId: null, slot: { kind: null, index: null } },
  spotlight: null,
  lowerThirdId: null,
  tickerId: null,
  logoIds: null,
  nametagsActive: null,
  media: Object.fromEntries(MEDIA_SLOTS.map((slot) => [slot, MEDIA_REF_SPEC])),
  vertical: { layout: null, hidden: null },
};
export const RUNDOWN_SPEC = {
  scene: { id: null, name: null, notes: null, durationMs: null, transition: TRANSITION_SPEC, look: LOOK_SPEC },
  settings: { transition: TRANSITION_SPEC, autoAdvance: null },
} as const satisfies Record<string, FieldSpec>;

const fieldProblem = (where: string, value: SyncValue, spec: FieldSpec): string | null => {
  const field = unknownField(value, spec);
  return field ? unknownFieldProblem(where, field) : null;
};

const isTransition = (v: unknown): boolean =>
  isRecord(v) && (v.kind === 'cut' || (v.kind === 'fade' && typeof v.durationMs === 'number' && v.durationMs >= FADE_MIN_MS && v.durationMs <= FADE_MAX_MS));
const isDuration = (v: unknown): boolean => v === null || (typeof v === 'number' && v >= SCENE_DURATION_MIN_MS && v <= SCENE_DURATION_MAX_MS);

function sceneProblem(id: string, v: SyncValue): string | null {
  if (!SCENE_ID_PATTERN.test(id)) return 'a scene id must be 1 to 64 letters, digits, - or _';
  if (!isRecord(v) || v.id !== id) return 'a scene is malformed (its id must be its key)';
  if (typeof v.name !== 'string' || typeof v.notes !== 'string' || !isRecord(v.look)) return 'a scene needs a name, notes and a look';
  if (!isDuration(v.durationMs)) return `a scene's duration must be empty or ${SCENE_DURATION_MIN_MS / 1000} s to ${SCENE_DURATION_MAX_MS / 3_600_000} h`;
  if (v.transition !== null && !isTransition(v.transition)) return `a scene's transition must be empty, a Cut, or a Fade of ${FADE_MIN_MS}–${FADE_MAX_MS} ms`;
  return fieldProblem(`scene ${id}`, v, RUNDOWN_SPEC.scene) ?? dataProblem(v, TEXTS, '', 0, RUNDOWN_DATA);
}

/** Why the value of `key` is not one the studio writes, or null. */
export function rundownKeyProblem(key: string, value: SyncValue): string | null {
  if (key.startsWith('scene:')) return sceneProblem(key.slice('scene:'.length), value);
  switch (key) {
    case RUNDOWN_KEY.order:
      return Array.isArray(value) && value.every((id) => typeof id === 'string' && SCENE_ID_PATTERN.test(id)) ? dataProblem(value, {}, 'order', 0, RUNDOWN_DATA) : 'order is not a list of scene ids';
    case RUNDOWN_KEY.settings:
      return isRecord(value) && isTransition(value.transition) && typeof value.autoAdvance === 'boolean' ? fieldProblem('settings', value, RUNDOWN_SPEC.settings) : 'settings need a transition and autoAdvance';
    default:
      return `${key.slice(0, 40)} is not a rundown key`;
  }
}

const scenesIn = (keyed: KeyedChannel) => Object.keys(keyed).filter((k) => k.startsWith('scene:')).length;

/** The keyed map to store for an update from `before` to `after`, each with its sync record (`beside`, `besideAfter`); throws 400 / 413 as above. */
export function enforceRundownLimits(before: KeyedChannel, after: KeyedChannel, beside: Beside = {}, besideAfter: Beside = beside): KeyedChannel {
  for (const [key, value] of Object.entries(diffKeyed(before, after))) {
    const problem = value === null ? null : rundownKeyProblem(key, value);
    if (problem) throw badRequest(`Refused rundown update: ${problem}`);
  }
  const [was, is] = [scenesIn(before), scenesIn(after)];
  if (is > RUNDOWN_SCENES_MAX && is > was) throw new HttpError(413, `The rundown would hold ${is} scenes, at most ${RUNDOWN_SCENES_MAX} allowed`);
  refuseGrowthPast('rundown', RUNDOWN_STORED_MAX_BYTES, storedBytes(before, beside), storedBytes(after, besideAfter));
  return after;
}
