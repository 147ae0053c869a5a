/**
 * The studio's side of the audience taking part (issue 32): raised hands from the audience report
 * (listed, counted on the People tool), Invite on stage and Lower hand (lowered at once, back with
 * the reason if the call fails), Invite and access (switches put back on a refusal, personal links
 * made, copied and revoked), and the note when the event's chat is off.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PeoplePanel, CHAT_OFF_TEXT } from '../../src/features/people/PeoplePanel';
import { SideNav } from '../../src/features/studio/SideNav';
import { dispatch } from '../../src/services/show/realtimeEvents';
import { installBackend } from '../../src/state/backend';
import { useMeetingStore } from '../../src/state/meetingStore';
import { peopleActions, usePeopleStore } from '../../src/state/people/peopleStore';
import type { AttendeeInvite, AudienceAccessService, PeopleService } from '../../src/state/people/service';
import { useAlertsStore } from '../../src/state/alertsStore';
import { installFakeBackend, okPeople } from './fakeBackend';

const serverSaysNo = { type: 'unknown', code: 'API_BACKEND_ERROR', message: 'Server says no' };
const report = (hands: { id: string; name: string; invited?: boolean }[], handCount = hands.length) =>
  dispatch({ type: 'Event_Attendees', participants: [], count: 3, hands: hands.map((h, i) => ({ raisedAt: i, invited: false, ...h })), handCount });

const info = { eventId: 'e1', eventTitle: 'Launch', chatEnabled: true, qnaEnabled: true, qnaAutoApprove: false, one2OneModChat: false, raiseHandEnabled: true, pollShortUrl: '' };

async function openAttendees() {
  render(<PeoplePanel />);
  await userEvent.click(screen.getByRole('tab', { name: /Attendees/ }));
}

beforeEach(() => {
  localStorage.clear();
  useMeetingStore.setState({ eventInformation: info });
});
afterEach(() => {
  cleanup(); // the panel reads the backend while it is shown
  installBackend(null);
  peopleActions.reset();
  useAlertsStore.setState({ infos: [] });
});

describe('raised hands', () => {
  it('an audience report lists them oldest first and the People tool counts them; one past the push limit is said', async () => {
    installFakeBackend({ people: okPeople() });
    report([{ id: 'a1', name: 'Ann' }, { id: 'a2', name: 'Bo', invited: true }], 140);
    expect(usePeopleStore.getState().handCount).toBe(140);
    render(<SideNav />);
    expect(screen.getByRole('button', { name: 'People 99+ new' })).toBeInTheDocument();
    await openAttendees();
    expect(screen.getByRole('heading', { name: 'Raised hands (140)' })).toBeInTheDocument();
    const rows = screen.getAllByTestId('raised-hand');
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('Ann'), expect.stringContaining('Invited on stage')]);
    expect(within(rows[1]!).queryByRole('button', { name: /Invite on stage/ })).toBeNull();
    expect(screen.getByText('Showing the first 2 of 140 raised hands.')).toBeInTheDocument();
    // A malformed hand is left out; a report without hands keeps the ones known.
    dispatch({ type: 'Event_Attendees', participants: [], count: 3 });
    expect(usePeopleStore.getState().hands).toHaveLength(2);
    dispatch({ type: 'Event_Attendees', participants: [], count: 3, hands: [{ id: 'a3' }], handCount: 0 });
    expect(usePeopleStore.getState().hands).toEqual([]);
  });

  it('Invite on stage calls the server and says so; Lower hand takes it off at once and puts it back with the reason when refused', async () => {
    const people: PeopleService = { ...okPeople(), lowerHand: vi.fn(async () => Promise.reject(serverSaysNo)) };
    installFakeBackend({ people });
    report([{ id: 'a1', name: 'Ann' }]);
    await openAttendees();
    await userEvent.click(screen.getByRole('button', { name: 'Invite on stage: Ann' }));
    expect(people.inviteOnStage).toHaveBeenCalledWith('a1');
    await waitFor(() => expect(useAlertsStore.getState().infos.map((i) => i.text)).toContain('Ann is invited on stage: their page offers “Join backstage”.'));

    await userEvent.click(screen.getByRole('button', { name: 'Lower hand: Ann' }));
    expect(people.lowerHand).toHaveBeenCalledWith('a1');
    await waitFor(() => expect(useAlertsStore.getState().infos.map((i) => i.text)).toContain('Ann’s hand could not be lowered: Server says no'));
    expect(screen.getAllByTestId('raised-hand')).toHaveLength(1);
  });
});

describe('Invite and access', () => {
  const link = (id: string, name: string, extra: Partial<AttendeeInvite> = {}): AttendeeInvite => ({ id, name, path: `/studio/instant-demo/watch/launch?invite=${id}`, createdAt: 0, revoked: false, used: false, ...extra });

  it('opens on what the server has; a refused switch is put back with the reason; links are made, copied and revoked (after a confirmation)', async () => {
    const access: AudienceAccessService = {
      settings: vi.fn(async () => ({ showAttendeeCount: false, invitedOnly: false })),
      change: vi.fn(async () => Promise.reject(serverSaysNo)),
      invites: vi.fn(async () => [link('i1', 'Dana', { used: true })]),
      invite: vi.fn(async (name: string) => link('i2', name)),
      revoke: vi.fn(async () => undefined),
    };
    installFakeBackend({ people: { ...okPeople(), access } });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await openAttendees();
    await userEvent.click(screen.getByText('Invite and access'));
    const only = await screen.findByRole('switch', { name: /Only invited attendees can join/ });
    await waitFor(() => expect(only).toBeEnabled());
    await userEvent.click(only);
    expect(access.change).toHaveBeenCalledWith({ invitedOnly: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('Only invited attendees can join failed: Server says no');
    expect(only).not.toBeChecked();

    expect(screen.getByTestId('attendee-invite')).toHaveTextContent('Joined');
    await userEvent.type(screen.getByLabelText('Name of the person you invite'), 'Eli');
    await userEvent.click(screen.getByRole('button', { name: 'Make link' }));
    expect(access.invite).toHaveBeenCalledWith('Eli');
    const eli = (await screen.findAllByTestId('attendee-invite'))[1]!;
    expect(eli).toHaveTextContent('Not used yet');
    expect(screen.getByLabelText('Name of the person you invite')).toHaveValue('');
    await userEvent.click(within(eli).getByRole('button', { name: 'Copy link: Eli' }));
    expect(writeText).toHaveBeenCalledWith(`${location.origin}/studio/instant-demo/watch/launch?invite=i2`);

    await userEvent.click(within(eli).getByRole('button', { name: 'Revoke: Eli' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Revoke' }));
    expect(access.revoke).toHaveBeenCalledWith('i2');
    await waitFor(() => expect(screen.getAllByTestId('attendee-invite')[1]).toHaveTextContent('Revoked'));
  });

  it('is not offered where nobody real attends (the demo); the chat being off is said', async () => {
    installFakeBackend({ people: okPeople() });
    useMeetingStore.setState({ eventInformation: { ...info, chatEnabled: false } });
    await openAttendees();
    expect(screen.queryByText('Invite and access')).toBeNull();
    expect(screen.getByRole('note')).toHaveTextContent(CHAT_OFF_TEXT);
  });
});
