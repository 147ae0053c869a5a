import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { canMute, cleanupRoster, markPresence, matchesSearch, menuEntries, SORT_OPTIONS, sortParticipants, type Participant } from '../../src/state/people/people';
import { ROSTER_ABSENCE_MS, SEARCH_DEBOUNCE_MS, SORT_MENU_GUARD_MS } from '../../src/state/people/limits';
import { peopleActions, usePeopleStore } from '../../src/state/people/peopleStore';
import { emptyChannel } from '../../compositor/model/channel';
import { stageActions } from '../../src/state/channel/stageActions';
import { producerCard, withOrderRanks } from '../../compositor/model/producerCard';
import { emptyPeopleText, PeoplePanel } from '../../src/features/people/PeoplePanel';
import { SortMenu } from '../../src/features/people/SortMenu';
import { AVATAR_PALETTE_SIZE, avatarColorIndex } from '../../src/lib/avatar';
import { installFakeBackend, okPeople } from './fakeBackend';
import { useMeetingStore } from '../../src/state/meetingStore';

const person = (id: string, name: string, joinTime: number, extra: Partial<Participant> = {}): Participant => ({
  id, name, role: 'Attendee', joinTime, isSelf: false, inParticipantRoster: true, lastSeen: 0, audioMute: true, videoMute: true, audioHardMute: false, videoHardMute: false, ...extra,
});

describe('roster rules (§4, §5)', () => {
  const list = [person('a1', 'zoe Martin', 3), person('a2', 'Adam Smith', 1), person('a3', 'mia Rossi', 2)];
  it('search is case-insensitive on the name', () => {
    expect(list.filter((p) => matchesSearch(p, 'MI')).map((p) => p.id)).toEqual(['a2', 'a3']);
    expect(list.filter((p) => matchesSearch(p, '  ')).length).toBe(3);
  });
  it.each([
    [{ key: 'name', direction: 'asc' }, ['a2', 'a3', 'a1']],
    [{ key: 'name', direction: 'desc' }, ['a1', 'a3', 'a2']],
    [{ key: 'arrival', direction: 'asc' }, ['a2', 'a3', 'a1']],
    [{ key: 'arrival', direction: 'desc' }, ['a1', 'a3', 'a2']],
  ] as const)('sort %j', (order, ids) => expect(sortParticipants(list, order).map((p) => p.id)).toEqual(ids));
  it.each([
    [undefined, false],
    ['', false],
    ['abcdef', false],
    ['abcdefg', true],
  ])('mute of id %j allowed: %s', (id, ok) => expect(canMute(id)).toBe(ok));
  it('absent for over 5 s → out of roster; cleanup frees it; a listed one is seen again', () => {
    const start = [person('a', 'A', 0, { lastSeen: 1000 }), person('b', 'B', 0, { lastSeen: 1000 })];
    const seen = new Set(['a']);
    let next = markPresence(start, seen, 1000 + ROSTER_ABSENCE_MS);
    expect(next.map((p) => p.inParticipantRoster)).toEqual([true, true]);
    next = markPresence(next, seen, 1001 + ROSTER_ABSENCE_MS);
    expect(next.map((p) => p.inParticipantRoster)).toEqual([true, false]);
    expect(cleanupRoster(next).map((p) => p.id)).toEqual(['a']);
  });
  it('menus by role (§2, §6): attendees reduced; no remove for self or a moderator', () => {
    expect(menuEntries({ role: 'Attendee', isSelf: false })).toEqual(['Chat with guest', 'Remove guest']);
    expect(menuEntries({ role: 'Attendee', isSelf: false }, { privateChat: false })).toEqual(['Remove guest']);
    expect(menuEntries({ role: 'Panelist', isSelf: false })).toContain('Remove presenter');
    expect(menuEntries({ role: 'Moderator', isSelf: false })).not.toContain('Remove presenter');
    expect(menuEntries({ role: 'Panelist', isSelf: true })).not.toContain('Remove presenter');
  });
  it('avatar colours come from the fixed palette, stable per name', () => {
    expect(avatarColorIndex('Ava Thompson')).toBeLessThan(AVATAR_PALETTE_SIZE);
    expect(avatarColorIndex('Ava Thompson')).toBe(avatarColorIndex(' ava thompson '));
  });
});

describe('removals, applied at once (the calls are tests/unit/people.service.test.ts)', () => {
  afterEach(() => peopleActions.reset());

  it('an attendee leaves the list; the rollback puts them back in their place', () => {
    peopleActions.setAttendees([person('a', 'Ann', 1), person('b', 'Ben', 2), person('c', 'Cy', 3)]);
    const removal = peopleActions.takeOutAttendee('b')!;
    expect(removal.attendee.name).toBe('Ben');
    expect(usePeopleStore.getState().attendees.map((p) => p.id)).toEqual(['a', 'c']);
    removal.rollback();
    expect(usePeopleStore.getState().attendees.map((p) => p.id)).toEqual(['a', 'b', 'c']);
    expect(peopleActions.takeOutAttendee('nobody')).toBeNull();
  });

  it('a rollback after the roster brought the attendee back does not add them twice', () => {
    peopleActions.setAttendees([person('a', 'Ann', 1)]);
    const removal = peopleActions.takeOutAttendee('a')!;
    peopleActions.setAttendees([person('a', 'Ann', 1)]);
    removal.rollback();
    expect(usePeopleStore.getState().attendees).toHaveLength(1);
  });
});

describe('sort menu opens only if more than 500 ms passed since it was last toggled (§4)', () => {
  it('ignores a reopen inside the guard', async () => {
    let t = 10_000;
    const user = userEvent.setup();
    render(<SortMenu value={{ key: 'name', direction: 'asc' }} onChange={() => undefined} now={() => t} />);
    const button = screen.getByRole('button', { name: /Sort/ });
    await user.click(button);
    expect(screen.getByRole('menu', { name: 'Sort people' })).toBeInTheDocument();
    t += 100;
    await user.click(button); // closes
    t += SORT_MENU_GUARD_MS - 200;
    await user.click(button);
    expect(screen.queryByRole('menu')).toBeNull();
    t += 201; // now more than 500 ms since it was closed
    await user.click(button);
    expect(screen.getByRole('menu')).toBeInTheDocument();
  });
});

describe('sort menu items (§9 sort options)', () => {
  it('are radio items, the current order checked; picking one reports it once and closes the menu', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<SortMenu value={{ key: 'name', direction: 'asc' }} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: /Sort/ }));
    const items = screen.getAllByRole('menuitemradio');
    expect(items.map((i) => i.textContent)).toEqual(SORT_OPTIONS.map((o) => o.label));
    expect(screen.getByRole('menuitemradio', { name: 'Alphabetical (A–Z)' })).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledExactlyOnceWith(SORT_OPTIONS[2]!.order);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});

describe('People panel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
    const cards = withOrderRanks([
      producerCard({ id: 'self', name: 'Alex Morgan', type: 'MODERATOR', participantGuid: 'user-0001' }),
      producerCard({ id: 'g1', name: 'Lukas Becker', participantGuid: 'guid-g1-0001' }),
      producerCard({ id: 'g2', name: 'Amara Okafor', participantGuid: 'guid-g2-0001' }),
    ]);
    stageActions.load({ ...emptyChannel(), producers: cards });
    peopleActions.setAttendees([person('att-0001', 'Zoe Martin', 1), person('att-0002', 'Ben Carter', 2)]);
    installFakeBackend({ people: okPeople() });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
  const setup = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

  it('searches after 500 ms, case-insensitively', async () => {
    const user = setup();
    render(<PeoplePanel />);
    await user.type(screen.getByRole('searchbox', { name: 'Search presenters' }), 'LUK');
    expect(screen.getAllByTestId('person-row')).toHaveLength(3);
    act(() => void vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(screen.getAllByTestId('person-row').map((r) => r.dataset.personId)).toEqual(['g1']);
  });

  it('Mute All mutes every presenter but me; then it offers Unmute All', async () => {
    const user = setup();
    render(<PeoplePanel />);
    await user.click(screen.getByRole('button', { name: 'Mute All' }));
    const rows = screen.getAllByTestId('person-row');
    expect(within(rows[1]!).getByLabelText('Microphone off')).toBeInTheDocument();
    expect(within(rows[2]!).getByLabelText('Microphone off')).toBeInTheDocument();
    expect(within(rows[0]!).getByLabelText('Microphone on')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unmute All' })).toBeInTheDocument();
  });

  it('attendees get the reduced menu; removing one drops them; an empty tab says so', async () => {
    const user = setup();
    render(<PeoplePanel />);
    await user.click(screen.getByRole('tab', { name: /Attendees/ }));
    expect(localStorage.getItem('selectedTabs')).toContain('ATTENDEES');
    await user.click(screen.getByRole('button', { name: 'Options for Zoe Martin' }));
    const menu = screen.getByRole('menu', { name: 'Zoe Martin options' });
    // The demo's event has no one2OneModChat in this test's store: no private chat with an attendee.
    expect(within(menu).getAllByRole('menuitem').map((b) => b.textContent)).toEqual(['Remove guest']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Remove guest' }));
    expect(usePeopleStore.getState().attendees.map((a) => a.name)).toEqual(['Ben Carter']);
    act(() => peopleActions.setAttendees([]));
    expect(screen.getByText(emptyPeopleText('ATTENDEES'))).toBeInTheDocument();
    expect(emptyPeopleText('ATTENDEES')).toBe('No Attendees have joined this event yet!');
  });

  it('an event with one2OneModChat offers Chat with guest on an attendee', async () => {
    const user = setup();
    useMeetingStore.setState({ eventInformation: { eventId: 'e1', eventTitle: 'Launch', chatEnabled: true, qnaEnabled: true, qnaAutoApprove: false, one2OneModChat: true, raiseHandEnabled: false, pollShortUrl: '' } });
    render(<PeoplePanel />);
    await user.click(screen.getByRole('tab', { name: /Attendees/ }));
    await user.click(screen.getByRole('button', { name: 'Options for Zoe Martin' }));
    expect(within(screen.getByRole('menu', { name: 'Zoe Martin options' })).getAllByRole('menuitem').map((b) => b.textContent)).toEqual(['Chat with guest', 'Remove guest']);
    useMeetingStore.setState({ eventInformation: null });
  });

  it('no remove for me or a moderator in the presenters menu', async () => {
    const user = setup();
    render(<PeoplePanel />);
    await user.click(screen.getByRole('button', { name: 'Options for Alex Morgan' }));
    expect(screen.queryByRole('menuitem', { name: 'Remove presenter' })).toBeNull();
  });
});
