import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enterStudio, leaveStudio } from '../../src/services/show/entry';
import { createDemoBackend, type DemoBackendOptions } from '../../src/demo/demoBackend';
import { installBackend, type Backend } from '../../src/state/backend';
import { DEMO_CHANNEL, DEMO_EVENT_INFORMATION } from '../../src/demo/demoData';
import { initialScreenState, useScreenStore } from '../../src/state/screenStore';
import { initialMeetingState, useMeetingStore } from '../../src/state/meetingStore';
import { DEMO_SWITCH_DELAY_MS } from '../../src/lib/limits';
import { log } from '../../src/log';
import type { StudioSession } from '../../src/state/session';

const LATENCY = 900;
/** Installs the demo backend, its session changed by `session`, and returns what was installed. */
function install(options: DemoBackendOptions = {}, session: Partial<StudioSession> = {}): Backend {
  const demo = createDemoBackend(options);
  const b = { ...demo, session: { ...demo.session, ...session } };
  installBackend(b);
  return b;
}
/** A demo backend that connects at once (no timer), for tests that are not about latency. */
const instant = () => install({ latencyMs: 0, wait: async () => undefined });

beforeEach(() => {
  vi.useFakeTimers();
  useScreenStore.setState(initialScreenState());
  useMeetingStore.setState(initialMeetingState());
});
afterEach(async () => {
  // Stop what an entered studio runs (saver, simulated audio levels).
  if (useScreenStore.getState().view === 'event') await leaveStudio();
  vi.useRealTimers();
});

const layout = () => useScreenStore.getState();

describe('demo page phases (§2)', () => {
  it('starts in haircheck', () => {
    expect(layout().view).toBe('haircheck');
  });

  it('proceeding shows the overlay, connects, initializes, and after 100 ms shows the studio', async () => {
    install({ latencyMs: LATENCY });
    const done = enterStudio('abc');
    expect(layout().connectingOverlayVisible).toBe(true);
    expect(layout().view).toBe('haircheck');

    await vi.advanceTimersByTimeAsync(LATENCY);
    // Connected and initialized, but the switch waits the demo delay.
    expect(useMeetingStore.getState().channel).toEqual(DEMO_CHANNEL);
    expect(layout().eventName).toBe(DEMO_EVENT_INFORMATION.eventTitle);
    expect(layout().view).toBe('haircheck');
    expect(layout().connectingOverlayVisible).toBe(true);

    await vi.advanceTimersByTimeAsync(DEMO_SWITCH_DELAY_MS - 1);
    expect(layout().view).toBe('haircheck');
    await vi.advanceTimersByTimeAsync(1);
    expect(await done).toBe('entered');
    expect(layout().view).toBe('event');
    expect(layout().connectingOverlayVisible).toBe(false);
    expect(useMeetingStore.getState().connexionState).toBe('CONNECTED');
  });

  it('a connect failure is logged only and the screen stays in haircheck (§8)', async () => {
    install({}, { connect: () => Promise.reject(new Error('socket closed')) });
    const result = await enterStudio('abc');
    expect(result).toBe('connect-failed');
    expect(layout().view).toBe('haircheck');
    expect(layout().connectingOverlayVisible).toBe(false);
    expect(layout().initError).toBeNull();
    expect(log.entries().at(-1)).toMatchObject({ level: 'warn', scope: 'entry', message: expect.stringContaining('socket closed') });
  });

  it('a failure while initializing shows the init phase with the error', async () => {
    const connected = await instant().session.connect('');
    install({}, { connect: async () => ({ ...connected, eventInformation: null as never }) });
    const result = await enterStudio('abc');
    expect(result).toBe('init-failed');
    expect(layout().view).toBe('init');
    expect(layout().initError).toMatch(/./);
    expect(layout().connectingOverlayVisible).toBe(false);
  });

  it('proceeding twice (auto and click) connects once', async () => {
    const { session } = install({ latencyMs: LATENCY });
    const connect = vi.spyOn(session, 'connect');
    const first = enterStudio('abc');
    expect(await enterStudio('abc')).toBe('busy');
    await vi.advanceTimersByTimeAsync(LATENCY + DEMO_SWITCH_DELAY_MS);
    expect(await first).toBe('entered');
    expect(connect).toHaveBeenCalledTimes(1);
  });

  it('opens Graphics when the tutorial is not completed, else the remembered tool', async () => {
    localStorage.setItem('selectedTool', 'PEOPLE');
    instant();
    const p1 = enterStudio('');
    await vi.advanceTimersByTimeAsync(DEMO_SWITCH_DELAY_MS);
    await p1;
    expect(layout().selectedTool).toBe('GRAPHICS');

    await leaveStudio();
    localStorage.setItem('tutorialCompleted', 'true');
    const p2 = enterStudio('');
    await vi.advanceTimersByTimeAsync(DEMO_SWITCH_DELAY_MS);
    await p2;
    expect(layout().selectedTool).toBe('PEOPLE');
  });

  it('leaving resets the meeting and returns the demo page to haircheck', async () => {
    const { session } = instant();
    const p = enterStudio('');
    await vi.advanceTimersByTimeAsync(DEMO_SWITCH_DELAY_MS);
    await p;
    const leave = vi.spyOn(session, 'leave');
    useScreenStore.getState().setExitDialogOpen(true);
    await leaveStudio();
    expect(leave).toHaveBeenCalledOnce();
    expect(useMeetingStore.getState().channel).toBeNull();
    expect(layout().exitDialogOpen).toBe(false);
    expect(layout().view).toBe('haircheck');
  });
});
