/** Backend mode's home: the signed-in moderator's upcoming events (§7: paged 20), each opening the studio. */
import { useEffect } from 'react';
import { CalendarClock, LogOut } from 'lucide-react';
import { Logo } from '../../ui/Logo';
import { Spinner } from '../../ui/Spinner';
import { Tooltip } from '../../ui/Tooltip';
import { useRemoteStore, type UpcomingEvent } from '../../state/remoteStore';
import { loadUpcomingEvents } from '../../services/remote/upcoming';
import { serverMode } from '../../services/remote/mode';
import { navigate } from '../../ui/router';
import { EVENTS_TEXTS } from './texts';

/** The start in the event's own time zone (what its tzShortName names); the browser's zone if that one is unknown. */
function startOf(event: UpcomingEvent): string {
  const options: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' };
  try {
    return `${new Intl.DateTimeFormat(undefined, { ...options, timeZone: event.timezone || undefined }).format(event.start)} ${event.tzShortName}`.trim();
  } catch {
    return new Intl.DateTimeFormat(undefined, { ...options, timeZoneName: 'short' }).format(event.start);
  }
}

function EventRow({ event }: { event: UpcomingEvent }) {
  return (
    <li className="event-row">
      <CalendarClock size={20} aria-hidden className="event-row-icon" />
      <div className="event-row-text">
        <span className="event-row-title">{event.eventTitle}</span>
        <span className="muted">{startOf(event)}</span>
      </div>
      <button type="button" className="btn btn-primary" onClick={() => navigate(`event/${encodeURIComponent(event.sharingUrl)}`)} aria-label={`${EVENTS_TEXTS.open}: ${event.eventTitle}`}>
        {EVENTS_TEXTS.open}
      </button>
    </li>
  );
}

export function EventsPage() {
  const { user, events, eventsNextPage, eventsStatus } = useRemoteStore();
  useEffect(() => void loadUpcomingEvents(), []);
  return (
    <main className="center-screen" data-testid="events-page">
      <section className="card entrance-card events-card" aria-labelledby="events-title">
        <header className="events-header">
          <Logo size={36} />
          <div className="events-heading">
            <h1 id="events-title" className="screen-title">
              {EVENTS_TEXTS.title}
            </h1>
            {user && <span className="muted">{`${user.firstName} ${user.lastName}`.trim() || user.username}</span>}
          </div>
          <Tooltip label="Sign out of Studio">
            <button type="button" className="btn btn-ghost" onClick={() => void serverMode()?.auth.signOut()}>
              <LogOut size={16} aria-hidden /> {EVENTS_TEXTS.signOut}
            </button>
          </Tooltip>
        </header>
        {eventsStatus === 'loading' && events.length === 0 && <Spinner size={32} label={EVENTS_TEXTS.loading} />}
        {eventsStatus === 'failed' && (
          <div className="events-empty" role="alert">
            <p>{EVENTS_TEXTS.failed}</p>
            <button type="button" className="btn btn-secondary" onClick={() => void loadUpcomingEvents()}>
              {EVENTS_TEXTS.retry}
            </button>
          </div>
        )}
        {eventsStatus === 'loaded' && events.length === 0 && <p className="events-empty muted">{EVENTS_TEXTS.empty}</p>}
        {events.length > 0 && (
          <ul className="event-list" aria-label={EVENTS_TEXTS.title}>
            {events.map((e) => (
              <EventRow key={e.eventId} event={e} />
            ))}
          </ul>
        )}
        {eventsNextPage && (
          <button type="button" className="btn btn-secondary" disabled={eventsStatus === 'loading'} onClick={() => void loadUpcomingEvents(true)}>
            {EVENTS_TEXTS.more}
          </button>
        )}
      </section>
    </main>
  );
}
