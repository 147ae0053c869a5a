/** Destinations and recordings (backend mode, issue 23): one dialog, two tabs; Escape or Close closes it and the focus goes back. */
import { useLiveStore, type LiveTab } from '../../state/live/store';
import { Dialog } from '../../ui/Dialog';
import { Tabs } from '../../ui/Tabs';
import { DestinationsTab } from './DestinationsTab';
import { RecordingsTab } from './RecordingsTab';
import { LIVE_TEXTS } from './texts';
import './live.css';

const TABS = [
  { value: 'destinations', label: LIVE_TEXTS.tabDestinations, testId: 'destinations-tab' },
  { value: 'recordings', label: LIVE_TEXTS.tabRecordings, testId: 'recordings-tab' },
] as const satisfies readonly { value: LiveTab; label: string; testId: string }[];

export function LiveDialog() {
  const tab = useLiveStore((s) => s.dialog.tab);
  const { closeDialog, selectTab } = useLiveStore.getState();
  return (
    <Dialog title={LIVE_TEXTS.dialogTitle} testId="destinations-dialog" className="live-dialog" onCancel={closeDialog} closeLabel={LIVE_TEXTS.close}>
      <Tabs<LiveTab> label={LIVE_TEXTS.tabsLabel} tabs={TABS} value={tab} onChange={selectTab}>
        {tab === 'destinations' ? <DestinationsTab /> : <RecordingsTab />}
      </Tabs>
    </Dialog>
  );
}
