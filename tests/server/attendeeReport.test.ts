// @vitest-environment node
/** When producers hear about the audience again (§3 attendeePushLimit / attendeePushDiff, issue 32). */
import { describe, expect, it } from 'vitest';
import { ATTENDEE_PUSH_DIFF, ATTENDEE_PUSH_LIMIT, ATTENDEE_PUSH_STALE_MS, attendeesChanged, reportDue, type AttendeeReport } from '../../src/server/sockets/attendeeReport';

const ids = (from: number, n: number) => new Set(Array.from({ length: n }, (_, i) => `a${from + i}`));
const report = (count: number, newestFrom = count - Math.min(count, ATTENDEE_PUSH_LIMIT), hands = '[]'): AttendeeReport => ({ ids: ids(newestFrom, Math.min(count, ATTENDEE_PUSH_LIMIT)), count, hands });
const sent = (r: AttendeeReport, at = 0) => ({ ...r, at });

describe('the SPEC’s push limit and diff', () => {
  it('are the SPEC’s demo values (systemParams attendeePushLimit 100, attendeePushDiff 25)', () => {
    expect(ATTENDEE_PUSH_LIMIT).toBe(100);
    expect(ATTENDEE_PUSH_DIFF).toBe(25);
  });

  it('the first report always goes; nothing changed, nothing goes', () => {
    expect(reportDue(undefined, report(3), 0)).toBe(true);
    expect(reportDue(sent(report(3)), report(3), ATTENDEE_PUSH_STALE_MS * 2)).toBe(false);
  });

  it('up to the limit every arrival or departure goes at once', () => {
    expect(reportDue(sent(report(99)), report(100), 1)).toBe(true);
    expect(reportDue(sent(report(100)), report(99, 0), 1)).toBe(true);
  });

  it('past the limit a push waits for attendeePushDiff arrivals or departures, or goes stale', () => {
    const last = sent(report(1000), 0);
    expect(attendeesChanged(last, report(1000 + ATTENDEE_PUSH_DIFF - 1))).toBe(ATTENDEE_PUSH_DIFF - 1);
    expect(reportDue(last, report(1000 + ATTENDEE_PUSH_DIFF - 1), 1)).toBe(false);
    expect(reportDue(last, report(1000 + ATTENDEE_PUSH_DIFF), 1)).toBe(true);
    expect(reportDue(last, report(1000 - ATTENDEE_PUSH_DIFF), 1)).toBe(true); // departures count too
    expect(reportDue(last, report(1001), ATTENDEE_PUSH_STALE_MS - 1)).toBe(false);
    expect(reportDue(last, report(1001), ATTENDEE_PUSH_STALE_MS)).toBe(true);
  });

  it('a raised hand, a lowered one or an invitation goes at once, however large the audience', () => {
    const last = sent(report(1000), 0);
    expect(reportDue(last, { ...report(1000), hands: '[["a1",false]]' }, 1)).toBe(true);
    expect(reportDue(sent({ ...report(1000), hands: '[["a1",false]]' }), { ...report(1000), hands: '[["a1",true]]' }, 1)).toBe(true);
  });
});
