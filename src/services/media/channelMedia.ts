/**
 * The one media loader for a channel document, used by the studio's stage and by the output page:
 * every producer feed with a URL, the background, the foreground image or video and the logos on
 * stage get a media element under their scene key. Only drawable URLs are loaded (lib/mediaUrl); a producer
 * whose feed is a stream (the own camera, a meeting feed) is registered by whoever receives it.
 */
import { mediaKey, MEDIA_SLOTS, type ChannelDoc } from '../../../compositor/model/channel';
import { isDrawableMediaUrl } from '../../lib/mediaUrl';
import { log } from '../../log';
import { media } from './elements';
import { feedOfUrl } from '../../state/people/presenterCards';
import { useChannelStore } from '../../state/channel/store';
import type { DocStore } from '../channel/stageScene';

const refused = new Set<string>();

function load(key: string, url: string, kind: 'image' | 'video'): void {
  if (!isDrawableMediaUrl(url)) {
    if (refused.has(url)) return;
    refused.add(url);
    log.warn('media', `not drawn: ${kind} '${url.slice(0, 80)}' is not an https, same-origin or own blob URL`);
    return;
  }
  if (kind === 'image') media.image(key, url);
  else media.video(key, url);
}

export function loadChannelMedia(doc: ChannelDoc): void {
  for (const p of doc.producers) if (p.url && !p.url.startsWith('local:') && feedOfUrl(p.url) === null) load(mediaKey.producer(p.id), p.url, 'video');
  for (const slot of MEDIA_SLOTS) {
    const ref = doc.media[slot];
    if (ref) load(mediaKey.media(slot, ref.id), ref.url, ref.type);
  }
  // Only logos on stage: the panel shows the others from their own <img>, and a channel's whole logo
  // list is not fetched at start.
  for (const t of doc.templates) if (t.type === 'LOGO' && t.selected && t.source) load(mediaKey.logo(t.id), t.source, 'image');
}

/** Loads a document's media now and whenever it changes (the studio's stage, a page's program); returns the stop. */
export function watchChannelMedia(store: DocStore = useChannelStore): () => void {
  let last = store.getState().doc;
  loadChannelMedia(last);
  return store.subscribe((s) => {
    if (s.doc === last) return;
    last = s.doc;
    loadChannelMedia(s.doc);
  });
}
