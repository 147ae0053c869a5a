/**
 * §8: a global render error is caught and passed to an error component; the UI resets. The
 * moderator sees what happened and resets the studio view in place (no lost page, no reload).
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { errorMessage, log } from '../log';
import { TEXTS } from '../lib/texts';

interface Props {
  children: ReactNode;
  onReset?: () => void;
}
interface State {
  error: unknown;
  generation: number;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, generation: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    log.warn('render', `${errorMessage(error)}${info.componentStack ? ` at ${info.componentStack.split('\n')[1]?.trim()}` : ''}`);
  }

  reset = () => {
    this.props.onReset?.();
    this.setState((s) => ({ error: null, generation: s.generation + 1 }));
  };

  override render() {
    if (this.state.error != null) return <ErrorScreen message={errorMessage(this.state.error)} onReset={this.reset} />;
    // A new key remounts the tree, so nothing of the broken render survives the reset.
    return <div key={this.state.generation} className="app-root">{this.props.children}</div>;
  }
}

export function ErrorScreen({ message, onReset }: { message: string; onReset: () => void }) {
  return (
    <main className="center-screen" role="alert">
      <div className="card narrow">
        <h1 className="screen-title">{TEXTS.unknownError}</h1>
        <p className="muted">The studio ran into a problem and stopped drawing this screen.</p>
        <pre className="error-details">{message}</pre>
        <button type="button" className="btn btn-primary" onClick={onReset} autoFocus>
          RESET STUDIO VIEW
        </button>
      </div>
    </main>
  );
}
