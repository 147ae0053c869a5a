import { useGoLiveStore } from '../../state/goLiveStore';
import { cancelEndStream, confirmEndStream } from '../../services/goLive';
import { session } from '../../services/session';
import { Dialog } from '../../ui/Dialog';
import { TEXTS } from '../../ui/texts';

/** §2: END STREAM asks first. */
export function EndStreamDialog() {
  const open = useGoLiveStore((s) => s.endConfirmOpen);
  if (!open) return null;
  return (
    <Dialog
      testId="end-stream-dialog"
      title="End the stream?"
      onCancel={cancelEndStream}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={cancelEndStream} data-autofocus>
            {TEXTS.cancel}
          </button>
          <button type="button" className="btn btn-danger" onClick={() => void confirmEndStream(session())}>
            {TEXTS.endStream}
          </button>
        </>
      }
    >
      <p>Your audience will stop seeing the broadcast.</p>
    </Dialog>
  );
}
