/** §2 exit confirmation: the text depends on whether a live stream runs. */
import { useChannelLive } from '../../state/live/broadcastStore';
import { useScreenStore } from '../../state/screenStore';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { TEXTS } from '../../lib/texts';

export function ExitDialog({ onConfirm }: { onConfirm: () => void }) {
  const live = useChannelLive();
  return (
    <ConfirmDialog testId="exit-dialog" title="Exit studio" confirmLabel={TEXTS.yesExitStudio} onConfirm={onConfirm} onCancel={() => useScreenStore.getState().setExitDialogOpen(false)}>
      <p>{live ? TEXTS.exitWhileLive : TEXTS.exitQuestion}</p>
    </ConfirmDialog>
  );
}
