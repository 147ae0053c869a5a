/** A stage with a moderator, four guests, a content share and graphics of every kind, for the rundown tests. */
import { goOnAir } from '../../../compositor/layout';
import { emptyChannel, type ChannelDoc } from '../../../compositor/model/channel';
import { producerCard, withOrderRanks } from '../../../compositor/model/producerCard';
import type { ProducerCard } from '../../../compositor/model/types';
import { createTemplate } from '../../../compositor/templates/schemas';
import { liveTakeOf, takeOf } from '../../../src/state/rundown/rundown';
import type { LiveTake, Rundown } from '../../../src/state/rundown/types';

export const card = (id: string, type: ProducerCard['type'] = 'PRODUCER') => producerCard({ id, name: id.toUpperCase(), url: `/v/${id}.webm`, type });

export function stage(live: string[] = []): ChannelDoc {
  let producers = withOrderRanks([card('mod', 'MODERATOR'), card('g1'), card('g2'), card('g3'), card('g4'), card('share', 'CONTENT_SHARING')]);
  for (const id of live) producers = goOnAir(producers, id);
  return {
    ...emptyChannel(),
    producers,
    templates: [
      createTemplate('LOWERTHIRD', { id: 'lt-1', primaryText: 'Ada' }),
      createTemplate('LOWERTHIRD', { id: 'lt-2', primaryText: 'Grace' }),
      createTemplate('TICKER', { id: 'tk-1', primaryText: 'News' }),
      createTemplate('TICKER', { id: 'tk-2', primaryText: 'More news' }),
      createTemplate('LOGO', { id: 'logo-1', name: 'One', corner: 'TOPRIGHT' }),
      createTemplate('LOGO', { id: 'logo-2', name: 'Two', corner: 'TOPLEFT' }),
    ],
  };
}

export const liveIds = (doc: ChannelDoc) => doc.producers.filter((p) => p.isLive).sort((a, b) => a.liveRank - b.liveRank).map((p) => p.id);
export const selected = (doc: ChannelDoc, type: string) => doc.templates.filter((t) => t.type === type && t.selected).map((t) => t.id);

/**
 * The rundown as the store shows it after a take: its live take read back from the channel's take
 * (a take is a channel edit; the pure rundown tests need only what the rundown then reads).
 */
export const recordTake = (rundown: Rundown, take: Omit<LiveTake, 'showStartedAt'>): Rundown => ({ ...rundown, live: liveTakeOf(takeOf(rundown.live, take)) });
