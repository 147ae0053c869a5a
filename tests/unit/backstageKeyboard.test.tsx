/** Issue 11: the stage by keyboard: roving focus over the cards and the card commands' keys. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { BackstagePane } from '../../src/features/backstage/BackstagePane';
import { channelActions, useChannelStore } from '../../src/state/channel/store';
import { emptyChannel } from '../../compositor/model/channel';
import { producerCard } from '../../compositor/model/producerCard';
import { installBackend } from '../../src/state/backend';
import { createDemoBackend } from '../../src/demo/demoBackend';
import { ON_AIR_GUARD_MS } from '../../src/lib/limits';

const names = ['Maria Garcia', 'Rajesh Iyer', 'Bea Santos'];
const card = (name: string) => screen.getByRole('article', { name: new RegExp(`^${name}`) });
const cardIds = () => useChannelStore.getState().doc.producers.map((p) => p.name);
const live = (name: string) => useChannelStore.getState().doc.producers.find((p) => p.name === name)!.isLive;
const later = () => vi.setSystemTime(Date.now() + ON_AIR_GUARD_MS + 1);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  installBackend(createDemoBackend({ latencyMs: 0 }));
  channelActions.load({ ...emptyChannel(), producers: names.map((name, i) => producerCard({ id: `g${i}`, name, number: (i + 1) * 10, participantGuid: `participant-guid-${i}` })) });
  render(<BackstagePane />);
});
afterEach(() => {
  installBackend(null);
  vi.useRealTimers();
});

describe('backstage by keyboard', () => {
  it('the grid is one tab stop; arrow keys, Home and End move the focus between cards', () => {
    const tabbable = screen.getAllByRole('article').filter((a) => a.tabIndex === 0);
    expect(tabbable.map((a) => a.dataset.cardId)).toEqual(['g0']);
    card('Maria Garcia').focus();
    fireEvent.keyDown(card('Maria Garcia'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(card('Rajesh Iyer'));
    fireEvent.keyDown(card('Rajesh Iyer'), { key: 'End' });
    expect(document.activeElement).toBe(card('Bea Santos'));
    fireEvent.keyDown(card('Bea Santos'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(card('Bea Santos'));
    fireEvent.keyDown(card('Bea Santos'), { key: 'Home' });
    expect(document.activeElement).toBe(card('Maria Garcia'));
    // The tab stop follows the focus.
    fireEvent.keyDown(card('Maria Garcia'), { key: 'ArrowRight' });
    expect(screen.getAllByRole('article').filter((a) => a.tabIndex === 0).map((a) => a.dataset.cardId)).toEqual(['g1']);
  });

  it('Space puts the focused card on air and takes it off; on a button inside, Space stays the button’s', () => {
    card('Rajesh Iyer').focus();
    fireEvent.keyDown(card('Rajesh Iyer'), { key: ' ', code: 'Space' });
    expect(live('Rajesh Iyer')).toBe(true);
    later();
    fireEvent.keyDown(within(card('Rajesh Iyer')).getByRole('button', { name: /Mute mic/ }), { key: ' ', code: 'Space' });
    expect(live('Rajesh Iyer')).toBe(true);
    fireEvent.keyDown(card('Rajesh Iyer'), { key: ' ', code: 'Space' });
    expect(live('Rajesh Iyer')).toBe(false);
  });

  it('S spotlights an on-air card, M mutes its mic, V its camera', async () => {
    card('Maria Garcia').focus();
    const press = async (key: string) => {
      fireEvent.keyDown(card('Maria Garcia'), { key, code: key === ' ' ? 'Space' : `Key${key.toUpperCase()}` });
      await act(async () => undefined); // the moderator call settles
      later();
    };
    for (const key of [' ', 's', 'm', 'v']) await press(key);
    const maria = useChannelStore.getState().doc.producers.find((p) => p.name === 'Maria Garcia')!;
    expect([maria.isSpotted, maria.audioMute, maria.videoMute]).toEqual([true, true, true]);
  });

  it('Enter opens the card menu; F2 opens the name, Enter saves it and gives the focus back', () => {
    card('Bea Santos').focus();
    fireEvent.keyDown(card('Bea Santos'), { key: 'Enter', code: 'Enter' });
    expect(screen.getByRole('menu')).toBeInTheDocument();
    act(() => useChannelStore.getState().openMenuId && useChannelStore.setState({ openMenuId: null }));
    fireEvent.keyDown(card('Bea Santos'), { key: 'F2', code: 'F2' });
    const box = screen.getByRole('textbox', { name: 'Name of Bea Santos' });
    expect(document.activeElement).toBe(box);
    fireEvent.change(box, { target: { value: 'Beatriz Santos' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter' });
    expect(cardIds()).toContain('Beatriz Santos');
    expect(within(card('Beatriz Santos')).getByText('Saved!')).toBeInTheDocument();
    expect(document.activeElement).toBe(within(card('Beatriz Santos')).getByRole('button', { name: /Rename/ }));
  });

  it('Alt+Arrow moves the focused card one place, as one undoable edit', () => {
    card('Maria Garcia').focus();
    fireEvent.keyDown(card('Maria Garcia'), { key: 'ArrowRight', code: 'ArrowRight', altKey: true });
    expect(cardIds()).toEqual(['Rajesh Iyer', 'Maria Garcia', 'Bea Santos']);
    fireEvent.keyDown(card('Maria Garcia'), { key: 'ArrowLeft', code: 'ArrowLeft', altKey: true });
    fireEvent.keyDown(card('Maria Garcia'), { key: 'ArrowLeft', code: 'ArrowLeft', altKey: true });
    expect(cardIds()).toEqual(['Maria Garcia', 'Rajesh Iyer', 'Bea Santos']);
  });
});
