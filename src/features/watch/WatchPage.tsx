/**
 * The public watch page ({base}watch/{sharingUrl}, issue 23): no sign-in and no studio around it. It
 * reads the broadcast's state every 3 s: not live yet (the title and a wait), live (the video), or
 * ended. Its own chunk, so hls.js never reaches the studio's.
 */
import { useEffect, useState } from 'react';
import { publicWatchClient } from '../../services/watch/client';
import { followWatch, initialWatchState, type WatchState } from '../../services/watch/watchState';
import { Logo } from '../../ui/Logo';
import { LivePlayer } from './LivePlayer';
import { WATCH_TEXTS } from './texts';
import './watch.css';

function useWatchState(studioApi: string | null, sharingUrl: string): WatchState {
  const [state, setState] = useState<WatchState>(() => (studioApi ? initialWatchState() : { ...initialWatchState(), phase: 'unknown' }));
  useEffect(() => {
    if (!studioApi) return;
    return followWatch(publicWatchClient(studioApi), sharingUrl, setState);
  }, [studioApi, sharingUrl]);
  return state;
}

export function WatchPage({ studioApi, sharingUrl }: { studioApi: string | null; sharingUrl: string }) {
  const state = useWatchState(studioApi, sharingUrl);
  const title = state.title || WATCH_TEXTS.pageTitle;
  useEffect(() => void (document.title = title), [title]);
  const playing = state.phase === 'live' && state.hls !== null;
  const message = state.phase === 'live' && !playing ? WATCH_TEXTS.starting : WATCH_TEXTS.states[state.phase];
  return (
    <main className="watch-page" data-testid="watch-page">
      <header className="watch-header">
        <Logo size={28} />
        <h1 className="watch-title">{title}</h1>
        {playing && (
          <span className="watch-live-badge" aria-hidden>
            {WATCH_TEXTS.states.live}
          </span>
        )}
      </header>
      <p className={playing ? 'visually-hidden' : 'watch-state'} role="status" data-testid="watch-state" data-state={state.phase}>
        {message}
      </p>
      {state.phase === 'not-live' && <p className="watch-hint">{WATCH_TEXTS.notLiveHint}</p>}
      {playing && <LivePlayer src={state.hls!} title={title} />}
      {state.unreachable && <p className="watch-hint">{WATCH_TEXTS.unreachable}</p>}
    </main>
  );
}
