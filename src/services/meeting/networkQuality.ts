/** Reads a received feed's WebRTC stats into a §3 callQuality (src/lib/callQuality.ts says how). */
import { callQualityFrom, lossBetween, type ReceiveCounters } from '../../lib/callQuality';

export function createQualityReader(pc: RTCPeerConnection) {
  let previous: ReceiveCounters | null = null;
  return async (): Promise<number> => {
    const report = await pc.getStats();
    const counters: ReceiveCounters = { packetsReceived: 0, packetsLost: 0 };
    let rttMs: number | null = null;
    report.forEach((s: Record<string, unknown>) => {
      if (s.type === 'inbound-rtp') {
        counters.packetsReceived += Number(s.packetsReceived ?? 0);
        counters.packetsLost += Number(s.packetsLost ?? 0);
      }
      if (s.type === 'candidate-pair' && s.nominated && typeof s.currentRoundTripTime === 'number') rttMs = s.currentRoundTripTime * 1000;
    });
    const loss = lossBetween(previous, counters);
    previous = counters;
    return callQualityFrom({ rttMs, loss });
  };
}
