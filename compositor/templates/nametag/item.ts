/** §3 Nametag template: data, attributes and scene (its pixi view comes with the Graphics panel). */
import type { NametagItem } from '../../model/channel';
import { INVALID } from '../item';
import { defineSchema } from '../schemaKit';

export const nametagSchema = defineSchema<'NAMETAG'>({
  type: 'NAMETAG',
  defaults: { animate: true },
  readExtra: (raw, d) => {
    const animate = raw.animate ?? d.animate;
    return typeof animate === 'boolean' ? { animate } : INVALID;
  },
  /** Shown while Name Tags is on; the §3 sentinel (number 0, hidden) never is. */
  toScene: (item: NametagItem, { brandSettings }) =>
    brandSettings.nametagsActive && item.isVisible && item.number > 0
      ? { kind: 'nametag', id: item.id, number: item.number, theme: item.theme, name: item.primaryText, initials: item.initials, primaryColor: brandSettings.primaryColor }
      : null,
});
