/**
 * The event page for the audience ({base}watch/{sharingUrl}, issues 23 and 32): no account. The
 * program player reads the broadcast's state every 3 s: not live yet (the title and a wait), live
 * (the video), or ended. Beside it (below it on a phone) the attendee joins with a name and takes
 * part in the chat. Its own chunk, so hls.js never reaches the studio's.
 */
import { useEffect, useState, type CSSProperties } from 'react';
import { readableOn, safeColor } from '../../../compositor/templates/shared/color';
import { publicWatchClient } from '../../services/watch/client';
import { startAttendeeSession, type AttendeeSession } from '../../services/watch/attendeeSession';
import type { AttendeePort } from '../../services/watch/attendeePort';
import { followWatch, initialWatchState, type WatchState } from '../../services/watch/watchState';
import { useAttendeeStore } from '../../state/attendee/attendeeStore';
import { Logo } from '../../ui/Logo';
import { AudiencePanel } from './AudiencePanel';
import { AttendeeCount, AudienceBanner } from './AudienceBanner';
import { JoinForm } from './JoinForm';
import { useAttendeePort } from './useAttendeePort';
import { LivePlayer } from './LivePlayer';
import { WATCH_TEXTS } from './texts';
import { ShapeSwitch, useProgramShape } from './ProgramShape';
import { PORTRAIT } from '../../../compositor/model/frame';
import './watch.css';

function useWatchState(studioApi: string | null, sharingUrl: string, demo: boolean): WatchState {
  // The demo has no broadcast: never live, its title the event's as the demo studio tells it.
  const demoTitle = useAttendeeStore((s) => (demo ? (s.page?.title ?? '') : ''));
  const [state, setState] = useState<WatchState>(() => (studioApi ? initialWatchState() : { ...initialWatchState(), phase: 'unknown' }));
  useEffect(() => {
    if (!studioApi) return;
    return followWatch(publicWatchClient(studioApi), sharingUrl, setState);
  }, [studioApi, sharingUrl]);
  return demo ? { ...initialWatchState(), phase: 'not-live', title: demoTitle } : state;
}

/** The session: over the backend, or over the demo's port (started again when a demo studio comes back: `epoch`). */
function useAttendeeSession(studioApi: string | null, sharingUrl: string, port: AttendeePort | null, epoch: number): AttendeeSession | null {
  const [session, setSession] = useState<AttendeeSession | null>(null);
  useEffect(() => {
    if (!studioApi && !port) return;
    // The poll share link (§2) opens the page on its Polls tab; a personal link (invited-only events) carries its invite.
    const params = new URLSearchParams(location.search);
    const options = { tab: params.get('tab') === 'polls' ? ('polls' as const) : ('public' as const), invite: params.get('invite') ?? undefined };
    const started = startAttendeeSession(studioApi ?? '', sharingUrl, port ? { ...options, client: port.client, frames: port.frames } : options);
    setSession(started);
    return () => started.stop();
  }, [studioApi, sharingUrl, port, epoch]);
  return session;
}

/** The event's brand colour (the channel's, §3 primaryColor) on the page's accents, with text that reads on it (WCAG). */
function useBrandStyle(): CSSProperties | undefined {
  const brand = useAttendeeStore((s) => s.page?.brandColor ?? null);
  if (!brand) return undefined;
  const color = safeColor(brand);
  return { '--event-brand': color, '--on-event-brand': readableOn(color) } as CSSProperties;
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

/** The demo's page while no demo studio answers: a clear state, not a page that waits. */
const StudioClosed = () => (
  <aside className="audience-side">
    <p className="audience-removed" role="alert">
      {WATCH_TEXTS.demoStudioClosed}
    </p>
  </aside>
);

/** `openPort`: the demo's way to the studio when there is no backend (studioApi null). */
export function WatchPage({ studioApi, sharingUrl, openPort = null }: { studioApi: string | null; sharingUrl: string; openPort?: ((sharingUrl: string) => AttendeePort) | null }) {
  const { port, presence, epoch } = useAttendeePort(openPort, sharingUrl);
  const state = useWatchState(studioApi, sharingUrl, !!openPort);
  const session = useAttendeeSession(studioApi, sharingUrl, port, epoch);
  const title = state.title || WATCH_TEXTS.pageTitle;
  useEffect(() => void (document.title = title), [title]);
  const playing = state.phase === 'live' && state.hls !== null;
  const [shape, pickShape] = useProgramShape(state.verticalHls !== null);
  const message = state.phase === 'live' && !playing ? WATCH_TEXTS.starting : WATCH_TEXTS.states[state.phase];
  return (
    <main className="watch-page" data-testid="watch-page" style={useBrandStyle()}>
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
          {state.phase === 'not-live' && <p className="watch-hint">{openPort ? WATCH_TEXTS.demoHint : WATCH_TEXTS.notLiveHint}</p>}
          {playing && (
            <LivePlayer src={shape === PORTRAIT ? state.verticalHls! : state.hls!} title={title} vertical={shape === PORTRAIT}>
              {state.verticalHls && <ShapeSwitch shape={shape} onPick={pickShape} />}
            </LivePlayer>
          )}
          {state.unreachable && <p className="watch-hint">{WATCH_TEXTS.unreachable}</p>}
        </div>
        {presence === 'closed' ? <StudioClosed /> : session && state.phase !== 'unknown' && <Audience session={session} />}
      </div>
    </main>
  );
}
