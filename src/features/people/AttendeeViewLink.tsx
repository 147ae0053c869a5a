/**
 * The demo's "Open attendee view" (issue 32), in People › Attendees where a moderator looks for the
 * audience: the event page in a new tab, joined to this studio, so a visitor sees both sides of the
 * conversation. A link (keyboard, middle-click, "open in new window" all work); absent in backend mode.
 */
import { ExternalLink } from 'lucide-react';
import { BASE_PATH } from '../../config';
import { backend } from '../../state/backend';

export const OPEN_ATTENDEE_VIEW = 'Open attendee view';

export function AttendeeViewLink() {
  const path = backend().attendeeViewPath;
  if (!path) return null;
  return (
    <a className="btn btn-secondary btn-small attendee-view-link" href={`${BASE_PATH}${path}`} target="_blank" rel="noopener" data-testid="open-attendee-view">
      <ExternalLink size={14} aria-hidden /> {OPEN_ATTENDEE_VIEW}
    </a>
  );
}
