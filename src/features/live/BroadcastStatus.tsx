/** The broadcast's state for the moderator (§4 Broadcast states): requested, syncing, live, ending, paused. */
import { broadcastStatus } from '../../state/live/broadcastRules';
import { useBroadcastStore } from '../../state/live/broadcastStore';

const LABELS = { requested: 'Starting…', syncing: 'Syncing…', live: 'Live', ending: 'Ending…', paused: 'Paused' } as const;

export function BroadcastStatus() {
  const status = useBroadcastStore((s) => broadcastStatus(s.broadcastState));
  if (status === 'off air') return null;
  return (
    <span className={`broadcast-status status-${status}`} role="status" data-testid="broadcast-status">
      <span className="status-dot" aria-hidden /> {LABELS[status]}
    </span>
  );
}
