/**
 * The own card is 'self' here and has a wire id there (every producer's must differ); its media
 * follows: the local camera here, its meeting feed on the wire, which the other producers and the
 * output page receive. Media of this machine (local:, blob:) means nothing to anyone else.
 */
import type { ChannelDoc } from '../../../compositor/model/channel';
import type { KeyedChannel } from '../../../compositor/sync';
import { docFromKeyed } from '../../../compositor/sync';
import type { ProducerCard } from '../../../compositor/model/types';
import { SELF_ID } from '../../state/session';
import { meetingUrl } from '../../state/people/presenterCards';

/** The own camera here. */
export const LOCAL_CAMERA_URL = 'local:camera';
const isLocalUrl = (url: string | null) => !!url && (url.startsWith('local:') || url.startsWith('blob:'));
/** The demo's tabs share the one moderator ('self' on the wire too), each showing its own camera. */
const ownUrlOnWire = (wireId: string) => (wireId === SELF_ID ? LOCAL_CAMERA_URL : meetingUrl(wireId));

function mapCards(doc: ChannelDoc, f: (card: ProducerCard) => ProducerCard): ChannelDoc {
  const producers = doc.producers.map(f);
  return producers.every((p, i) => p === doc.producers[i]) ? doc : { ...doc, producers };
}

/** This document as the other producers must see it. */
export const toWire = (doc: ChannelDoc, wireId: string): ChannelDoc =>
  mapCards(doc, (p) => (p.id === SELF_ID ? { ...p, id: wireId, url: ownUrlOnWire(wireId) } : isLocalUrl(p.url) ? { ...p, url: null } : p));

/**
 * The room's channel as this producer's document: over the cards it knows (their names and media),
 * the own card back under 'self' with the local camera.
 */
export function docFromWire(keyed: KeyedChannel, known: ChannelDoc, wireId: string): ChannelDoc {
  const knownOnWire = mapCards(known, (p) => (p.id === SELF_ID ? { ...p, id: wireId } : p));
  return mapCards(docFromKeyed(keyed, knownOnWire), (p) => (p.id === wireId ? { ...p, id: SELF_ID, url: LOCAL_CAMERA_URL } : p));
}
