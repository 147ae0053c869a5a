/** §2 exit confirmation: the text depends on whether a live stream runs. */
import { useLayoutStore } from '../../state/layoutStore';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { TEXTS } from '../../lib/texts';

export function ExitDialog({ onConfirm }: { onConfirm: () => void }) {
  const live = useLayoutStore((s) => s.liveStreamRunning);
  return (
    <ConfirmDialog testId="exit-dialog" title="Exit studio" confirmLabel={TEXTS.yesExitStudio} onConfirm={onConfirm} onCancel={() => useLayoutStore.getState().setExitDialogOpen(false)}>
      <p>{live ? TEXTS.exitWhileLive : TEXTS.exitQuestion}</p>
    </ConfirmDialog>
  );
}
