/**
 * Graphics commands (§3 edit actions on LOWERTHIRD, TICKER, LOGO, BRANDSETTING): lower thirds 1–9,
 * the ticker, the logos, Name Tags and the safe-area guide, with keys listed in the '?' overlay.
 */
import type { TemplateItem } from '../../../compositor/model/channel';
import { currentDoc, type ChannelState } from '../channel/store';
import { brandActions, logoActions, lowerThirdActions, tickerActions } from '../graphics/graphicsActions';
import { useScreenStore } from '../screenStore';
import type { Command } from './types';

const ofType = (state: ChannelState, type: TemplateItem['type']) => state.doc.templates.filter((t) => t.type === type);

/** Ours: lower thirds 1–9 take the digit keys (the layouts have Alt+digit). */
export const LOWER_THIRD_SHORTCUTS = 9;

const lowerThirdCommand = (n: number): Command => ({
  name: `SELECT:LOWERTHIRD:${n}`,
  section: 'Graphics',
  title: `Lower third ${n} on/off`,
  label: (state) => {
    const item = ofType(state, 'LOWERTHIRD')[n - 1];
    return item ? `${item.selected ? 'Hide' : 'Show'} lower third ${n}: ${item.primaryText}` : `There is no lower third ${n}`;
  },
  keys: [String(n)],
  enabled: (state) => ofType(state, 'LOWERTHIRD').length >= n,
  perform: () => {
    const item = currentDoc().templates.filter((t) => t.type === 'LOWERTHIRD')[n - 1];
    if (item) lowerThirdActions.toggle(item.id);
  },
});

export const TICKER_COMMAND: Command = {
  name: 'SELECT:TICKER',
  section: 'Graphics',
  title: 'Ticker on/off',
  label: (state) => (ofType(state, 'TICKER').some((t) => t.selected) ? 'Hide the ticker' : 'Show the ticker'),
  keys: ['t'],
  enabled: (state) => ofType(state, 'TICKER').length > 0,
  perform: () => {
    const tickers = currentDoc().templates.filter((t) => t.type === 'TICKER');
    const target = tickers.find((t) => t.selected) ?? tickers[0];
    if (target) tickerActions.toggle(target.id);
  },
};

export const LOGOS_COMMAND: Command = {
  name: 'SELECT:LOGO',
  section: 'Graphics',
  title: 'Logos on/off',
  label: (state) => (ofType(state, 'LOGO').some((t) => t.selected) ? 'Hide the logos' : 'Show the logos'),
  keys: ['l'],
  enabled: (state) => ofType(state, 'LOGO').length > 0,
  perform: () => void logoActions.toggleAll(),
};

export const NAMETAGS_COMMAND: Command = {
  name: 'NAMETAGS',
  section: 'Graphics',
  title: 'Name Tags on/off',
  label: (state) => (state.doc.brandSettings.nametagsActive ? 'Hide name tags' : 'Show name tags'),
  keys: ['n'],
  enabled: () => true,
  perform: () => void brandActions.toggleNametags(),
};

export const SAFE_AREA_COMMAND: Command = {
  name: 'SAFE_AREA',
  section: 'Graphics',
  title: 'Safe-area guide on/off (preview only)',
  label: () => (useScreenStore.getState().safeAreaVisible ? 'Hide the safe-area guide' : 'Show the safe-area guide'),
  keys: ['g'],
  enabled: () => true,
  perform: () => useScreenStore.getState().toggleSafeArea(),
};

export const GRAPHICS_COMMANDS: readonly Command[] = [
  ...Array.from({ length: LOWER_THIRD_SHORTCUTS }, (_, i) => lowerThirdCommand(i + 1)),
  TICKER_COMMAND,
  LOGOS_COMMAND,
  NAMETAGS_COMMAND,
  SAFE_AREA_COMMAND,
];
