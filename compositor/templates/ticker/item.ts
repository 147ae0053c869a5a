/** §3 Ticker item: data, attributes and scene (its pixi view is ./view.ts). */
import type { TickerItem } from '../../model/channel';
import { defineSchema } from '../schemaKit';

export const tickerSchema = defineSchema<'TICKER'>({
  type: 'TICKER',
  defaults: {},
  readExtra: () => ({}),
  /** §4 only the selected ticker runs; its primaryColor is its background. */
  toScene: (item: TickerItem) => (item.selected && item.isVisible ? { kind: 'ticker', id: item.id, text: item.primaryText, color: item.primaryColor } : null),
});
