import { describe, expect, it } from 'vitest';
import { CALL_QUALITY_GRADES, callQualityFrom, lossBetween } from '../../../src/lib/callQuality';

describe('WebRTC stats → callQuality (§3, 1..5)', () => {
  it.each([
    [{ rttMs: null, loss: null }, 5],
    [{ rttMs: 20, loss: 0 }, 5],
    [{ rttMs: 149, loss: 0.009 }, 5],
    [{ rttMs: 150, loss: 0 }, 4],
    [{ rttMs: 20, loss: 0.01 }, 4],
    [{ rttMs: 249, loss: 0.029 }, 4],
    [{ rttMs: 300, loss: 0.02 }, 3],
    [{ rttMs: 50, loss: 0.05 }, 3],
    [{ rttMs: 500, loss: 0 }, 2],
    [{ rttMs: 50, loss: 0.1 }, 2],
    [{ rttMs: 700, loss: 0 }, 1],
    [{ rttMs: 10, loss: 0.12 }, 1],
    [{ rttMs: 2000, loss: 0.5 }, 1],
  ])('%j → %i', (sample, quality) => {
    expect(callQualityFrom(sample)).toBe(quality);
  });

  it('the worse measure decides: a fast link losing packets is not excellent', () => {
    expect(callQualityFrom({ rttMs: 10, loss: 0.07 })).toBe(2);
    expect(callQualityFrom({ rttMs: 650, loss: 0 })).toBe(2);
  });

  it('grades are strictly ordered, best first', () => {
    for (let i = 1; i < CALL_QUALITY_GRADES.length; i++) {
      expect(CALL_QUALITY_GRADES[i]!.quality).toBe(CALL_QUALITY_GRADES[i - 1]!.quality - 1);
      expect(CALL_QUALITY_GRADES[i]!.maxRttMs).toBeGreaterThan(CALL_QUALITY_GRADES[i - 1]!.maxRttMs);
      expect(CALL_QUALITY_GRADES[i]!.maxLoss).toBeGreaterThan(CALL_QUALITY_GRADES[i - 1]!.maxLoss);
    }
  });

  it('loss is measured between two readings of the cumulative counters', () => {
    expect(lossBetween(null, { packetsReceived: 0, packetsLost: 0 })).toBeNull();
    expect(lossBetween(null, { packetsReceived: 95, packetsLost: 5 })).toBeCloseTo(0.05);
    expect(lossBetween({ packetsReceived: 95, packetsLost: 5 }, { packetsReceived: 195, packetsLost: 5 })).toBe(0);
    expect(lossBetween({ packetsReceived: 100, packetsLost: 0 }, { packetsReceived: 190, packetsLost: 10 })).toBeCloseTo(0.1);
    // A counter that goes back (a restarted stream) never gives negative loss.
    expect(lossBetween({ packetsReceived: 100, packetsLost: 10 }, { packetsReceived: 150, packetsLost: 2 })).toBe(0);
  });
});
