/** §3 Lower third item: data, attributes and scene (its pixi view is ./view.ts). */
import type { LowerThirdItem } from '../../model/channel';
import { defineSchema } from '../schemaKit';

export const lowerThirdSchema = defineSchema<'LOWERTHIRD'>({
  type: 'LOWERTHIRD',
  defaults: {},
  readExtra: () => ({}),
  /** §4 only the selected lower third is on stage; its theme is the brand's (lower_third1..3 → '1'..'3'). */
  toScene: (item: LowerThirdItem, { brandSettings }) =>
    item.selected && item.isVisible
      ? {
          kind: 'lowerThird',
          id: item.id,
          theme: brandThemeOf(brandSettings.selectedTheme),
          primaryText: item.primaryText,
          secondaryText: item.secondaryText,
          primaryColor: brandSettings.primaryColor,
        }
      : null,
});

/** Brand settings' selectedTheme ('lower_third2') as a template theme ('2'). */
export function brandThemeOf(theme: string): '1' | '2' | '3' {
  const n = theme.slice(-1);
  return n === '2' || n === '3' ? n : '1';
}
