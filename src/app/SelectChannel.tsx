import { Logo } from '../ui/Logo';
import { navigate } from '../ui/router';
import { serverMode } from '../services/remote/mode';

/** /select-channel: where a confirmed exit lands (§2). The demo has one channel to go back to. */
export function SelectChannel({ notFoundPath }: { notFoundPath?: string }) {
  return (
    <main className="center-screen" data-testid="select-channel">
      <div className="card narrow center-text">
        <Logo size={48} />
        <h1 className="screen-title">{notFoundPath ? 'This page does not exist' : 'You have left the studio'}</h1>
        <p className="muted">{notFoundPath ? `Nothing lives at “${notFoundPath}”.` : 'Pick a channel to open it in the studio again.'}</p>
        <button type="button" className="btn btn-primary" onClick={() => navigate('')} autoFocus>
          {serverMode() ? 'BACK TO YOUR EVENTS' : 'OPEN THE DEMO STUDIO'}
        </button>
      </div>
    </main>
  );
}
