/**
 * Going live (§4 Channel eventStatus, Broadcast states; §8 'Cannot go Live: ...'). Pure rules:
 * the store and the go-live flow call these and show what they throw.
 */
import { GO_LIVE_FROM, STOP_LIVE_FROM } from '../../lib/liveContract';
import { TEXTS } from '../../lib/texts';

export type ChannelStatus = 'NEW' | 'LIVE' | 'TERMINATED' | null;

export interface ChannelRef {
  uuid?: string | null;
  eventStatus: ChannelStatus;
}

/** NEW (or null) and TERMINATED allow go live, which becomes LIVE. */
export function goLiveStatus(channel: ChannelRef | null | undefined): 'LIVE' {
  if (!channel) throw new Error(TEXTS.cannotGoLive('no channel is displayed'));
  if (!channel.uuid) throw new Error(TEXTS.cannotGoLive('the channel has no uuid'));
  if (GO_LIVE_FROM.includes(channel.eventStatus)) return 'LIVE';
  throw new Error(TEXTS.cannotGoLive(`the channel is ${channel.eventStatus}`));
}

/** Only LIVE allows stop live, which returns to NEW. */
export function stopLiveStatus(channel: ChannelRef | null | undefined): 'NEW' {
  if (!channel) throw new Error(TEXTS.cannotStopLive('no channel is displayed'));
  if (!channel.uuid) throw new Error(TEXTS.cannotStopLive('the channel has no uuid'));
  if (STOP_LIVE_FROM.includes(channel.eventStatus)) return 'NEW';
  throw new Error(TEXTS.cannotStopLive(`the channel is ${channel.eventStatus ?? 'NEW'}`));
}

/**
 * The one answer to "is the stream running": the channel's eventStatus (§4), which the server keeps and
 * sends at join; every screen reads it through this, nothing keeps a copy.
 */
export const channelIsLive = (channel: ChannelRef | null | undefined): boolean => channel?.eventStatus === 'LIVE';

/** §4 Broadcast states. */
export const BROADCAST_STATES = [
  'NONE',
  'STREAMING_REQUESTED',
  'CONTAINER_SELECTION',
  'CONTAINER_MEETING_SYNC',
  'CONTAINER_CASPARCG_SYNC',
  'CONTAINER_UDP_SYNC',
  'LIVE',
  'IN_EVENT',
  'PAUSE_REQUESTED',
  'CONTAINER_LIVE_ENDING',
  'TERMINATED',
  'PAUSE_EVENT',
] as const;
export type BroadcastState = (typeof BROADCAST_STATES)[number];

/** Which states each server may set (§4): others from that source are ignored. */
const FROM_EVENT_PLATFORM: readonly BroadcastState[] = ['STREAMING_REQUESTED', 'IN_EVENT', 'PAUSE_REQUESTED', 'PAUSE_EVENT'];
const FROM_STUDIO_SERVER: readonly BroadcastState[] = ['CONTAINER_SELECTION', 'CONTAINER_MEETING_SYNC', 'CONTAINER_CASPARCG_SYNC', 'CONTAINER_UDP_SYNC', 'LIVE', 'CONTAINER_LIVE_ENDING', 'TERMINATED'];

export function nextBroadcastState(current: BroadcastState, event: { source: 'event-platform' | 'studio-server'; state: string }): BroadcastState {
  const allowed = event.source === 'event-platform' ? FROM_EVENT_PLATFORM : FROM_STUDIO_SERVER;
  return (allowed as readonly string[]).includes(event.state) ? (event.state as BroadcastState) : current;
}

/**
 * What a studio-server broadcast state says of the channel's eventStatus: a broadcast starting or
 * running means LIVE (another producer may have gone live), an ended one NEW; the others say nothing.
 */
export function channelStatusOf(state: BroadcastState): 'LIVE' | 'NEW' | null {
  if (state === 'TERMINATED') return 'NEW';
  return FROM_STUDIO_SERVER.includes(state) && state !== 'CONTAINER_LIVE_ENDING' ? 'LIVE' : null;
}

/** What the moderator is told about the broadcast. */
export type BroadcastStatus = 'off air' | 'requested' | 'syncing' | 'live' | 'ending' | 'paused';
export function broadcastStatus(state: BroadcastState): BroadcastStatus {
  switch (state) {
    case 'STREAMING_REQUESTED':
      return 'requested';
    case 'CONTAINER_SELECTION':
    case 'CONTAINER_MEETING_SYNC':
    case 'CONTAINER_CASPARCG_SYNC':
    case 'CONTAINER_UDP_SYNC':
      return 'syncing';
    case 'LIVE':
    case 'IN_EVENT':
      return 'live';
    case 'PAUSE_REQUESTED':
    case 'CONTAINER_LIVE_ENDING':
      return 'ending';
    case 'PAUSE_EVENT':
      return 'paused';
    default:
      return 'off air';
  }
}

/** §2 go-live countdown and its rotating tips. */
export const GO_LIVE_COUNTDOWN_FROM = 10;
export const GO_LIVE_TICK_MS = 1000;
/** How long each tip stays (ours: long enough to read a line). */
export const GO_LIVE_TIP_MS = 2500;
export const GO_LIVE_TIPS = [
  'Look at your camera, not at your own picture.',
  'Mute your microphone when you are not speaking.',
  'Put your guests on air from the backstage before you start.',
  'Use a lower third to introduce each speaker.',
  'Keep an eye on the chat: your audience is talking to you.',
  'Run a poll early to get people involved.',
  'Publish good questions from Q&A as they come in.',
  'A ticker is a quiet way to share a link or a schedule.',
  'Switch layouts as the conversation moves from one speaker to many.',
  'Smile: you are about to be live!',
] as const;

export const tipAt = (elapsedMs: number) => GO_LIVE_TIPS[Math.floor(elapsedMs / GO_LIVE_TIP_MS) % GO_LIVE_TIPS.length]!;
