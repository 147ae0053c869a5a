/** §2 studio screen: top toolbar; left area, tool panel and side navigation; dialogs. */
import { useCallback, useEffect } from 'react';
import { watchLiveStreamBanner } from '../../services/show/alerts';
import { watchAnnouncements } from '../../services/show/announcements';
import { LiveAnnouncer } from '../dialogs/LiveAnnouncer';
import { LiveStreamBanner } from '../dialogs/LiveStreamBanner';
import { EndStreamDialog } from '../live/EndStreamDialog';
import { QualityDialog } from '../live/QualityDialog';
import { GoLiveOverlay } from '../live/GoLiveOverlay';
import { Coachmark } from '../tour/Coachmark';
import { WelcomeOverlay } from '../tour/WelcomeOverlay';
import { navigate } from '../../ui/router';
import { leaveStudio } from '../../services/show/entry';
import { useScreenStore } from '../../state/screenStore';
import { ExitDialog } from './ExitDialog';
import { LeftArea } from './LeftArea';
import { RegisterPopup } from './RegisterPopup';
import { SideNav } from './SideNav';
import { ToolPanel } from './ToolPanel';
import { TopToolbar } from './TopToolbar';
import { useStageShortcuts } from '../stage/useStageShortcuts';
import { ShortcutsOverlay } from '../stage/ShortcutsOverlay';
import { StatsPanel } from '../stats/StatsPanel';

export function StudioScreen() {
  const toolOpen = useScreenStore((s) => s.selectedTool !== 'NONE');
  const statsOpen = useScreenStore((s) => s.statsOpen);
  const exitOpen = useScreenStore((s) => s.exitDialogOpen);
  const registerOpen = useScreenStore((s) => s.registerPopupVisible);
  useStageShortcuts();
  useEffect(() => watchLiveStreamBanner(), []);
  useEffect(() => watchAnnouncements(), []);
  const confirmExit = useCallback(() => {
    void leaveStudio().then(() => navigate('select-channel'));
  }, []);

  return (
    <div className={`studio${toolOpen ? ' tool-open' : ''}${statsOpen ? ' stats-open' : ''}`} data-testid="studio">
      <TopToolbar />
      <div className="studio-body">
        <LeftArea />
        <StatsPanel />
        {toolOpen && <ToolPanel />}
        <SideNav />
      </div>
      {exitOpen && <ExitDialog onConfirm={confirmExit} />}
      {registerOpen && <RegisterPopup />}
      <LiveStreamBanner />
      <GoLiveOverlay />
      <EndStreamDialog />
      <QualityDialog />
      <WelcomeOverlay />
      <Coachmark />
      <ShortcutsOverlay />
      <LiveAnnouncer />
    </div>
  );
}
