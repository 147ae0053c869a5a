/** The channel document → the scene (compositor/convert channelScene): media, template items of every kind. */
import { describe, expect, it } from 'vitest';
import { channelScene, nametagSentinel } from '../../../compositor/convert';
import { emptyChannel, type ChannelDoc } from '../../../compositor/model/channel';
import { createTemplate } from '../../../compositor/templates/schemas';
import { goOnAir, nametagArea } from '../../../compositor/layout';
import { producerCard, withOrderRanks } from '../../../compositor/model/producerCard';
import { fullChannel } from './fixtures';

const withTemplates = (doc: ChannelDoc, templates: ChannelDoc['templates']) => ({ ...doc, templates });

describe('media in the scene', () => {
  it('draws the background by its slot key, and the foreground video over an image (§4 they are exclusive)', () => {
    const doc = fullChannel();
    const scene = channelScene({ ...doc, media: { ...doc.media, foregroundImage: { id: 'img', type: 'image', url: '/i.png', name: 'I' } } });
    expect(scene.background).toEqual({ kind: 'media', source: { key: 'background:background-4', placeholderColor: '#0b0d12' } });
    expect(scene.foreground?.key).toBe('foregroundVideo:fg-video-2');
    expect(channelScene({ ...doc, media: { ...doc.media, foregroundVideo: null, foregroundImage: { id: 'img', type: 'image', url: '/i.png', name: 'I' } } }).foreground?.key).toBe('foregroundImage:img');
    expect(channelScene(emptyChannel())).toMatchObject({ background: { kind: 'color' }, templates: [] });
    expect(channelScene(emptyChannel()).foreground).toBeUndefined();
  });
});

describe('the run of show\u2019s take in the scene (issue 25)', () => {
  it('carries the take the channel holds, so the compositor fades to the look it brought; none without one', () => {
    const take = { id: 'take-3', startedAt: 1_700_000_000_000, transition: { kind: 'fade' as const, durationMs: 700 } };
    expect(channelScene({ ...fullChannel(), take }).transition).toEqual(take);
    expect(channelScene(fullChannel())).not.toHaveProperty('transition');
  });
});

describe('template items in the scene', () => {
  const brand = { nametagsActive: true, primaryColor: '#AA3300', selectedTheme: 'lower_third2' as const };
  const doc = { ...emptyChannel(), brandSettings: brand };

  it('shows only the selected lower third, in the brand theme and colour', () => {
    const scene = channelScene(withTemplates(doc, [createTemplate('LOWERTHIRD', { id: 'a', primaryText: 'Ada', selected: true }), createTemplate('LOWERTHIRD', { id: 'b', primaryText: 'Bea' })]));
    // bottom: the bottom band's place for it (y 0.92 with no ticker under it).
    expect(scene.templates).toEqual([{ kind: 'lowerThird', id: 'a', theme: '2', primaryText: 'Ada', secondaryText: '', primaryColor: '#AA3300', bottom: 0.92 }]);
  });

  it('runs the selected ticker on its own colour; shows selected logos with a picture in their corner', () => {
    const scene = channelScene(
      withTemplates(doc, [
        createTemplate('TICKER', { id: 't', primaryText: 'News', primaryColor: '#112233', selected: true }),
        createTemplate('LOGO', { id: 'l1', source: '/l.png', corner: 'BOTTOMLEFT', selected: true }),
        createTemplate('LOGO', { id: 'l2', source: '', selected: true }),
        createTemplate('LOGO', { id: 'l3', source: '/l3.png' }),
      ]),
    );
    expect(scene.templates).toEqual([
      { kind: 'ticker', id: 't', text: 'News', color: '#112233' },
      { kind: 'logo', id: 'l1', corner: 'BOTTOMLEFT', source: { key: 'logo:l1', placeholderColor: '#00000000' } },
    ]);
  });

  const onAir = (...ids: string[]) => {
    let cards = withOrderRanks(ids.map((id) => producerCard({ id, name: id.toUpperCase(), url: `/${id}` })));
    for (const id of ids) cards = goOnAir(cards, id);
    return cards;
  };

  it('derives a name tag per live producer while Name Tags is on (a stored one, like the §3 sentinel, is not drawn twice)', () => {
    const producers = onAir('ada');
    const stored = [createTemplate('NAMETAG', { id: 'n', number: producers[0]!.number, primaryText: 'Ada', initials: 'A', isVisible: false }), nametagSentinel()];
    expect(channelScene(withTemplates({ ...doc, producers }, stored)).templates).toMatchObject([{ kind: 'nametag', id: 'nametag-ada', name: 'ADA', initials: 'A', theme: '2', primaryColor: '#AA3300' }]);
    expect(channelScene({ ...doc, producers, brandSettings: { ...brand, nametagsActive: false } }).templates).toEqual([]);
  });

  it("puts a name tag on its producer's tile, and draws none for a producer not drawn", () => {
    const producers = onAir('ada', 'bea');
    const [ada, bea] = producers;
    expect(ada!.number).not.toBe(bea!.number);
    const scene = channelScene({ ...doc, producers });
    // The tag sits in the part of the tile inside title-safe (bottomBand.nametagArea).
    const rectOf = (id: string) => nametagArea(scene.producers.find((p) => p.id === id)!.rect, 1);
    expect(scene.templates).toMatchObject([
      { kind: 'nametag', id: 'nametag-ada', rect: rectOf('ada') },
      { kind: 'nametag', id: 'nametag-bea', rect: rectOf('bea') },
    ]);
    // Bea spotlit: Ada is hidden, so is her tag; Bea's tag follows her to the full frame.
    const spotlit = channelScene({ ...doc, producers: producers.map((c) => (c.id === 'bea' ? { ...c, isSpotted: true } : c)) });
    expect(spotlit.templates).toMatchObject([{ id: 'nametag-bea', rect: { x: 0.05, y: 0.05, width: 0.9, height: 0.9 } }]); // inside title-safe
    // Off air: no tag.
    const adaOff = producers.map((c) => (c.id === 'ada' ? { ...c, isLive: false, number: 0, liveRank: 0 } : c));
    expect(channelScene({ ...doc, producers: adaOff }).templates?.map((t) => t.id)).toEqual(['nametag-bea']);
  });

  it('shows the chat message on stream with its sender, in the brand colour', () => {
    const scene = channelScene({ ...doc, chatOnStream: createTemplate('CHAT', { id: 'm', primaryText: 'Hi', secondaryText: 'Zoe' }) });
    expect(scene.templates).toMatchObject([{ kind: 'chat', id: 'm', name: 'Zoe', text: 'Hi', primaryColor: '#AA3300', bottom: 0.8 }]);
  });
});
