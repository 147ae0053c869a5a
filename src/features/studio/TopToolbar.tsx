/** §2 top toolbar: logo, event name, REC indicator, go-live / end-stream control, exit. */
import { LogOut, Radio } from 'lucide-react';
import { useScreenStore } from '../../state/screenStore';
import { Logo } from '../../ui/Logo';
import { Tooltip } from '../../ui/Tooltip';
import { openEndStreamConfirm, startGoLiveCountdown } from '../../services/broadcast/goLive';
import { backend } from '../../state/backend';
import { BroadcastStatus } from '../broadcast/BroadcastStatus';
import { ConnectionState } from './ConnectionState';
import { OutputLinkButton } from './OutputLinkButton';

export function TopToolbar() {
  const eventName = useScreenStore((s) => s.eventName);
  const live = useScreenStore((s) => s.liveStreamRunning);
  const { showRegisterPopup, setExitDialogOpen } = useScreenStore.getState();
  // In the demo, going live and recording open the registration pop-up (§2).
  const canGoLive = backend().session.capabilities.goLive;
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
        <BroadcastStatus />
        <Tooltip label="Record this event">
          <button type="button" className={`rec-indicator${live ? ' recording' : ''}`} aria-pressed={live} data-testid="rec-indicator" onClick={canGoLive ? undefined : showRegisterPopup}>
            <span className="rec-dot" aria-hidden /> REC
          </button>
        </Tooltip>
        <button type="button" className={`btn ${live ? 'btn-danger' : 'btn-live'}`} data-testid="go-live" data-tour="golive" onClick={onGoLive}>
          <Radio size={16} aria-hidden /> {live ? 'END STREAM' : 'GO LIVE'}
        </button>
        <Tooltip label="Exit the studio">
          <button type="button" className="icon-button" aria-label="Exit studio" onClick={() => setExitDialogOpen(true)}>
            <LogOut size={18} aria-hidden />
          </button>
        </Tooltip>
      </div>
    </header>
  );
}
