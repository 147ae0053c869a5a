/**
 * The studio's one polite live region (issue 11): visually hidden, it reads what services/announcements
 * says. Keyed by the sequence number so a repeated sentence is read again.
 */
import { useAnnouncerStore } from '../../state/announcer';

export function LiveAnnouncer() {
  const { message, seq } = useAnnouncerStore();
  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="live-announcer">
      <span key={seq}>{message}</span>
    </div>
  );
}
