/**
 * The §3 shapes a §7 channel body is read by (the sync's keyed map and the server's limits check
 * against them), and the update reason's parse. The studio never reads a whole body back: it holds
 * the keyed map (compositor/sync); tests read bodies with tests/unit/channel/bodyReader.ts.
 */
import { LAYER_TYPES, LOWER_THIRD_THEMES, EDIT_ACTIONS, EDIT_KINDS, type UpdateReason } from '../model/types';
import { hasShape, isBoolean, isNumber, isOneOf, isString, parseJsonText } from '../model/json';

const RECT = { x: isNumber, y: isNumber, width: isNumber, height: isNumber };
const CROP = { top: isNumber, left: isNumber, bottom: isNumber, right: isNumber };
/** The §3 shapes a body is read by (also the sync's keyed map, compositor/sync). */
export const LAYER = {
  number: isNumber,
  type: (v: unknown) => isOneOf(LAYER_TYPES, v),
  sourceUrl: isString,
  sourceId: isString,
  sourceName: isString,
  isHidden: isBoolean,
  isSpotted: isBoolean,
  orderRank: isNumber,
  liveRank: isNumber,
  position: (v: unknown) => hasShape(v, RECT),
  crop: (v: unknown) => hasShape(v, CROP),
};
export const BRAND = { nametagsActive: isBoolean, primaryColor: isString, selectedTheme: (v: unknown) => isOneOf(LOWER_THIRD_THEMES, v) };
/** Brand fields a body may lack (older channels): the default applies. */
export const BRAND_OPTIONAL = { shiftVideosUp: isBoolean };
const REASON = {
  group: (v: unknown) => isOneOf(EDIT_KINDS, v),
  action: (v: unknown) => isOneOf(EDIT_ACTIONS, v),
  id: (v: unknown) => v === null || isString(v) || isNumber(v),
  value: (v: unknown) => v === null || isString(v) || isNumber(v) || isBoolean(v),
  fromUuid: isString,
};
export const MEDIA_REF = { id: isString, type: (v: unknown) => v === 'image' || v === 'video', url: isString, name: isString };

/** §8: a parse failure of updateReason is logged and treated as null. */
export function parseUpdateReason(text: unknown, problems: string[] = []): UpdateReason | null {
  const v = parseJsonText(text);
  if (v === null) return null;
  if (!hasShape(v, REASON)) {
    problems.push('updateReason is not an update reason');
    return null;
  }
  return { group: v.group, action: v.action, id: v.id, value: v.value, fromUuid: v.fromUuid } as UpdateReason;
}
