/**
 * Text that arrives in another producer's channel update goes through the same text rule as text
 * typed here (DESIGN "User text"), before it reaches the stage, the DOM or our next save: a client
 * that skipped the rule cannot put markup on air through us. Unchanged text keeps its objects.
 */
import type { ChannelDoc, TemplateItem, TemplateType } from '../../../compositor/model/channel';
import type { ProducerCard } from '../../../compositor/model/types';
import { LOWER_THIRD_TEXT_MAX, NAME_MAX, TICKER_TEXT_MAX } from '../../lib/limits';
import { cleanText } from '../../lib/text';
import { CHAT_MAX } from '../chat/limits';

/** The §5 limit of each kind's primary and secondary text (a chat item: the message and its sender). */
const TEXT_LIMITS: Record<TemplateType, [primary: number, secondary: number]> = {
  LOWERTHIRD: [LOWER_THIRD_TEXT_MAX, LOWER_THIRD_TEXT_MAX],
  TICKER: [TICKER_TEXT_MAX, TICKER_TEXT_MAX],
  LOGO: [NAME_MAX, NAME_MAX],
  NAMETAG: [NAME_MAX, NAME_MAX],
  CHAT: [CHAT_MAX, NAME_MAX],
};

const clean = (text: string, max: number) => cleanText(text, { max }).text;

function cleanCard(card: ProducerCard): ProducerCard {
  const name = clean(card.name, NAME_MAX);
  return name === card.name ? card : { ...card, name };
}

function cleanItem(item: TemplateItem): TemplateItem {
  const [primaryMax, secondaryMax] = TEXT_LIMITS[item.type];
  const next = { primaryText: clean(item.primaryText, primaryMax), secondaryText: clean(item.secondaryText, secondaryMax), name: clean(item.name, NAME_MAX) };
  return next.primaryText === item.primaryText && next.secondaryText === item.secondaryText && next.name === item.name ? item : { ...item, ...next };
}

export function cleanRemoteText(doc: ChannelDoc): ChannelDoc {
  const chatOnStream = doc.chatOnStream && (cleanItem(doc.chatOnStream) as typeof doc.chatOnStream);
  return { ...doc, producers: doc.producers.map(cleanCard), templates: doc.templates.map(cleanItem), chatOnStream };
}
