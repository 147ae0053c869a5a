import { Dialog } from '../../ui/Dialog';
import { TEXTS } from '../../lib/texts';

/** §8 device permission dialog: title, text, CANCEL and RESELECT DEVICES. */
export function DeviceErrorDialog({ onCancel, onReselect }: { onCancel: () => void; onReselect: () => void }) {
  return (
    <Dialog
      role="alertdialog"
      testId="device-error-dialog"
      title={TEXTS.deviceErrorTitle}
      onCancel={onCancel}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            {TEXTS.cancel}
          </button>
          <button type="button" className="btn btn-primary" onClick={onReselect} data-autofocus>
            {TEXTS.reselectDevices}
          </button>
        </>
      }
    >
      <p>{TEXTS.deviceErrorText}</p>
    </Dialog>
  );
}
