/** The signed-in user's upcoming events (§7: paged 20, soonest first) for the events page. */
import { errorMessage, log } from '../../log';
import { useRemoteStore, type UpcomingEvent } from '../../state/remoteStore';
import type { EventPublic } from '../../api/types';
import { serverMode } from './mode';

const toUpcoming = (e: EventPublic): UpcomingEvent => ({
  eventId: String(e.eventId),
  sharingUrl: String(e.sharingUrl),
  eventTitle: String(e.eventTitle ?? ''),
  start: Number(e.start) || 0,
  end: Number(e.end) || 0,
  timezone: String(e.timezone ?? ''),
  tzShortName: String(e.tzShortName ?? ''),
});

/** The first page, or the next one after what is listed (`more`). */
export async function loadUpcomingEvents(more = false, now = Date.now()): Promise<void> {
  const server = serverMode();
  const user = useRemoteStore.getState().user;
  if (!server || !user) return;
  const { events, eventsNextPage } = useRemoteStore.getState();
  useRemoteStore.setState({ eventsStatus: 'loading' });
  try {
    const page = await server.clients.events.upcomingEvents(user.id, now, more ? eventsNextPage : null);
    const fresh = (page.events ?? []).map(toUpcoming);
    useRemoteStore.setState({ events: more ? [...events, ...fresh] : fresh, eventsNextPage: page.nextPageKey ?? null, eventsStatus: 'loaded' });
  } catch (error) {
    log.warn('events', `upcoming events failed: ${errorMessage(error)}`);
    useRemoteStore.setState({ eventsStatus: 'failed' });
  }
}
