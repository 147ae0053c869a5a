/**
 * One destination (issue 23): its name, server URL and the stream key's last four characters (never
 * more), an on/off switch, delete (after a confirmation), and while live its health with Try again
 * when it failed.
 */
import { useState } from 'react';
import { RotateCcw, Trash2 } from 'lucide-react';
import { Switch as AriaSwitch } from 'react-aria-components';
import { deleteDestination, retryFailedDestinations, setDestinationEnabled } from '../../services/live/destinations';
import { destinationHealth } from '../../state/live/rules';
import { useLiveStore } from '../../state/live/store';
import type { Destination } from '../../state/live/types';
import { ConfirmDelete } from '../../ui/ConfirmDelete';
import { Tooltip } from '../../ui/Tooltip';
import { healthLong } from './health';
import { LIVE_TEXTS } from './texts';
import { PORTRAIT } from '../../../compositor/model/frame';

function DestinationSwitch({ destination, busy }: { destination: Destination; busy: boolean }) {
  return (
    <AriaSwitch
      className="destination-switch"
      aria-label={LIVE_TEXTS.streamTo(destination.name)}
      isSelected={destination.enabled}
      isDisabled={busy}
      onChange={(on) => void setDestinationEnabled(destination.id, on)}
    >
      {({ isSelected }) => (
        <span className={`toggle${isSelected ? ' on' : ''}`} aria-hidden>
          <span className="toggle-knob" />
        </span>
      )}
    </AriaSwitch>
  );
}

export function DestinationRow({ destination }: { destination: Destination }) {
  const busy = useLiveStore((s) => s.busy.includes(destination.id));
  const health = useLiveStore((s) => destinationHealth(s.status, destination.id));
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="destination-row" data-testid="destination-row" data-id={destination.id}>
      <div className="destination-text">
        <span className="destination-name">
          {destination.name}
          {destination.shape === PORTRAIT && (
            <span className="shape-badge" title={LIVE_TEXTS.verticalBadgeTip} data-testid="vertical-badge">
              {LIVE_TEXTS.vertical}
            </span>
          )}
        </span>
        <span className="destination-url">{destination.serverUrl}</span>
        <span className="destination-key">
          <span className="visually-hidden">{LIVE_TEXTS.keyLabel} </span>
          <span aria-hidden>{LIVE_TEXTS.keyMasked(destination.keyLast4)}</span>
          <span className="visually-hidden">{LIVE_TEXTS.keyEnding(destination.keyLast4)}</span>
        </span>
        {health && (
          <span className={`destination-health state-${health.state}`} data-testid="destination-health">
            <span className="state-dot" aria-hidden /> {healthLong(health)}
          </span>
        )}
      </div>
      {health?.state === 'failed' && (
        <button type="button" className="btn btn-ghost btn-small" onClick={() => void retryFailedDestinations([destination.id])} disabled={busy} aria-label={LIVE_TEXTS.retryDestination(destination.name)}>
          <RotateCcw size={14} aria-hidden /> {LIVE_TEXTS.tryAgain}
        </button>
      )}
      <DestinationSwitch destination={destination} busy={busy} />
      <Tooltip label={LIVE_TEXTS.deleteDestination(destination.name)} placement="left">
        <button type="button" className="icon-button" aria-label={LIVE_TEXTS.deleteDestination(destination.name)} onClick={() => setConfirming(true)} disabled={busy}>
          <Trash2 size={16} aria-hidden />
        </button>
      </Tooltip>
      {confirming && (
        <ConfirmDelete
          title={LIVE_TEXTS.confirmDeleteDestination}
          subject={destination.name}
          body={LIVE_TEXTS.confirmDeleteDestinationBody}
          confirmLabel={LIVE_TEXTS.delete}
          onDelete={() => void deleteDestination(destination.id)}
          onClose={() => setConfirming(false)}
        />
      )}
    </li>
  );
}
