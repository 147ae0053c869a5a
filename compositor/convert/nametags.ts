/**
 * Name tags (§3 Nametag template): one per live producer, carrying the participant's name and
 * initials in the brand's theme. They are derived from the producers on every scene and save, never
 * stored, so a producer going on or off air (or an undo of it) can never leave a stale tag behind.
 * The hidden sentinel with number 0 is appended to every save.
 */
import { initialsOf, liveInShowOrder } from '../layout';
import type { ChannelDoc, NametagItem } from '../model/channel';
import { createTemplate } from '../templates/schemas';
import { brandThemeOf } from '../templates/lowerThird/item';

/** §3 "A sentinel nametag with number 0, hidden, is always appended." */
export const NAMETAG_SENTINEL_ID = 'nametag-0';
export const nametagSentinel = (): NametagItem => createTemplate('NAMETAG', { id: NAMETAG_SENTINEL_ID, number: 0, isVisible: false });

export const nametagId = (producerId: string) => `nametag-${producerId}`;

/** The name tags of the live producers, in show order (their layer number ties each to its tile). */
export function liveNametags(doc: Pick<ChannelDoc, 'producers' | 'brandSettings'>): NametagItem[] {
  const theme = brandThemeOf(doc.brandSettings.selectedTheme);
  return liveInShowOrder(doc.producers).map((card) =>
    createTemplate('NAMETAG', {
      id: nametagId(card.id),
      number: card.number,
      theme,
      primaryText: card.name,
      initials: initialsOf(card.name),
      primaryColor: doc.brandSettings.primaryColor,
      isVisible: doc.brandSettings.nametagsActive,
    }),
  );
}
