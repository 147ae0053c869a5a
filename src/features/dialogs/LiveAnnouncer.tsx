/**
 * The studio's one polite live region (issue 11): visually hidden, it reads what services/announcements
 * says. Keyed by the sequence number so a repeated sentence is read again. data-live-announcer keeps it
 * readable while a React Aria modal hides the rest of the page from assistive technology.
 */
import { useAnnouncerStore } from '../../state/announcer';

export function LiveAnnouncer() {
  const { message, seq } = useAnnouncerStore();
  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="live-announcer" data-live-announcer="true">
      <span key={seq}>{message}</span>
    </div>
  );
}
