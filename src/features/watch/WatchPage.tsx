/**
 * The event page for the audience ({base}watch/{sharingUrl}, issues 23 and 32): no account. The
 * program player reads the broadcast's state every 3 s: not live yet (the title and a wait), live
 * (the video), or ended. Beside it (below it on a phone) the attendee joins with a name and takes
 * part in the chat. Its own chunk, so hls.js never reaches the studio's.
 */
import { useEffect, useState } from 'react';
import { publicWatchClient } from '../../services/watch/client';
import { startAttendeeSession, type AttendeeSession } from '../../services/watch/attendeeSession';
import { followWatch, initialWatchState, type WatchState } from '../../services/watch/watchState';
import { useAttendeeStore } from '../../state/attendee/attendeeStore';
import { Logo } from '../../ui/Logo';
import { AudiencePanel } from './AudiencePanel';
import { AttendeeCount, AudienceBanner } from './AudienceBanner';
import { JoinForm } from './JoinForm';
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

function useAttendeeSession(studioApi: string | null, sharingUrl: string): AttendeeSession | null {
  const [session, setSession] = useState<AttendeeSession | null>(null);
  useEffect(() => {
    if (!studioApi) return;
    // The poll share link (§2) opens the page on its Polls tab; a personal link (invited-only events) carries its invite.
    const params = new URLSearchParams(location.search);
    const started = startAttendeeSession(studioApi, sharingUrl, { tab: params.get('tab') === 'polls' ? 'polls' : 'public', invite: params.get('invite') ?? undefined });
    setSession(started);
    return () => started.stop();
  }, [studioApi, sharingUrl]);
  return session;
}

/** Joining, taking part, or why this browser cannot. */
function Audience({ session }: { session: AttendeeSession }) {
  const phase = useAttendeeStore((s) => s.phase);
  const page = useAttendeeStore((s) => s.page);
  const joinError = useAttendeeStore((s) => s.joinError);
  const T = WATCH_TEXTS;
  if (phase === 'loading' || phase === 'unknown') return null;
  if (phase === 'removed')
    return (
      <aside className="audience-side">
        <p className="audience-removed" role="alert">
          {T.removed}
        </p>
      </aside>
    );
  if (phase === 'joined') return <aside className="audience-side"><AudiencePanel session={session} /></aside>;
  if (page?.invitedOnly && !page.invite)
    return (
      <aside className="audience-side">
        <p className="audience-hint audience-invited-only" role="status">
          {T.invitedOnly}
        </p>
      </aside>
    );
  return (
    <aside className="audience-side">
      {phase === 'left' && <p className="audience-hint" role="status">{T.left}</p>}
      {page?.invite && <p className="audience-hint">{T.invitedAs(page.invite.name)}</p>}
      <JoinForm requireEmail={page?.requireEmail ?? false} invitedName={page?.invite?.name} busy={phase === 'joining'} error={joinError} onJoin={(form) => void session.join(form)} />
    </aside>
  );
}

export function WatchPage({ studioApi, sharingUrl }: { studioApi: string | null; sharingUrl: string }) {
  const state = useWatchState(studioApi, sharingUrl);
  const session = useAttendeeSession(studioApi, sharingUrl);
  const title = state.title || WATCH_TEXTS.pageTitle;
  useEffect(() => void (document.title = title), [title]);
  const playing = state.phase === 'live' && state.hls !== null;
  const message = state.phase === 'live' && !playing ? WATCH_TEXTS.starting : WATCH_TEXTS.states[state.phase];
  return (
    <main className="watch-page" data-testid="watch-page">
      <header className="watch-header">
        <Logo size={28} />
        <h1 className="watch-title">{title}</h1>
        <AttendeeCount />
        {playing && (
          <span className="watch-live-badge" aria-hidden>
            {WATCH_TEXTS.states.live}
          </span>
        )}
      </header>
      <AudienceBanner />
      <div className="watch-body">
        <div className="watch-program">
          <p className={playing ? 'visually-hidden' : 'watch-state'} role="status" data-testid="watch-state" data-state={state.phase}>
            {message}
          </p>
          {state.phase === 'not-live' && <p className="watch-hint">{WATCH_TEXTS.notLiveHint}</p>}
          {playing && <LivePlayer src={state.hls!} title={title} />}
          {state.unreachable && <p className="watch-hint">{WATCH_TEXTS.unreachable}</p>}
        </div>
        {session && state.phase !== 'unknown' && <Audience session={session} />}
      </div>
    </main>
  );
}
