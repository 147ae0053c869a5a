/** Which session implementation the app runs on; the app shell installs one at boot. */
import type { StudioSession } from './types';

let current: StudioSession | null = null;

export function installSession(session: StudioSession): void {
  current = session;
}

export function session(): StudioSession {
  if (!current) throw new Error('No studio session installed');
  return current;
}
