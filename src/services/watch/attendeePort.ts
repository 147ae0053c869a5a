/**
 * Where an attendee's session runs when there is no studio backend (issue 32: the instant demo): the
 * AttendeeClient's calls and the attendee socket's frames over another way (src/demo/audience/
 * attendeeClient.ts: the demo's tab room), and whether a studio answers there at all.
 */
import type { AttendeeClient } from '../../api/attendee';
import type { AttendeeFrames } from './attendeeSession';

// What a port implementation speaks (the demo reaches api and realtime only through services).
export type { AttendeeClient } from '../../api/attendee';
export type { ApiError } from '../../api/http';
export type { Frame } from '../../realtime/socket';
export type { AttendeeFrames } from './attendeeSession';

export interface AttendeePort {
  client: AttendeeClient;
  frames: AttendeeFrames;
  /** Calls `on(true|false)` when a studio starts or stops answering; returns the stop. */
  presence(on: (open: boolean) => void): () => void;
  close(): void;
}
