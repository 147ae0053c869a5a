/** The ticker graphic (§3 Template item type TICKER, §4 Ticker): definition, schema, geometry and view. */
import { TICKER_Z } from '../../model/constants';
import type { SceneTemplate, SceneTicker } from '../../model/scene';
import { defineTemplate } from '../types';
import { TICKER_FONTS } from './schema';
import { createTickerView } from './view';

export const tickerTemplate = defineTemplate<SceneTicker>({
  kind: 'ticker',
  z: TICKER_Z, // §9 ticker 10001
  fonts: TICKER_FONTS,
  accepts: (model: SceneTemplate): model is SceneTicker => model.kind === 'ticker',
  create: createTickerView,
});

export * from './schema';
export * from './geometry';
export { TickerView, tickerLooksDifferent } from './view';
