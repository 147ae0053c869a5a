/**
 * Whether the studio runs in backend mode, and its sign-in and event calls for the screens that
 * come before the studio (sign-in, upcoming events, the join link). Installed once at start-up.
 */
import type { ServerBackend } from './remoteBackend';

let current: ServerBackend | null = null;

export function installServerMode(next: ServerBackend | null): void {
  current = next;
}

/** The backend-mode services, or null in the instant demo. */
export const serverMode = (): ServerBackend | null => current;
