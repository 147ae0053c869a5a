/**
 * Channel document → §7 channel body (PUT /channel/{uuid}: layers, name, layout, brandSettings,
 * templateUrl, templateAttributes, producerOrder, updateReason, optional swap; eventStatus omitted).
 * The layers come from the same buildLayers the scene uses, so the preview and the channel agree.
 */
import { buildLayers } from '../layout';
import type { ChannelDoc, ChannelMedia } from '../model/channel';
import type { ChannelBody, LayerSwap, UpdateReason } from '../model/types';
import { templateToAttributes } from '../templates/schemas';
import type { Attributes } from '../templates/item';
import { liveNametags, nametagSentinel } from './nametags';

export interface ChannelIdentity {
  name: string;
  templateUrl?: string;
}

/**
 * templateAttributes as JSON text: the §3 attributes list (every template item, the chat message on
 * stream, the live producers' name tags, then the sentinel)
 * and, beside it, the media the channel shows (the body has no other place for them; layers are
 * producers only).
 */
interface TemplateAttributesJson {
  attributes: Attributes[];
  media: ChannelMedia;
}

function templateAttributesOf(doc: ChannelDoc): TemplateAttributesJson {
  const chat = doc.chatOnStream ? [doc.chatOnStream] : [];
  return { attributes: [...doc.templates, ...chat, ...liveNametags(doc), nametagSentinel()].map(templateToAttributes), media: doc.media };
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
