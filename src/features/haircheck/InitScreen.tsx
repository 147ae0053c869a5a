import { Spinner } from '../../ui/Spinner';
import { TEXTS } from '../../lib/texts';

/** §2 init phase: a greeting with the user's first name and a wait message, or the error. */
export function InitScreen({ firstName, error, onRetry }: { firstName: string; error: string | null; onRetry: () => void }) {
  return (
    <main className="center-screen" data-testid="init-screen">
      <div className="card narrow center-text">
        {error ? (
          <>
            <h1 className="screen-title" role="alert">
              {TEXTS.errorOccurred(error)}
            </h1>
            <button type="button" className="btn btn-primary" onClick={onRetry} autoFocus>
              BACK TO DEVICE CHECK
            </button>
          </>
        ) : (
          <>
            <h1 className="screen-title">Hi {firstName}!</h1>
            <p className="muted">Hang on while we get your studio ready.</p>
            <Spinner size={32} />
          </>
        )}
      </div>
    </main>
  );
}
