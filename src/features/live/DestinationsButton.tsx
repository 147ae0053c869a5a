/** The toolbar's Destinations button (backend mode, issue 23) and the dialog it opens. */
import { Cast } from 'lucide-react';
import { useLiveStore } from '../../state/live/store';
import { Tooltip } from '../../ui/Tooltip';
import { LiveDialog } from './LiveDialog';
import { LIVE_TEXTS } from './texts';

export function DestinationsButton() {
  const open = useLiveStore((s) => s.dialog.open);
  return (
    <>
      <Tooltip label={LIVE_TEXTS.destinationsTip}>
        <button type="button" className="btn btn-ghost btn-small" onClick={() => useLiveStore.getState().openDialog('destinations')} data-testid="destinations-button">
          <Cast size={14} aria-hidden /> {LIVE_TEXTS.destinationsButton}
        </button>
      </Tooltip>
      {open && <LiveDialog />}
    </>
  );
}
