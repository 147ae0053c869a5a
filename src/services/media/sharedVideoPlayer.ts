/**
 * The shared foreground video (§4 Shared video state, Screen share conflict): the state machine of
 * state/media/sharedVideo bound to the channel and to the one video element the compositor draws.
 * - The channel's foreground video is the truth: selecting, unselecting, an undo or another producer's
 *   change all go through it, and the machine follows (select → PLAYING at 0; gone → CLOSED).
 * - The element follows the machine: play, pause, seek, volume; its 'ended' drives the loop rule, and
 *   with loop off the video's own choice (state/media/videoEnd): it leaves the program (the default)
 *   or holds its last frame, instead of standing frozen on air.
 * The §3 shared-video events go to the backend: the demo logs them, backend mode sends them (§7
 * sharevideo, and the playout's layer 20000).
 */
import { mediaKey, type MediaRef } from '../../../compositor/model/channel';
import { createSharedVideo, type SharedVideoController, type SharedVideoSnapshot, type SharedVideoSource } from '../../state/media/sharedVideo';
import { mediaActions } from '../../state/graphics/graphicsActions';
import { useChannelStore } from '../../state/channel/store';
import { useMeetingStore } from '../../state/meetingStore';
import { stageActions } from '../../state/channel/stageActions';
import { SELF_ID } from '../../state/session';
import { videoEndOf } from '../../state/media/videoEnd';
import { log } from '../../log';
import { backend } from '../../state/backend';
import { media } from './elements';

/** A seek closer than this to where the element is already does not move it (no stutter). */
const SEEK_TOLERANCE_SEC = 0.25;

export const sharedVideo: SharedVideoController = createSharedVideo({
  report: (event) => backend().meeting.reportSharedVideo(event, sharedVideo.getState().video?.durationSec),
  releaseToken: () => log.info('sharedVideo', 'presentation token released'),
});

const sourceOf = (ref: MediaRef): SharedVideoSource => ({ id: ref.id, url: ref.url });
const keyOf = (id: string) => mediaKey.media('foregroundVideo', id);

/** The element of the shared video (the compositor's texture source), or null. */
export function sharedVideoElement(): HTMLVideoElement | null {
  const id = sharedVideo.getState().video?.id;
  const el = id ? media.get(keyOf(id)) : null;
  return el instanceof HTMLVideoElement ? el : null;
}

/** §6 someone else presents (a remote shared video or screen share): sharing ours needs CONTINUE. */
const otherPresenterActive = () => useMeetingStore.getState().receivingContent || sharedVideo.getState().receivingContent;

/** §2 'Video is about to start... You will be muted.': the moderator's microphone is muted for the video. */
function muteSelfForVideo(): void {
  const self = useChannelStore.getState().doc.producers.find((p) => p.id === SELF_ID);
  if (self && !self.audioMute) stageActions.toggleMute(SELF_ID, 'audio');
}

/** Shares `ref` unless someone else presents, in which case the conflict dialog shows. */
export function shareVideo(ref: MediaRef): 'started' | 'conflict' {
  const outcome = sharedVideo.requestShare(sourceOf(ref), otherPresenterActive());
  if (outcome === 'started') {
    muteSelfForVideo();
    mediaActions.select('foregroundVideo', ref);
  }
  return outcome;
}

/** CONTINUE in the Screen Share Conflict dialog. */
export function continueSharing(): void {
  const pending = sharedVideo.getState().conflict?.video;
  sharedVideo.continueAfterConflict();
  const ref = pending && { id: pending.id, url: pending.url, type: 'video' as const, name: pending.id };
  if (!ref) return;
  muteSelfForVideo();
  mediaActions.select('foregroundVideo', ref);
}

export const stopSharing = () => mediaActions.select('foregroundVideo', null);

function bindElement(el: HTMLVideoElement, id: string): () => void {
  el.loop = false; // the machine restarts a looping video (§4: PAUSED, then PLAYING after 100 ms)
  const onEnded = () => {
    sharedVideo.ended();
    if (sharedVideo.getState().replayable && videoEndOf(id) === 'leave') stopSharing();
  };
  const onMeta = () => Number.isFinite(el.duration) && sharedVideo.setDuration(el.duration);
  el.addEventListener('ended', onEnded);
  el.addEventListener('loadedmetadata', onMeta);
  onMeta();
  return () => {
    el.removeEventListener('ended', onEnded);
    el.removeEventListener('loadedmetadata', onMeta);
  };
}

/** Moves the element to the machine's state; a seek is applied when the machine's position changed. */
function drive(el: HTMLVideoElement, s: SharedVideoSnapshot, prev: SharedVideoSnapshot | null): void {
  el.volume = s.volume;
  const moved = !prev || s.seekSec !== prev.seekSec || s.video?.id !== prev.video?.id || (s.state === 'PLAYING' && prev.state !== 'PLAYING' && s.seekSec === 0);
  if (moved && Math.abs(el.currentTime - s.seekSec) > SEEK_TOLERANCE_SEC) el.currentTime = s.seekSec;
  if (s.state === 'PLAYING' && el.paused) void el.play().catch(() => undefined);
  if (s.state !== 'PLAYING' && !el.paused) el.pause();
}

/** Keeps the machine on the channel's foreground video and the element on the machine; returns the stop. */
export function startSharedVideo(): () => void {
  let unbind: (() => void) | null = null;
  let boundId: string | null = null;
  const follow = () => {
    const ref = useChannelStore.getState().doc.media.foregroundVideo;
    const current = sharedVideo.getState();
    if (!ref) {
      if (current.sharingLocalContent || current.state !== 'CLOSED') sharedVideo.close();
    } else if (current.video?.id !== ref.id) sharedVideo.select(sourceOf(ref));
    if (boundId !== (ref?.id ?? null)) {
      unbind?.();
      unbind = null;
      boundId = ref?.id ?? null;
      if (ref) unbind = bindElement(media.video(keyOf(ref.id), ref.url), ref.id);
    }
  };
  follow();
  const stopDoc = useChannelStore.subscribe((s, prev) => s.doc.media.foregroundVideo !== prev.doc.media.foregroundVideo && follow());
  let prev: SharedVideoSnapshot | null = null;
  const stopMachine = sharedVideo.subscribe((s) => {
    const el = sharedVideoElement();
    if (el) drive(el, s, prev);
    prev = s;
  });
  return () => {
    stopDoc();
    stopMachine();
    unbind?.();
    if (sharedVideo.getState().state !== 'CLOSED') sharedVideo.close();
  };
}
