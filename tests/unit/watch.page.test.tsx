/**
 * The public watch page (issue 23): its three states read from GET watch every 3 s (a mocked fetch),
 * the video on a fake hls.js (muted autoplay, Unmute, a fatal error reconnecting), the browser's own
 * HLS where hls.js cannot run, an unknown link, an unreachable server, axe, and the route: no splash,
 * no device check, no sign-in.
 */
import { WATCH_CATCH_UP_RATE, WATCH_LIVE_MAX_LATENCY_S, WATCH_LIVE_SYNC_S } from '../../src/state/live/limits';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { WatchPage } from '../../src/features/watch/WatchPage';
import { WATCH_TEXTS } from '../../src/features/watch/texts';
import { WATCH_POLL_MS, WATCH_RETRY_MS } from '../../src/state/live/limits';

/** hls.js' light build, as far as the player uses it (hoisted: vi.mock runs first). */
const { FakeHls } = vi.hoisted(() => {
  type Listener = (event: string, data: { fatal?: boolean }) => void;
  class FakeHls {
    static supported = true;
    static made: FakeHls[] = [];
    static Events = { MANIFEST_PARSED: 'hlsManifestParsed', ERROR: 'hlsError' };
    static isSupported = () => FakeHls.supported;
    listeners = new Map<string, Listener[]>();
    source: string | null = null;
    media: HTMLMediaElement | null = null;
    destroyed = false;
    constructor(readonly config: Record<string, unknown> = {}) {
      FakeHls.made.push(this);
    }
    on(event: string, l: Listener) {
      this.listeners.set(event, [...(this.listeners.get(event) ?? []), l]);
    }
    loadSource(url: string) {
      this.source = url;
    }
    attachMedia(media: HTMLMediaElement) {
      this.media = media;
    }
    destroy() {
      this.destroyed = true;
    }
    emit(event: string, data: { fatal?: boolean } = {}) {
      this.listeners.get(event)?.forEach((l) => l(event, data));
    }
  }
  return { FakeHls };
});
vi.mock('hls.js/light', () => ({ default: FakeHls }));

const API = '/api/studio';
const HLS = '/hls/product-launch/index.m3u8';
type Answer = { status: number; body: unknown } | 'network';
let answers: Answer[] = [];
const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const next = answers.length > 1 ? answers.shift()! : answers[0]!;
  if (next === 'network') throw new TypeError('Failed to fetch');
  void input;
  return new Response(JSON.stringify(next.body), { status: next.status, headers: { 'Content-Type': 'application/json' } });
});
const calledUrl = (i: number) => (fetchMock.mock.calls[i]![0] as Request).url;
/** The attendee's calls (issue 32) get a page nobody joined yet; fetchMock sees only the watch state's reads. */
const NOT_JOINED = { eventId: 'e1', title: 'Product Launch Live', requireEmail: false, chatEnabled: true, qnaEnabled: true, one2OneModChat: false, attendee: null, removed: false };
const routed = async (input: RequestInfo | URL) =>
  (input as Request).url.includes('/audience/') ? new Response(JSON.stringify(NOT_JOINED), { status: 200, headers: { 'Content-Type': 'application/json' } }) : fetchMock(input);
const watch = (state: 'not-live' | 'live' | 'ended', hls: string | null = state === 'live' ? HLS : null): Answer => ({ status: 200, body: { title: 'Product Launch Live', state, hls } });

beforeEach(() => {
  FakeHls.made = [];
  FakeHls.supported = true;
  answers = [];
  fetchMock.mockClear();
  vi.stubGlobal('fetch', routed);
  // jsdom plays nothing and cannot load().
  Object.defineProperty(HTMLMediaElement.prototype, 'load', { configurable: true, value: () => undefined });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Polls run on fake timers; a step lets the answer arrive and React render it. */
const step = (ms = 0) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
const state = () => screen.getByTestId('watch-state');

async function open(...first: Answer[]) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  answers = first;
  render(<WatchPage studioApi={API} sharingUrl="product-launch" />);
  await step();
}

describe('the three states', () => {
  it('not live yet: the title and a wait, no video', async () => {
    await open(watch('not-live'));
    expect(calledUrl(0)).toBe(`${location.origin}/api/studio/watch/product-launch`);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Product Launch Live');
    expect(state()).toHaveTextContent('This broadcast is not live yet');
    expect(state()).toHaveAttribute('data-state', 'not-live');
    expect(screen.queryByTestId('watch-video')).toBeNull();
    expect(document.title).toBe('Product Launch Live');
  });

  it('live: the stream plays muted with controls; Unmute; then it ends', async () => {
    await open(watch('not-live'), watch('live'), watch('ended'));
    await step(WATCH_POLL_MS);
    const video = screen.getByTestId('watch-video') as HTMLVideoElement;
    expect(state()).toHaveAttribute('data-state', 'live');
    expect(video.muted).toBe(true);
    expect(video.autoplay).toBe(true);
    expect(video.controls).toBe(true);
    expect(video.hasAttribute('playsinline')).toBe(true);
    expect(FakeHls.made).toHaveLength(1);
    expect(FakeHls.made[0]!.source).toBe(`${location.origin}${HLS}`);
    expect(FakeHls.made[0]!.media).toBe(video);
    // Near the live edge (issue 32): 2.5 s behind the newest segment, not hls.js' three segments (6 s).
    expect(FakeHls.made[0]!.config).toMatchObject({ liveSyncDuration: WATCH_LIVE_SYNC_S, liveMaxLatencyDuration: WATCH_LIVE_MAX_LATENCY_S, maxLiveSyncPlaybackRate: WATCH_CATCH_UP_RATE });
    expect(WATCH_LIVE_SYNC_S).toBeGreaterThanOrEqual(2); // at least one whole segment in hand (HLS_SEGMENT_SEC)
    expect(WATCH_LIVE_MAX_LATENCY_S).toBeGreaterThan(WATCH_LIVE_SYNC_S);

    fireEvent.click(screen.getByRole('button', { name: WATCH_TEXTS.unmute }));
    expect(video.muted).toBe(false);
    expect(screen.getByRole('button', { name: WATCH_TEXTS.mute })).toBeInTheDocument();

    await step(WATCH_POLL_MS);
    expect(state()).toHaveTextContent('The broadcast has ended');
    expect(screen.queryByTestId('watch-video')).toBeNull();
    expect(FakeHls.made[0]!.destroyed).toBe(true);
  });

  it('a broadcast with a vertical program (issue 34): a landscape screen plays 16:9 and offers Vertical; an upright phone plays the vertical one', async () => {
    const VERTICAL = '/hls-vertical/product-launch/index.m3u8';
    const both: Answer = { status: 200, body: { title: 'Product Launch Live', state: 'live', hls: HLS, verticalHls: VERTICAL } };
    await open(both);
    expect(FakeHls.made.at(-1)!.source).toBe(`${location.origin}${HLS}`);
    const shapes = screen.getByRole('group', { name: WATCH_TEXTS.shapeLabel });
    expect(within(shapes).getByRole('button', { name: WATCH_TEXTS.shapes['16:9'] })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(within(shapes).getByRole('button', { name: WATCH_TEXTS.shapes['9:16'] }));
    expect(FakeHls.made.at(-1)!.source).toBe(`${location.origin}${VERTICAL}`);
    expect(screen.getByTestId('watch-video').closest('.watch-player')).toHaveClass('vertical');
    cleanup();

    // An upright phone: the vertical program first; the choice stays with the attendee.
    vi.stubGlobal('matchMedia', (media: string) => ({ matches: media === '(orientation: portrait)', media, addEventListener() {}, removeEventListener() {} }));
    await open(both);
    expect(FakeHls.made.at(-1)!.source).toBe(`${location.origin}${VERTICAL}`);
    fireEvent.click(screen.getByRole('button', { name: WATCH_TEXTS.shapes['16:9'] }));
    expect(FakeHls.made.at(-1)!.source).toBe(`${location.origin}${HLS}`);
    cleanup();

    // Without a vertical program, the phone plays 16:9 and no choice shows.
    await open(watch('live'));
    expect(FakeHls.made.at(-1)!.source).toBe(`${location.origin}${HLS}`);
    expect(screen.queryByTestId('watch-shapes')).toBeNull();
  });

  it('keeps polling every 3 s while not live', async () => {
    await open(watch('not-live'));
    await step(WATCH_POLL_MS);
    await step(WATCH_POLL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});

describe('when something fails', () => {
  it('a fatal player error says Reconnecting… and tries again quietly', async () => {
    await open(watch('live'));
    const first = FakeHls.made[0]!;
    act(() => first.emit(FakeHls.Events.ERROR, { fatal: false }));
    expect(screen.queryByTestId('watch-reconnecting')).toBeNull();
    act(() => first.emit(FakeHls.Events.ERROR, { fatal: true }));
    expect(screen.getByTestId('watch-reconnecting')).toHaveTextContent(WATCH_TEXTS.reconnecting);
    expect(first.destroyed).toBe(true);
    await step(WATCH_RETRY_MS);
    expect(FakeHls.made).toHaveLength(2);
    expect(FakeHls.made[1]!.source).toBe(`${location.origin}${HLS}`);
    act(() => void screen.getByTestId('watch-video').dispatchEvent(new Event('playing')));
    expect(screen.queryByTestId('watch-reconnecting')).toBeNull();
  });

  it('without hls.js the browser’s own HLS plays the stream', async () => {
    FakeHls.supported = false;
    Object.defineProperty(HTMLMediaElement.prototype, 'canPlayType', { configurable: true, value: (type: string) => (type === 'application/vnd.apple.mpegurl' ? 'maybe' : '') });
    await open(watch('live'));
    expect(FakeHls.made).toHaveLength(0);
    expect((screen.getByTestId('watch-video') as HTMLVideoElement).src).toBe(`${location.origin}${HLS}`);
    Object.defineProperty(HTMLMediaElement.prototype, 'canPlayType', { configurable: true, value: () => '' });
  });

  it('an unknown link says so and stops asking', async () => {
    await open({ status: 404, body: { type: 'unknown', code: 'NOT_FOUND', message: 'No such event' } });
    expect(state()).toHaveTextContent(WATCH_TEXTS.states.unknown);
    await step(WATCH_POLL_MS * 3);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('an unreachable server keeps what shows, says so, and keeps trying', async () => {
    await open(watch('not-live'), 'network', watch('not-live'));
    await step(WATCH_POLL_MS);
    expect(state()).toHaveAttribute('data-state', 'not-live');
    expect(screen.getByText(WATCH_TEXTS.unreachable)).toBeInTheDocument();
    await step(WATCH_POLL_MS);
    expect(screen.queryByText(WATCH_TEXTS.unreachable)).toBeNull();
  });

  it('a playlist on another origin over http is never played', async () => {
    await open(watch('live', 'http://evil.example/x.m3u8'));
    expect(screen.queryByTestId('watch-video')).toBeNull();
    expect(state()).toHaveTextContent(WATCH_TEXTS.starting);
  });
});

describe('accessibility (axe, in jsdom: no colours)', () => {
  it.each([['not-live'], ['live']] as const)('%s: no serious or critical findings', async (phase) => {
    answers = [watch(phase)];
    const { container } = render(<WatchPage studioApi={API} sharingUrl="product-launch" />);
    await screen.findByText(phase === 'live' ? WATCH_TEXTS.unmute : WATCH_TEXTS.states['not-live']);
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });
});

describe('the route', () => {
  it('shows the watch page at once, with no splash and no browser check (the audience may be on a phone)', async () => {
    const { App } = await import('../../src/app/App');
    const { installServerMode } = await import('../../src/services/remote/mode');
    installServerMode({ clients: { services: { studioApi: API } } } as never);
    answers = [watch('not-live')];
    const { BASE_PATH } = await import('../../src/config');
    window.history.pushState(null, '', `${BASE_PATH}watch/product-launch`);
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148');
    Object.defineProperty(navigator, 'maxTouchPoints', { configurable: true, get: () => 5 });
    render(<App />);
    expect(await screen.findByText(WATCH_TEXTS.states['not-live'])).toBeInTheDocument();
    expect(calledUrl(0)).toBe(`${location.origin}/api/studio/watch/product-launch`);
    expect(screen.queryByText('Mobile devices are not supported')).toBeNull();
    installServerMode(null);
    window.history.pushState(null, '', '/');
  });
});
