/**
 * The output page's capture mode, for the backend's capture worker (`?capture={ingest socket}&
 * quality=720p`): the program canvas at the quality's size, drawn CAPTURE_FPS times a second even
 * when nothing moves (the compositor otherwise draws only on change, and a still canvas gives no
 * frames), plus the program's sound, encoded here (MediaRecorder: H.264 + Opus in Matroska, a
 * keyframe every KEYFRAME_INTERVAL_MS, RECORDER_SLICE_MS slices) and sent over the loopback socket.
 * Status goes the same way as text, for the worker's log, and so do the page's figures each second
 * (draw time per frame, frames its clock missed: the Stats panel's "render time" and "dropped before
 * encoding").
 */
import { percentile, startFrameClock, type Compositor } from '../../../compositor/render';
import {
  AUDIO_KBPS,
  AUDIO_SAMPLE_RATE,
  CAPTURE_FPS,
  CAPTURE_MIME,
  CAPTURE_PARAM,
  CAPTURE_STATS_EVERY_MS,
  captureStatsText,
  isQuality,
  KEYFRAME_INTERVAL_MS,
  QUALITIES,
  QUALITY_PARAM,
  RECORDER_SLICE_MS,
  type Quality,
} from '../../lib/captureContract';
import { LANDSCAPE, type FrameShape } from '../../../compositor/model/frame';
import { programSound } from '../../services/media/programSound';
import { media } from '../../services/media/elements';
import { mediaKey } from '../../../compositor/model/channel';
import { useProgramStore } from '../../state/programStore';

export interface CaptureParams {
  ingest: string;
  quality: Quality;
}

/** Capture mode's parameters, or null (a plain output page). Only a loopback socket is accepted. */
export function captureParams(search = location.search): CaptureParams | null {
  const params = new URLSearchParams(search);
  const ingest = params.get(CAPTURE_PARAM);
  const quality = params.get(QUALITY_PARAM) ?? '720p';
  if (!ingest || !isQuality(quality)) return null;
  try {
    const url = new URL(ingest);
    if (url.protocol !== 'ws:' || url.hostname !== '127.0.0.1') return null;
  } catch {
    return null;
  }
  return { ingest, quality };
}

/** The quality's size, upright for the vertical program (720p: 720×1280). */
export function captureSize(p: CaptureParams, shape: FrameShape = LANDSCAPE): { width: number; height: number } {
  const { width, height } = QUALITIES[p.quality];
  return shape === LANDSCAPE ? { width, height } : { width: height, height: width };
}

/** The shared video's sound follows the program's foreground video. */
function followSharedVideoSound(): () => void {
  let key: string | null = null;
  const update = () => {
    const ref = useProgramStore.getState().doc.media.foregroundVideo;
    const next = ref ? mediaKey.media('foregroundVideo', ref.id) : null;
    const el = next ? media.get(next) : null;
    if (next === key && (!el || el instanceof HTMLMediaElement)) return;
    if (key) programSound.element(key, null);
    key = next;
    if (next && el instanceof HTMLMediaElement) programSound.element(next, el);
  };
  const stopMedia = media.subscribe(update);
  const stopDoc = useProgramStore.subscribe(update);
  update();
  return () => {
    stopMedia();
    stopDoc();
  };
}

export function startCapture(canvas: HTMLCanvasElement, compositor: Compositor, p: CaptureParams): () => void {
  const socket = new WebSocket(p.ingest);
  socket.binaryType = 'arraybuffer';
  const say = (text: string) => socket.readyState === WebSocket.OPEN && socket.send(text);
  // One clock draws every frame and hands it to the recorder at once (captureStream(0) + requestFrame:
  // captureStream(30) sampling on its own lost about 1 frame in 30 at 720p, benchmarks/golive.mjs).
  // The compositor draws nothing by itself here (heldFrames, OutputPage.tsx): a still scene still
  // gives CAPTURE_FPS frames, a moving one no more. renderNow is looked up at each tick: the
  // going-live benchmark's source wraps it.
  const video = canvas.captureStream(0).getVideoTracks()[0] as CanvasCaptureMediaStreamTrack;
  let drawMs: number[] = [];
  let dropped = 0;
  const stopClock = startFrameClock(
    CAPTURE_FPS,
    () => {
      const start = performance.now();
      compositor.renderNow();
      drawMs.push(performance.now() - start);
      video.requestFrame();
    },
    undefined,
    (missed) => (dropped += missed),
  );
  const reportEvery = setInterval(() => {
    const sorted = drawMs.sort((a, b) => a - b);
    drawMs = [];
    say(captureStatsText({ renderMs: sorted.length ? Math.round(percentile(sorted, 0.5) * 10) / 10 : null, droppedBeforeEncoding: dropped }));
  }, CAPTURE_STATS_EVERY_MS);
  const stopSound = followSharedVideoSound();
  const stream = new MediaStream([video, programSound.track(AUDIO_SAMPLE_RATE)]);
  const recorder = new MediaRecorder(stream, {
    mimeType: CAPTURE_MIME,
    videoBitsPerSecond: QUALITIES[p.quality].videoKbps * 1000,
    audioBitsPerSecond: AUDIO_KBPS * 1000,
    videoKeyFrameIntervalDuration: KEYFRAME_INTERVAL_MS,
  } as MediaRecorderOptions);
  recorder.ondataavailable = (e) => {
    if (e.data.size > 0 && socket.readyState === WebSocket.OPEN) socket.send(e.data);
  };
  recorder.onerror = () => say('recorder error');
  socket.onopen = () => {
    recorder.start(RECORDER_SLICE_MS);
    say(`capturing ${p.quality} (${canvas.width}×${canvas.height})`);
  };
  // The worker went away: nothing to send to; the worker starts a new page if the broadcast goes on.
  socket.onclose = () => recorder.state !== 'inactive' && recorder.stop();
  return () => {
    stopClock();
    clearInterval(reportEvery);
    stopSound();
    if (recorder.state !== 'inactive') recorder.stop();
    socket.close();
  };
}
