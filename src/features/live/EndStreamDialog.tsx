import { useBroadcastStore } from '../../state/live/broadcastStore';
import { cancelEndStream, confirmEndStream } from '../../services/live/goLive';
import { backend } from '../../state/backend';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { TEXTS } from '../../lib/texts';

/** §2: END STREAM asks first. */
export function EndStreamDialog() {
  const open = useBroadcastStore((s) => s.endConfirmOpen);
  if (!open) return null;
  return (
    <ConfirmDialog testId="end-stream-dialog" title="End the stream?" confirmLabel={TEXTS.endStream} onConfirm={() => void confirmEndStream(backend().session)} onCancel={cancelEndStream}>
      <p>Your audience will stop seeing the broadcast.</p>
    </ConfirmDialog>
  );
}
