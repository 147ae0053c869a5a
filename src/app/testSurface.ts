/**
 * window.__STUDIO__ (DESIGN.md Testing surface), present in development and test builds only.
 * state(): a snapshot of every store; scene() and channel(): the model the compositor draws and
 * the channel API would receive; frameStats(): the compositor's counters; logs(): the logger ring.
 */
import { log } from '../log';
import { useAudienceCounters } from '../state/audienceCounters';
import { useLayoutStore } from '../state/layoutStore';
import { useMeetingStore } from '../state/meetingStore';
import { useSettingsStore } from '../state/settingsStore';

/** Plain data only: functions (actions) are dropped from the snapshot. */
function data<T extends object>(state: T): Partial<T> {
  return Object.fromEntries(Object.entries(state).filter(([, v]) => typeof v !== 'function')) as Partial<T>;
}

export function studioSnapshot() {
  return {
    layout: data(useLayoutStore.getState()),
    meeting: data(useMeetingStore.getState()),
    settings: data(useSettingsStore.getState()),
    audience: data(useAudienceCounters.getState()),
  };
}

/** The channel body PUT /channel/{uuid} would carry (§7); the stage fills layers and layout. */
export function channelBody() {
  const channel = useMeetingStore.getState().channel;
  if (!channel) return null;
  return { uuid: channel.uuid, name: channel.name, layout: 'CLASSIC', layers: [] as unknown[] };
}

export function installTestSurface(): void {
  (window as unknown as { __STUDIO__: unknown }).__STUDIO__ = {
    state: studioSnapshot,
    scene: () => ({ background: null, producers: [], templates: [], foreground: null }),
    channel: channelBody,
    frameStats: () => ({ frames: 0 }),
    logs: log.entries,
  };
}
