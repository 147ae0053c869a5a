/**
 * The two sockets of a joined event (§7) and the toolbar's connection state: connected, reconnecting
 * with the next try's time, or offline (the worst of the two). Event-socket messages go to the
 * dispatcher the studio hands over when the audience starts; earlier ones wait for it.
 */
import type { WireChannel, WireRundown } from '../../api/channel';
import { openEventSocket } from '../../realtime/eventSocket';
import { socketUrl, type Frame, type Socket, type SocketState } from '../../realtime/socket';
import { openStudioSocket } from '../../realtime/studioSocket';
import { useRemoteStore, type ConnectionStatus } from '../../state/remoteStore';
import type { Dispatch } from '../../state/realtimeEvent';

const RANK: Record<ConnectionStatus, number> = { connected: 0, connecting: 1, reconnecting: 2, offline: 3 };

export interface EventSockets {
  eventSocket: Socket;
  studioSocket: Socket;
  /** Resolves with the event socket's guid (§4: moderator initialisation waits for it). */
  guid: Promise<string>;
  /** The studio's dispatcher, once the audience starts; null when it stops. */
  setDispatch(dispatch: Dispatch | null): void;
  onChannel(listener: ((channel: WireChannel) => void) | null): void;
  onReconnected(listener: (() => void) | null): void;
  /** The run of show's pushes and the studio socket's registrations, for the rundown's sync (issue 25). */
  onRundown(listener: { rundown(rundown: WireRundown): void; reconnected(): void } | null): void;
  close(): void;
}

export interface SocketsOptions {
  eventSocketUrl: string;
  studioApi: string;
  eventId: string;
  channelUuid: string;
  user: { id: string; name: string };
  eventToken: () => string;
  userToken: () => string;
  /** The broadcast's live.status frames (issue 23). */
  onLiveStatus?(status: unknown): void;
  /** The studio socket is registered again after a drop (what changed meanwhile was not pushed). */
  onStudioReconnected?(): void;
  onVideoShare(event: Frame): void;
}

export function openEventSockets(o: SocketsOptions): EventSockets {
  const states: Record<'event' | 'studio', SocketState> = { event: { status: 'connecting', nextRetryAt: null }, studio: { status: 'connecting', nextRetryAt: null } };
  const publish = () => {
    const worst = RANK[states.event.status] >= RANK[states.studio.status] ? states.event : states.studio;
    const retryAt = [states.event.nextRetryAt, states.studio.nextRetryAt].filter((t): t is number => t !== null);
    useRemoteStore.setState({ connection: worst.status, nextRetryAt: worst.status === 'reconnecting' && retryAt.length ? Math.min(...retryAt) : null });
  };
  let dispatch: Dispatch | null = null;
  const waiting: unknown[] = [];
  let channelListener: ((c: WireChannel) => void) | null = null;
  let reconnectListener: (() => void) | null = null;
  let rundownListener: { rundown(rundown: WireRundown): void; reconnected(): void } | null = null;
  let resolveGuid: (guid: string) => void = () => undefined;
  const guid = new Promise<string>((resolve) => (resolveGuid = resolve));

  const eventSocket = openEventSocket({
    url: socketUrl(o.eventSocketUrl),
    eventId: o.eventId,
    accessToken: o.eventToken,
    user: o.user,
    onGuid: (g) => resolveGuid(g),
    dispatch: (event) => (dispatch ? dispatch(event as Parameters<Dispatch>[0]) : waiting.push(event)),
    onVideoShare: o.onVideoShare,
    onState: (s) => ((states.event = s), publish()),
  });
  const studioSocket = openStudioSocket({
    url: socketUrl(`${o.studioApi.replace(/\/$/, '')}/websocket`),
    channel: o.channelUuid,
    credentials: () => ({ token: o.userToken() }),
    onChannel: (c) => channelListener?.(c),
    onLiveStatus: o.onLiveStatus,
    onRundown: (r) => rundownListener?.rundown(r),
    onState: (s) => {
      states.studio = s;
      publish();
      // Every registration, the first one too: a rundown read before the socket registered may have
      // missed a push sent in between (the channel's registration carries the channel; this does not).
      if (s.status === 'connected') rundownListener?.reconnected();
    },
    onReconnected: () => {
      reconnectListener?.();
      o.onStudioReconnected?.();
    },
  });
  publish();

  return {
    eventSocket,
    studioSocket,
    guid,
    setDispatch(next) {
      dispatch = next;
      if (next) waiting.splice(0).forEach((e) => next(e as Parameters<Dispatch>[0]));
    },
    onChannel: (listener) => (channelListener = listener),
    onReconnected: (listener) => (reconnectListener = listener),
    onRundown: (listener) => (rundownListener = listener),
    close() {
      eventSocket.close();
      studioSocket.close();
      useRemoteStore.setState({ connection: 'connecting', nextRetryAt: null });
    },
  };
}
