/** §3 Nametag template: data, attributes and scene (its pixi view is ./view.ts). */
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
  /**
   * Shown while Name Tags is on, on its producer's tile while that producer is drawn; the §3 sentinel
   * (number 0, hidden) never is.
   */
  toScene: (item: NametagItem, { brandSettings, visibleLayers }) => {
    const layer = item.number > 0 ? visibleLayers.get(item.number) : undefined;
    return brandSettings.nametagsActive && item.isVisible && layer
      ? {
          kind: 'nametag',
          id: item.id,
          number: item.number,
          rect: layer.position,
          theme: item.theme,
          name: item.primaryText,
          initials: item.initials,
          primaryColor: brandSettings.primaryColor,
        }
      : null;
  },
});
