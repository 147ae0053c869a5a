/**
 * window.__STUDIO__ (DESIGN.md Testing surface), present in development and test builds only.
 * state(): a snapshot of every store; scene(): the SceneModel this page's compositor draws; channel(): the
 * body PUT /channel/{uuid} would carry now; frameStats(): the compositors' counters; logs(): the
 * logger ring; saves(): what the demo channel server received; sharedVideo(): the shared video's
 * state; sync(): backend mode's synced channel; showError(code) and closeError(): open
 * and close a §8 catalogue dialog (the accessibility test opens each one, fatal ones included).
 */
import { log } from '../log';
import { useScreenStore } from '../state/screenStore';
import { useMeetingStore } from '../state/meetingStore';
import { useSettingsStore } from '../state/settingsStore';
import { useChannelStore } from '../state/channel/store';
import { useChatStore } from '../state/chat/chatStore';
import { channelBody } from '../../compositor/convert';
import { selectScene } from '../state/channel/scene';
import { LANDSCAPE, type FrameShape } from '../../compositor/model/frame';
import { compositorStats } from '../lib/compositorRegistry';
import { demoChannelServer } from '../demo/demoChannel';
import { closeError, showError } from '../services/show/alerts';
import type { ErrorCode } from '../state/errorCatalogue';
import { sharedVideo } from '../services/media/sharedVideoPlayer';
import { useLibraryStore } from '../state/graphics/library';
import { useRemoteStore } from '../state/remoteStore';
import { activeSync } from '../services/channel/stageSync';
import { useProgramStore } from '../state/programStore';
import { parseRoute } from '../ui/router';
import { canonicalJson } from '../../compositor/sync';
import { usePeopleStore } from '../state/people/peopleStore';
import { useGuestStore } from '../state/guestStore';

/** Plain data only: functions (actions) are dropped from the snapshot. */
/** This tab's view of the channel (canonical), and what it has not had acknowledged. */
function syncState() {
  const sync = activeSync();
  return sync && { view: canonicalJson(sync.view()), version: sync.server().version, pending: sync.pendingCount(), unsent: sync.hasUnsent() };
}

/** The document this page draws: the program on the output page and a guest's page, else the studio's stage. */
function drawnDoc() {
  const route = parseRoute(location.pathname, location.search).name;
  return (route === 'output' || route === 'guest' ? useProgramStore : useChannelStore).getState().doc;
}

function data<T extends object>(state: T): Partial<T> {
  return Object.fromEntries(Object.entries(state).filter(([, v]) => typeof v !== 'function')) as Partial<T>;
}

export function studioSnapshot() {
  return {
    layout: data(useScreenStore.getState()),
    meeting: data(useMeetingStore.getState()),
    settings: data(useSettingsStore.getState()),
    stage: data(useChannelStore.getState()),
    program: useProgramStore.getState().doc,
    library: useLibraryStore.getState().items,
    server: data(useRemoteStore.getState()),
    people: { presenters: usePeopleStore.getState().presenters, attendees: usePeopleStore.getState().attendees.length },
    guest: data(useGuestStore.getState()),
    chat: (({ unread, onStreamMessageId, retryAfter, messages }) => ({
      unread,
      onStreamMessageId,
      retryAfter,
      counts: Object.fromEntries(Object.entries(messages).map(([k, list]) => [k, list.length])),
    }))(useChatStore.getState()),
  };
}

export function installTestSurface(): void {
  (window as unknown as { __STUDIO__: unknown }).__STUDIO__ = {
    state: studioSnapshot,
    /** The scene of this page's channel, in a shape (the program's 16:9 unless said; issue 34). */
    scene: (shape: FrameShape = LANDSCAPE) => selectScene(drawnDoc(), shape),
    channel: () => {
      const channel = useMeetingStore.getState().channel;
      return channel ? channelBody(useChannelStore.getState().doc, channel, null) : null;
    },
    frameStats: compositorStats,
    logs: log.entries,
    saves: () => ({ ...demoChannelServer }),
    sharedVideo: () => sharedVideo.getState(),
    /** This tab's synced view of the channel and what is still unacknowledged. */
    sync: syncState,
    showError: (code: ErrorCode) => showError(code),
    closeError,
  };
}
