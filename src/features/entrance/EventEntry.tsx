/**
 * The moderator join link (§2 {dashboard}/studio/instant-demo/event/{sharingUrl}): signed in, the
 * event's title is read (public details), then the same device check and studio as the demo, joined
 * to that event (the session's connect takes the sharing url).
 */
import { useEffect, useState } from 'react';
import { Logo } from '../../ui/Logo';
import { Spinner } from '../../ui/Spinner';
import { errorMessage } from '../../log';
import { serverMode } from '../../services/remote/mode';
import { navigate } from '../../ui/router';
import { DemoPage } from '../haircheck/DemoPage';
import { JOIN_TEXTS } from './texts';

export function EventEntry({ sharingUrl }: { sharingUrl: string }) {
  const [state, setState] = useState<{ status: 'preparing' } | { status: 'ready' } | { status: 'failed'; reason: string }>({ status: 'preparing' });
  useEffect(() => {
    let live = true;
    serverMode()
      ?.session.prepare(sharingUrl)
      .then(
        () => live && setState({ status: 'ready' }),
        (error: unknown) => live && setState({ status: 'failed', reason: errorMessage(error) }),
      );
    return () => {
      live = false;
    };
  }, [sharingUrl]);
  if (state.status === 'ready') return <DemoPage code={sharingUrl} />;
  if (state.status === 'preparing')
    return (
      <main className="center-screen">
        <Spinner size={40} label={JOIN_TEXTS.preparing} />
      </main>
    );
  return (
    <main className="center-screen" data-testid="event-entry-failed">
      <div className="card narrow center-text" role="alert">
        <Logo size={48} />
        <h1 className="screen-title">{JOIN_TEXTS.notFound}</h1>
        <p className="muted">{state.reason}</p>
        <button type="button" className="btn btn-primary" onClick={() => navigate('')}>
          {JOIN_TEXTS.backToEvents}
        </button>
      </div>
    </main>
  );
}
