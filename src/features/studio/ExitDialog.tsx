/** §2 exit confirmation: the text depends on whether a live stream runs. */
import { useLayoutStore } from '../../state/layoutStore';
import { Dialog } from '../../ui/Dialog';
import { TEXTS } from '../../ui/texts';

export function ExitDialog({ onConfirm }: { onConfirm: () => void }) {
  const live = useLayoutStore((s) => s.liveStreamRunning);
  const close = () => useLayoutStore.getState().setExitDialogOpen(false);
  return (
    <Dialog
      testId="exit-dialog"
      title="Exit studio"
      onCancel={close}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={close} data-autofocus>
            {TEXTS.cancel}
          </button>
          <button type="button" className="btn btn-danger" onClick={onConfirm}>
            {TEXTS.yesExitStudio}
          </button>
        </>
      }
    >
      <p>{live ? TEXTS.exitWhileLive : TEXTS.exitQuestion}</p>
    </Dialog>
  );
}
