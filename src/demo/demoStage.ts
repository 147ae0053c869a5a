/**
 * The demo channel 'testing' (§1): the moderator's own card, six sample guests with looping feeds,
 * two of them on air so the preview opens composed.
 */
import { goOnAir } from '../../compositor/layout';
import { emptyChannel, type ChannelDoc } from '../../compositor/model/channel';
import { producerCard, withOrderRanks } from '../../compositor/model/producerCard';
import { SELF_ID, type StudioUser } from '../state/session';
import { LOCAL_CAMERA_URL } from '../services/channel/wireIds';
import { DEMO_GUESTS } from './demoGuests';

const VIDEO_URLS = import.meta.glob('../../assets/video/guest-*.webm', { eager: true, query: '?url', import: 'default' }) as Record<string, string>;

export const guestVideoUrl = (file: string) => VIDEO_URLS[`../../assets/video/${file}.webm`] ?? '';

/** Guests who start on air. */
const ON_AIR_AT_START = 2;

export function demoStage(user: StudioUser): { doc: ChannelDoc } {
  const self = producerCard({ id: SELF_ID, name: `${user.firstName} ${user.lastName}`, type: 'MODERATOR', url: LOCAL_CAMERA_URL, participantGuid: user.id, audioMute: true });
  const guests = DEMO_GUESTS.map((g) =>
    producerCard({
      id: g.id,
      name: g.name,
      url: guestVideoUrl(g.videoFile),
      timezone: g.timezone,
      callQuality: g.callQuality,
      participantGuid: g.participantGuid,
      audioMute: g.audioMute,
      videoMute: g.videoMute,
      type: g.role === 'Moderator' ? 'MODERATOR' : 'PRODUCER',
    }),
  );
  let producers = withOrderRanks([self, ...guests]);
  for (const g of guests.slice(0, ON_AIR_AT_START)) producers = goOnAir(producers, g.id);
  return {
    doc: { ...emptyChannel(), producers },
  };
}
