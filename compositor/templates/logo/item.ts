/** §3 Logo item: data, attributes and scene (its pixi view is ./view.ts). */
import { LOGO_POSITIONS, mediaKey, type LogoItem } from '../../model/channel';
import { INVALID, oneOf } from '../item';
import { defineSchema } from '../schemaKit';

/** The panel's first corner (§3: top right, top left, bottom right, bottom left). */
export const DEFAULT_LOGO_CORNER = 'TOPRIGHT';
const LOGO_PLACEHOLDER = '#00000000';

export const logoSchema = defineSchema<'LOGO'>({
  type: 'LOGO',
  defaults: { corner: DEFAULT_LOGO_CORNER },
  readExtra: (raw, d) => {
    const corner = oneOf(raw, 'corner', LOGO_POSITIONS, d.corner);
    return corner === INVALID ? INVALID : { corner };
  },
  toScene: (item: LogoItem) =>
    item.selected && item.isVisible && item.source
      ? { kind: 'logo', id: item.id, corner: item.corner, source: { key: mediaKey.logo(item.id), placeholderColor: LOGO_PLACEHOLDER } }
      : null,
});
