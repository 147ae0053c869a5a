/**
 * §2 top toolbar: logo, event name, REC indicator, go-live / end-stream control, exit. Backend mode
 * adds the output link, Destinations and, while live, each output's health (issue 23).
 */
import { LogOut, Radio } from 'lucide-react';
import { useChannelLive } from '../../state/live/broadcastStore';
import { useScreenStore } from '../../state/screenStore';
import { Logo } from '../../ui/Logo';
import { Tooltip } from '../../ui/Tooltip';
import { openEndStreamConfirm, startGoLiveCountdown } from '../../services/live/goLive';
import { liveAvailable } from '../../services/live/attempt';
import { backend } from '../../state/backend';
import { BroadcastStatus } from '../live/BroadcastStatus';
import { DestinationsButton } from '../live/DestinationsButton';
import { OutputHealthBar } from '../live/OutputHealthBar';
import { ConnectionState } from './ConnectionState';
import { OutputLinkButton } from './OutputLinkButton';
import { RecIndicator } from './RecIndicator';
import { StatsButton } from '../stats/StatsButton';

export function TopToolbar() {
  const eventName = useScreenStore((s) => s.eventName);
  const live = useChannelLive();
  const { showRegisterPopup, setExitDialogOpen } = useScreenStore.getState();
  // In the demo, going live and recording open the registration pop-up (§2).
  const canGoLive = backend().session.capabilities.goLive;
  const backendLive = liveAvailable();
  const onGoLive = () => (!canGoLive ? showRegisterPopup() : live ? openEndStreamConfirm() : startGoLiveCountdown(backend().session));
  return (
    <header className="top-toolbar" data-testid="top-toolbar">
      <div className="toolbar-start">
        <Logo size={30} />
        <h1 className="event-name" title={eventName}>
          {eventName}
        </h1>
      </div>
      <div className="toolbar-end">
        <ConnectionState />
        {canGoLive && <OutputLinkButton />}
        {backendLive && <DestinationsButton />}
        <BroadcastStatus />
        {backendLive && <OutputHealthBar />}
        <RecIndicator backendLive={backendLive} demo={!canGoLive} />
        <button type="button" className={`btn ${live ? 'btn-danger' : 'btn-live'}`} data-testid="go-live" data-tour="golive" onClick={onGoLive}>
          <Radio size={16} aria-hidden /> {live ? 'END STREAM' : 'GO LIVE'}
        </button>
        <StatsButton />
        <Tooltip label="Exit the studio">
          <button type="button" className="icon-button" aria-label="Exit studio" onClick={() => setExitDialogOpen(true)}>
            <LogOut size={18} aria-hidden />
          </button>
        </Tooltip>
      </div>
    </header>
  );
}
