/**
 * Channel document → §7 channel body (PUT /channel/{uuid}: layers, name, layout, brandSettings,
 * templateUrl, templateAttributes, producerOrder, updateReason, optional swap; eventStatus omitted).
 * The layers come from the same buildLayers the scene uses, so the preview and the channel agree.
 */
import { buildLayers } from '../layout';
import type { ChannelDoc, ChannelMedia } from '../model/channel';
import type { ChannelBody, LayerSwap, UpdateReason } from '../model/types';
import { createTemplate, templateToAttributes } from '../templates/schemas';
import type { Attributes } from '../templates/item';

export interface ChannelIdentity {
  name: string;
  templateUrl?: string;
}

/** §3 "A sentinel nametag with number 0, hidden, is always appended." */
export const NAMETAG_SENTINEL_ID = 'nametag-0';
export const nametagSentinel = () => createTemplate('NAMETAG', { id: NAMETAG_SENTINEL_ID, number: 0, isVisible: false });

/**
 * templateAttributes as JSON text: the §3 attributes list (every template item, then the sentinel)
 * and, beside it, the media the channel shows (the body has no other place for them; layers are
 * producers only).
 */
interface TemplateAttributesJson {
  attributes: Attributes[];
  media: ChannelMedia;
}

function templateAttributesOf(doc: ChannelDoc): TemplateAttributesJson {
  return { attributes: [...doc.templates, nametagSentinel()].map(templateToAttributes), media: doc.media };
}

export function channelBody(doc: ChannelDoc, channel: ChannelIdentity, reason: UpdateReason | null, swap?: LayerSwap): ChannelBody {
  return {
    layers: buildLayers(doc.producers, doc.layout),
    name: channel.name,
    layout: doc.layout,
    brandSettings: doc.brandSettings,
    templateUrl: channel.templateUrl ?? '',
    templateAttributes: JSON.stringify(templateAttributesOf(doc)),
    producerOrder: JSON.stringify(doc.producers.map((p) => p.id)),
    updateReason: JSON.stringify(reason),
    ...(swap ? { swap } : {}),
  };
}
