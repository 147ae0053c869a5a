/** A channel document with something of every kind on it, for the body and remote-update tests. */
import { goOnAir, spotlight } from '../../../compositor/layout';
import { emptyChannel, type ChannelDoc } from '../../../compositor/model/channel';
import { createTemplate } from '../../../compositor/templates/schemas';
import { producerCard, withOrderRanks } from '../../../compositor/model/producerCard';

export function fullChannel(): ChannelDoc {
  let producers = withOrderRanks(['a', 'b', 'c', 'd', 'share'].map((id) => producerCard({ id, name: id.toUpperCase(), url: id === 'd' ? null : `/v/${id}.webm`, ...(id === 'share' ? { type: 'CONTENT_SHARING' as const } : {}) })));
  for (const id of ['a', 'b', 'c']) producers = goOnAir(producers, id);
  producers = spotlight(producers, 'b');
  return {
    ...emptyChannel(),
    producers,
    layout: 'PIP',
    brandSettings: { nametagsActive: false, primaryColor: '#AA3300', selectedTheme: 'lower_third3' },
    media: {
      background: { id: 'background-4', type: 'image', url: '/bg/4.jpg', name: 'Background 4' },
      foregroundImage: null,
      foregroundVideo: { id: 'fg-video-2', type: 'video', url: 'https://cdn.example.com/v.mp4', name: 'Intro' },
    },
    templates: [
      createTemplate('LOWERTHIRD', { id: 'lt-1', primaryText: 'Ada Lovelace', secondaryText: 'Analyst & <engine> fan', selected: true, origin: 'predefined' }),
      createTemplate('LOWERTHIRD', { id: 'lt-2', primaryText: 'Second', theme: '2', isNew: true, isAdding: true }),
      createTemplate('TICKER', { id: 'tk-1', primaryText: 'Breaking: x<y and z>w', primaryColor: '#112233', selected: true }),
      createTemplate('LOGO', { id: 'logo-1', name: 'Brand', source: '/logos/1.png', corner: 'BOTTOMLEFT', selected: true, position: { x: 0.08, y: 0.92 } }),
    ],
    chatOnStream: createTemplate('CHAT', { id: 'm1', primaryText: 'Hello 👩‍💻', secondaryText: 'Zoe' }),
  };
}
