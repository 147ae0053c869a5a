/**
 * A remote document laid over the current one (§4 channel updates from others): every part equal by
 * value keeps its current object, so the compositor (which compares by reference) redraws only what
 * changed. Also lists the paths that changed, for rebasing the undo history.
 */
import type { ChannelDoc } from '../../../compositor/model/channel';

/** Deep equality of JSON-like values. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.hasOwn(b, k) && sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

type Path = (string | number)[];

/** Items matched by id: equal ones keep the current object; the list itself is kept when nothing moved. */
function shareList<T extends { id: string }>(current: T[], incoming: T[], key: string, changed: Path[]): T[] {
  const byId = new Map(current.map((item) => [item.id, item]));
  const next = incoming.map((item) => {
    const old = byId.get(item.id);
    return old && sameValue(old, item) ? old : item;
  });
  const sameOrder = next.length === current.length && next.every((item, i) => item.id === current[i]!.id);
  if (!sameOrder) changed.push([key]);
  else next.forEach((item, i) => item !== current[i] && changed.push([key, i]));
  return sameOrder && next.every((item, i) => item === current[i]) ? current : next;
}

function shareRecord<T extends object>(current: T, incoming: T, key: string, changed: Path[]): T {
  if (sameValue(current, incoming)) return current;
  let same = true;
  const next = { ...incoming };
  for (const k of Object.keys(incoming) as (keyof T & string)[]) {
    if (sameValue(current[k], incoming[k])) next[k] = current[k];
    else {
      same = false;
      changed.push([key, k]);
    }
  }
  return same ? current : next;
}

export interface Shared {
  doc: ChannelDoc;
  /** Paths (Immer patch style) of what differs from the current document. */
  changed: Path[];
}

export function shareUnchanged(current: ChannelDoc, incoming: ChannelDoc): Shared {
  const changed: Path[] = [];
  const producers = shareList(current.producers, incoming.producers, 'producers', changed);
  const templates = shareList(current.templates, incoming.templates, 'templates', changed);
  const media = shareRecord(current.media, incoming.media, 'media', changed);
  const brandSettings = shareRecord(current.brandSettings, incoming.brandSettings, 'brandSettings', changed);
  const chatOnStream = sameValue(current.chatOnStream, incoming.chatOnStream) ? current.chatOnStream : incoming.chatOnStream;
  if (chatOnStream !== current.chatOnStream) changed.push(['chatOnStream']);
  if (current.layout !== incoming.layout) changed.push(['layout']);
  // The run of show's take (another producer's take or end of show): its fade and the live scene.
  const take = sameValue(current.take, incoming.take) ? current.take : incoming.take;
  if (take !== current.take) changed.push(['take']);
  // The vertical program's own choices (issue 34): another producer's layout or hides.
  if (current.verticalLayout !== incoming.verticalLayout) changed.push(['verticalLayout']);
  const verticalHidden = sameValue(current.verticalHidden, incoming.verticalHidden) ? current.verticalHidden : incoming.verticalHidden;
  if (verticalHidden !== current.verticalHidden) changed.push(['verticalHidden']);
  if (changed.length === 0) return { doc: current, changed };
  const vertical = { ...(incoming.verticalLayout ? { verticalLayout: incoming.verticalLayout } : {}), ...(verticalHidden ? { verticalHidden } : {}) };
  return { doc: { producers, layout: incoming.layout, brandSettings, media, templates, chatOnStream, ...(take ? { take } : {}), ...vertical }, changed };
}

/** Whether two patch paths touch the same data (one is a prefix of the other). */
export function overlaps(a: readonly (string | number)[], b: readonly (string | number)[]): boolean {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i += 1) if (String(a[i]) !== String(b[i])) return false;
  return true;
}
