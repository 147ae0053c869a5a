/**
 * The side navigation reads its counters from the audience-counters store (§2: Poll with unseen
 * counter). This mirrors the poll store into it; the app calls it once and keeps the returned stop.
 */
import { useAudienceCounters } from '../audienceCounters';
import { usePollStore, type PollState } from './pollStore';

export function syncPollCounters(): () => void {
  const push = (s: PollState) => useAudienceCounters.setState({ pollGuids: s.polls.map((p) => p.pollGuid), seenPollGuids: [...s.seenPollGuids] });
  push(usePollStore.getState());
  return usePollStore.subscribe(push);
}
