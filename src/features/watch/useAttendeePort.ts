/**
 * The demo's way from the event page to the studio (issue 32): the port, opened once per page, and
 * whether a demo studio answers. `epoch` moves when a studio answers again after none did, so the
 * session starts over (it reads the page, and this tab's attendee, afresh).
 */
import { useEffect, useState } from 'react';
import type { AttendeePort } from '../../services/watch/attendeePort';

export type Presence = 'checking' | 'open' | 'closed';

export function useAttendeePort(openPort: ((sharingUrl: string) => AttendeePort) | null, sharingUrl: string): { port: AttendeePort | null; presence: Presence; epoch: number } {
  const [port, setPort] = useState<AttendeePort | null>(null);
  const [presence, setPresence] = useState<{ state: Presence; epoch: number }>({ state: 'checking', epoch: 0 });
  useEffect(() => {
    if (!openPort) return;
    // Opened in the effect, not in render: StrictMode's second run gets a port of its own.
    const opened = openPort(sharingUrl);
    setPort(opened);
    const stop = opened.presence((open) => setPresence((p) => ({ state: open ? 'open' : 'closed', epoch: open && p.state === 'closed' ? p.epoch + 1 : p.epoch })));
    return () => {
      stop();
      opened.close();
      setPort(null);
    };
  }, [openPort, sharingUrl]);
  return { port, presence: presence.state, epoch: presence.epoch };
}
