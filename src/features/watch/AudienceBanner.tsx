/**
 * What the moderators show every attendee page (issue 32): their announcement (§7 manage/banner, the
 * Q&A panel's announcement form) over the page until they take it down or the attendee closes it,
 * and the attendee count when they choose to show it.
 */
import { X } from 'lucide-react';
import { attendeeActions, useAttendeeStore } from '../../state/attendee/attendeeStore';
import { WATCH_TEXTS as T } from './texts';

export function AudienceBanner() {
  const banner = useAttendeeStore((s) => s.page?.banner ?? null);
  const closed = useAttendeeStore((s) => s.bannerClosed);
  if (!banner || banner === closed) return null;
  return (
    <section className="watch-banner" role="status" aria-label={T.banner}>
      <p className="watch-banner-text">{banner}</p>
      <button type="button" className="icon-button" aria-label={T.closeBanner} onClick={attendeeActions.closeBanner}>
        <X size={16} aria-hidden />
      </button>
    </section>
  );
}

export function AttendeeCount() {
  const count = useAttendeeStore((s) => s.page?.attendeeCount ?? null);
  if (count === null) return null;
  return (
    <span className="watch-count" data-testid="attendee-count">
      {T.count(count)}
    </span>
  );
}
