/**
 * A test oracle: a §7 channel body (as GET /channel/{uuid} or a socket delivers it) read back into a
 * channel document on top of a `base`, reporting every field that is not §3-shaped in `problems`. The
 * studio itself never reads a body (it holds the keyed map, compositor/sync); the tests check with
 * this that every body built or served is well-formed, and that a body round-trips.
 *
 * Never throws and never half-parses (§8): a body whose layers cannot be read is refused whole
 * (null); a JSON-text field that does not parse (templateAttributes, producerOrder, updateReason)
 * or a malformed top-level field is treated as null, meaning "no news" (the base's value stays), and
 * is reported. Malformed template entries are dropped and reported.
 */
import { LAYOUT_CODES, type BrandSettings, type Layer, type ProducerCard, type UpdateReason } from '../../../compositor/model/types';
import { MEDIA_SLOTS, type ChannelDoc, type ChannelMedia, type ChatItem, type MediaRef, type TemplateItem } from '../../../compositor/model/channel';
import { templateFromAttributes } from '../../../compositor/templates/schemas';
import { hasShape, isBoolean, isOneOf, isRecord, isString, parseJsonText } from '../../../compositor/model/json';
import { mergeProducers } from '../../../compositor/convert/producers';
import { BRAND, LAYER, MEDIA_REF, parseUpdateReason } from '../../../compositor/convert';

export interface ParsedChannel {
  doc: ChannelDoc;
  reason: UpdateReason | null;
  problems: string[];
}

function readLayers(v: unknown): Layer[] | null {
  if (!Array.isArray(v) || !v.every((l) => hasShape(l, LAYER))) return null;
  return (v as unknown as Layer[]).map((l) => ({
    number: l.number,
    type: l.type,
    sourceUrl: l.sourceUrl,
    sourceId: l.sourceId,
    sourceName: l.sourceName,
    isHidden: l.isHidden,
    isSpotted: l.isSpotted,
    orderRank: l.orderRank,
    liveRank: l.liveRank,
    position: { x: l.position.x, y: l.position.y, width: l.position.width, height: l.position.height },
    crop: { top: l.crop.top, left: l.crop.left, bottom: l.crop.bottom, right: l.crop.right },
  }));
}

function readProducerOrder(text: unknown, problems: string[]): string[] | null {
  const v = parseJsonText(text);
  if (Array.isArray(v) && v.every(isString)) return v;
  problems.push('producerOrder is not a list of ids');
  return null;
}

function readMedia(v: unknown, base: ChannelMedia, problems: string[]): ChannelMedia {
  if (v === undefined) return base;
  if (!isRecord(v)) {
    problems.push('media is not an object');
    return base;
  }
  const media = { ...base };
  for (const slot of MEDIA_SLOTS) {
    const ref = v[slot];
    if (ref === null || ref === undefined) media[slot] = null;
    else if (hasShape(ref, MEDIA_REF)) media[slot] = { id: ref.id, type: ref.type, url: ref.url, name: ref.name } as MediaRef;
    else {
      problems.push(`media.${slot} is malformed`);
      media[slot] = null;
    }
  }
  return media;
}

/**
 * The attributes list split the way the document keeps it: the chat message on stream apart, name
 * tags dropped (they are derived from the live producers on every save, sentinel included).
 */
function readTemplates(v: unknown, base: Pick<ChannelDoc, 'templates' | 'chatOnStream'>, problems: string[]): Pick<ChannelDoc, 'templates' | 'chatOnStream'> {
  if (v === undefined) return base;
  if (!Array.isArray(v)) {
    problems.push('templateAttributes.attributes is not a list');
    return base;
  }
  const templates: TemplateItem[] = [];
  let chatOnStream: ChatItem | null = null;
  for (const raw of v) {
    const item = isRecord(raw) ? templateFromAttributes(raw) : null;
    if (!item) problems.push(`template entry dropped: ${JSON.stringify(raw)?.slice(0, 80)}`);
    else if (item.type === 'CHAT') chatOnStream = item;
    else if (item.type !== 'NAMETAG') templates.push(item);
  }
  return { templates, chatOnStream };
}

function readBrand(v: unknown, base: BrandSettings, problems: string[]): BrandSettings {
  if (v === undefined || v === null) return base;
  if (!hasShape(v, BRAND)) {
    problems.push('brandSettings is malformed');
    return base;
  }
  const shift = (v as Record<string, unknown>).shiftVideosUp;
  return { nametagsActive: v.nametagsActive, primaryColor: v.primaryColor, selectedTheme: v.selectedTheme, ...(isBoolean(shift) ? { shiftVideosUp: shift } : {}) } as BrandSettings;
}

export function channelFromBody(body: unknown, base: ChannelDoc): ParsedChannel | null {
  if (!isRecord(body)) return null;
  const layers = readLayers(body.layers);
  if (!layers) return null;
  const problems: string[] = [];
  const reason = parseUpdateReason(body.updateReason, problems);

  let layout = base.layout;
  if (isOneOf(LAYOUT_CODES, body.layout)) layout = body.layout;
  else if (body.layout !== undefined) problems.push(`unknown layout ${JSON.stringify(body.layout)}`);

  const attrs = body.templateAttributes === undefined ? undefined : parseJsonText(body.templateAttributes);
  let items: Pick<ChannelDoc, 'templates' | 'chatOnStream'> = base;
  let media = base.media;
  if (isRecord(attrs)) {
    items = readTemplates(attrs.attributes, base, problems);
    media = readMedia(attrs.media, base.media, problems);
  } else if (body.templateAttributes !== undefined && attrs !== null) problems.push('templateAttributes is not an attributes object');

  const order = body.producerOrder === undefined ? null : readProducerOrder(body.producerOrder, problems);
  const producers: ProducerCard[] = mergeProducers(base.producers, layers, order);
  return { doc: { producers, layout, brandSettings: readBrand(body.brandSettings, base.brandSettings, problems), media, templates: items.templates, chatOnStream: items.chatOnStream }, reason, problems };
}
