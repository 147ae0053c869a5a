/** Built-in sample data of the instant demo (§1): event 'demodemo', channel 'testing'. */
import { CONFIG } from '../config';
import type { ChannelSummary, EventInformation, StudioUser } from '../state/session';

export const DEMO_USER: StudioUser = {
  id: 'demo-user-1',
  username: 'alex.morgan',
  firstName: 'Alex',
  lastName: 'Morgan',
  emailId: 'alex.morgan@example.com',
  profilePicture: '',
};

export const DEMO_EVENT_INFORMATION: EventInformation = {
  eventId: CONFIG.demoEventId,
  eventTitle: 'Product Launch Live: Spring Edition',
  chatEnabled: true,
  qnaEnabled: true,
  qnaAutoApprove: false,
  raiseHandEnabled: false,
  one2OneModChat: true,
  pollShortUrl: 'https://example.com/p/demo',
};

/** The demo event's public link (issue 32: "Open attendee view" opens {base}watch/{this}); SPEC gives the demo no sharingUrl, so it is the event id. */
export const DEMO_SHARING_URL = CONFIG.demoEventId;

/** §3: the demo event has a fixed uuid and eventStatus 'NEW'. */
export const DEMO_CHANNEL: ChannelSummary = {
  uuid: '6f1d2c3b-0a9e-4d5f-8b7a-testing00001',
  name: CONFIG.demoChannelId,
  eventStatus: 'NEW',
};

/** §7: connecting to the demo event uses a fixed demo code plus the route's code parameter. */
export const DEMO_FIXED_CODE = 'demo';
