/**
 * §2 People: Presenters and Attendees tabs (remembered), a search box (500 ms, case-insensitive, on
 * the name), a sort menu, and Mute All / Unmute All for presenters. Menus follow §2 and §6.
 */
import { useMemo, useState } from 'react';
import { Search } from 'lucide-react';
import { useScreenStore } from '../../state/screenStore';
import { useChatStore } from '../../state/chat/chatStore';
import { SEARCH_DEBOUNCE_MS } from '../../state/people/limits';
import { matchesSearch, menuEntries, sortParticipants, type Participant, type SortOrder } from '../../state/people/people';
import { usePeopleStore } from '../../state/people/peopleStore';
import { moderatorActions } from '../../services/people/moderation';
import { HARD_MUTE_AUDIO, HARD_MUTE_VIDEO, NOISE_CANCELLATION, REMOVE, TOGGLE_AUDIO, TOGGLE_VIDEO } from '../../services/people/cardCommands';
import type { Command } from '../../state/commands/types';
import type { ProducerCard } from '../../../compositor/model/types';
import { useChannelStore } from '../../state/channel/store';
import { SELF_ID } from '../../state/session';
import { info } from '../../services/show/alerts';
import { Tabs } from '../../ui/Tabs';
import { useDebounced } from '../../ui/useDebounced';
import { usePersistedTab } from '../../ui/usePersistedTab';
import { AttendeeViewLink } from './AttendeeViewLink';
import { PersonRow, type PersonAction } from './PersonRow';
import { presenterRows } from './presenters';
import { SortMenu } from './SortMenu';
import { AttendeeAccess } from './AttendeeAccess';
import { RaisedHands } from './RaisedHands';
import { useMeetingStore } from '../../state/meetingStore';
import { backend } from '../../state/backend';
import './people.css';

const TABS = ['PRESENTERS', 'ATTENDEES'] as const;
type PeopleTab = (typeof TABS)[number];
const QUALITY = ['unknown', 'very poor', 'poor', 'fair', 'good', 'excellent'];

/** §8 empty state, for the tab shown. */
export const emptyPeopleText = (tab: PeopleTab) => `No ${tab === 'ATTENDEES' ? 'Attendees' : 'Presenters'} have joined this event yet!`;

/** Issue 32: the studio says what the audience meets when the event's chat is off. */
export const CHAT_OFF_TEXT = 'The chat is off for this event: attendees can watch, but cannot write.';

/** Past the push limit the list holds the newest attendees only: it says so. */
export const newestAttendeesText = (shown: number, count: number) => `Showing the newest ${shown} of ${count} attendees.`;

export function PeoplePanel() {
  const [tab, setTab] = usePersistedTab<PeopleTab>('people', TABS, 'PRESENTERS');
  const [query, setQuery] = useState('');
  const settled = useDebounced(query, SEARCH_DEBOUNCE_MS);
  const [order, setOrder] = useState<SortOrder>({ key: 'arrival', direction: 'asc' });
  const stage = useChannelStore();
  const cards = stage.doc.producers;
  const attendees = usePeopleStore((s) => s.attendees);
  // At thousands of attendees the studio is sent the newest ones and the count of all (issue 32).
  const attendeeCount = usePeopleStore((s) => Math.max(s.attendeeCount, s.attendees.length));
  const presenters = useMemo(() => presenterRows(cards), [cards]);
  const eventInfo = useMeetingStore((s) => s.eventInformation);
  const access = backend().people.access;

  const list = useMemo(() => sortParticipants((tab === 'PRESENTERS' ? presenters : attendees).filter((p) => matchesSearch(p, settled)), order), [tab, presenters, attendees, settled, order]);
  const others = presenters.filter((p) => !p.isSelf);
  const allMuted = others.length > 0 && others.every((p) => p.audioMute);

  const presenterActions = (p: (typeof presenters)[number]): PersonAction[] => {
    const card = p.card;
    const entry = (command: Command<ProducerCard>, danger = false): PersonAction => ({ label: command.label(stage, card), run: () => command.perform(card), disabled: !command.enabled(stage, card), danger });
    const actions: PersonAction[] = [
      ...[TOGGLE_AUDIO, TOGGLE_VIDEO, HARD_MUTE_AUDIO, HARD_MUTE_VIDEO, NOISE_CANCELLATION].map((command) => entry(command)),
      { label: 'Connection details', run: () => info(`${card.name}: connection ${QUALITY[card.callQuality] ?? 'unknown'} (${card.callQuality}/5)`) },
    ];
    if (!p.isSelf && p.role !== 'Moderator') actions.push(entry(REMOVE, true));
    return actions;
  };
  const attendeeActions = (p: Participant): PersonAction[] => {
    const offered = menuEntries(p, { privateChat: eventInfo?.one2OneModChat ?? false });
    const all: PersonAction[] = [
      {
        label: 'Chat with guest',
        run: () => {
          useChatStore.getState().openDirectWith({ guid: p.id, name: p.name, role: p.role });
          useScreenStore.getState().selectTool('HOST CHAT');
        },
      },
      { label: 'Remove guest', run: () => void moderatorActions.removeAttendee(p.id), danger: true },
    ];
    return all.filter((a) => offered.includes(a.label));
  };

  return (
    <Tabs
      label="People"
      tabs={[
        { value: 'PRESENTERS', label: 'Presenters', count: presenters.length },
        { value: 'ATTENDEES', label: 'Attendees', count: attendeeCount },
      ]}
      value={tab}
      onChange={setTab}
    >
      <div className="people-toolbar">
        <label className="search-box">
          <Search size={14} aria-hidden />
          <input type="search" className="input" placeholder="Search by name" aria-label={`Search ${tab === 'PRESENTERS' ? 'presenters' : 'attendees'}`} value={query} onChange={(e) => setQuery(e.target.value)} />
        </label>
        <SortMenu value={order} onChange={setOrder} />
        {tab === 'PRESENTERS' && (
          <button type="button" className="btn btn-secondary btn-small" disabled={!others.length} onClick={() => moderatorActions.muteAll(!allMuted, SELF_ID)}>
            {allMuted ? 'Unmute All' : 'Mute All'}
          </button>
        )}
        {tab === 'ATTENDEES' && <AttendeeViewLink />}
      </div>
      {tab === 'ATTENDEES' && eventInfo && !eventInfo.chatEnabled && (
        <p className="people-note" role="note">
          {CHAT_OFF_TEXT}
        </p>
      )}
      {tab === 'ATTENDEES' && access && <AttendeeAccess service={access} />}
      {tab === 'ATTENDEES' && <RaisedHands />}
      {tab === 'ATTENDEES' && attendeeCount > attendees.length && (
        <p className="people-note" role="note">
          {newestAttendeesText(attendees.length, attendeeCount)}
        </p>
      )}
      {list.length === 0 ? (
        <p className="empty-state">{settled && (tab === 'PRESENTERS' ? presenters : attendees).length ? `Nobody matches “${settled}”.` : emptyPeopleText(tab)}</p>
      ) : (
        <ul className="people-list" aria-label={tab === 'PRESENTERS' ? 'Presenters' : 'Attendees'}>
          {list.map((p) => (
            <PersonRow key={p.id} person={p} actions={tab === 'PRESENTERS' ? presenterActions(p as (typeof presenters)[number]) : attendeeActions(p)} />
          ))}
        </ul>
      )}
    </Tabs>
  );
}
