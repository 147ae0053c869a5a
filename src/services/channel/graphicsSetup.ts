/**
 * What a channel starts with in the Graphics panel (§9 Defaults: default lower third preselected,
 * predefined assets; §3 brand settings persisted in local storage), and the panel's asset lists.
 */
import type { ChannelDoc, TemplateItem } from '../../../compositor/model/channel';
import { createTemplate } from '../../../compositor/templates/schemas';
import { sameValue } from '../../state/channel/share';
import { useChannelStore } from '../../state/channel/store';
import { ASSET_KINDS } from '../../state/assets';
import { backend } from '../../state/backend';
import { libraryActions } from '../../state/graphics/library';
import { DEFAULT_BRAND_SETTINGS, readKey, STORAGE_KEYS, writeKey } from '../../state/storage';
import { errorMessage, log } from '../../log';
import { PREDEFINED_ASSETS } from '../assets/predefined';

/** The predefined lower thirds (origin predefined); the first is the default, preselected (§9). */
export const PREDEFINED_LOWER_THIRDS = [
  { primaryText: 'Welcome to the show', secondaryText: 'We start in a moment' },
  { primaryText: 'Ask your questions', secondaryText: 'Use the Q&A tab, we answer live' },
  { primaryText: 'Thanks for watching', secondaryText: 'See you at the next event' },
] as const;

export const PREDEFINED_TICKER = 'Welcome to the studio! Questions go in the Q&A tab • Polls open during the show • This event is recorded';

function defaultTemplates(primaryColor: string): TemplateItem[] {
  return [
    ...PREDEFINED_LOWER_THIRDS.map((lt, i) => createTemplate('LOWERTHIRD', { id: `lower-third-predefined-${i + 1}`, ...lt, origin: 'predefined', selected: i === 0 })),
    createTemplate('TICKER', { id: 'ticker-predefined-1', primaryText: PREDEFINED_TICKER, primaryColor, origin: 'predefined' }),
    ...PREDEFINED_ASSETS.logo.map((l) => createTemplate('LOGO', { id: `logo-${l.id}`, name: l.title, source: l.url, origin: 'predefined' })),
  ];
}

/**
 * A channel without graphics gets the predefined ones; brand settings still at their defaults take the
 * moderator's saved ones (a channel that has its own keeps them).
 */
export function withDefaultGraphics(doc: ChannelDoc): ChannelDoc {
  const brandSettings = sameValue(doc.brandSettings, DEFAULT_BRAND_SETTINGS) ? readKey(STORAGE_KEYS.brandSettings) : doc.brandSettings;
  const templates = doc.templates.length ? doc.templates : defaultTemplates(brandSettings.primaryColor);
  return { ...doc, brandSettings, templates };
}

/** Keeps the brand settings in local storage as they change (§3); returns the stop. */
export function persistBrandSettings(): () => void {
  return useChannelStore.subscribe((s, prev) => s.doc.brandSettings !== prev.doc.brandSettings && writeKey(STORAGE_KEYS.brandSettings, s.doc.brandSettings));
}

/** Fills the panel's lists from the asset service; a list that fails stays as it is (logged). */
export async function loadAssetLibrary(): Promise<void> {
  await Promise.all(
    ASSET_KINDS.filter((k) => k !== 'logo').map(async (kind) => {
      try {
        libraryActions.setListed(kind, await backend().assets.list(kind));
      } catch (e) {
        log.warn('assets', `${kind} list failed: ${errorMessage(e)}`);
      }
    }),
  );
}
