/** §2 Global error dialogs, drawn from the §8 catalogue. */
import { BASE_PATH } from '../../config';
import { ERROR_CATALOGUE, type ErrorButton } from '../../state/errorCatalogue';
import { useAlertsStore } from '../../state/alertsStore';
import { closeError } from '../../services/show/alerts';
import { Dialog } from '../../ui/Dialog';

export function ErrorDialogHost({ onReselectDevices }: { onReselectDevices?: () => void }) {
  const error = useAlertsStore((s) => s.error);
  if (!error) return null;
  const spec = ERROR_CATALOGUE[error.code];
  const run: Record<ErrorButton, () => void> = {
    OKAY: closeError,
    CANCEL: closeError,
    RETRY: () => (error.retry ? error.retry() : closeError()),
    'TRY AGAIN': () => {
      closeError();
      error.retry?.();
    },
    QUIT: () => window.location.assign(BASE_PATH),
    'RESELECT DEVICES': () => {
      closeError();
      onReselectDevices?.();
    },
  };
  const cancellable = spec.buttons.includes('CANCEL') || spec.buttons.includes('OKAY');
  return (
    <Dialog
      role="alertdialog"
      testId="error-dialog"
      title={spec.title}
      onCancel={cancellable ? closeError : undefined}
      actions={
        spec.buttons.length ? (
          <>
            {spec.buttons.map((b, i) => (
              <button key={b} type="button" className={`btn ${i === spec.buttons.length - 1 ? 'btn-primary' : 'btn-ghost'}`} onClick={run[b]} data-autofocus={i === spec.buttons.length - 1 || undefined}>
                {b}
              </button>
            ))}
          </>
        ) : undefined
      }
    >
      <p>{spec.text}</p>
      {error.details && <pre className="error-details">{error.details}</pre>}
    </Dialog>
  );
}
