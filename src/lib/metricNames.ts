/**
 * One name and one unit per figure (issue 33), shared by the Stats panel, the HUD, /metrics and the
 * benchmarks' JSON: the panel marks each figure with its `name` (data-metric), the benchmarks' JSON
 * uses the same keys (frameMs.p50 … in benchmarks/harness/stats.ts), and a figure the backend exports
 * names its Prometheus metric (src/server/README.md "Metrics").
 */
export interface MetricName {
  /** The JSON path: the panel's data-metric, the benchmarks' and live.status' field. */
  name: string;
  label: string;
  unit: string;
  /** The /metrics name, where the backend exports the figure. */
  prometheus?: string;
}

const m = (name: string, label: string, unit: string, prometheus?: string): MetricName => ({ name, label, unit, ...(prometheus ? { prometheus } : {}) });

/** This tab's compositor (the preview; on the output page, the output). */
export const COMPOSITOR_METRICS = {
  fps: m('fps', 'Frames drawn', 'frames/s'),
  frames: m('frames', 'Frames drawn in all', 'frames'),
  frameMsP50: m('frameMs.p50', 'Frame time p50', 'ms'),
  frameMsP95: m('frameMs.p95', 'Frame time p95', 'ms'),
  frameMsMax: m('frameMs.max', 'Frame time max', 'ms'),
  overBudget60: m('overBudget60', 'Over 16.7 ms', 'frames'),
  overBudget30: m('overBudget30', 'Over 33.3 ms', 'frames'),
  videoUploadsPerSec: m('videoUploadsPerSec', 'Textures uploaded', 'uploads/s'),
  textRastersPerSec: m('textRastersPerSec', 'Text rasters', 'rasters/s'),
  idleDraws: m('idleDraws', 'Idle draws', 'frames'),
  layers: m('layers', 'Layers', 'layers'),
} as const;

/** The broadcast (backend mode), from live.status. */
export const LIVE_METRICS = {
  captureFps: m('captureFps', 'Capture', 'frames/s', 'studio_capture_fps'),
  renderMs: m('capture.renderMs', 'Render time per frame', 'ms', 'studio_capture_render_ms'),
  droppedBeforeEncoding: m('capture.droppedBeforeEncoding', 'Dropped before encoding', 'frames', 'studio_capture_dropped_frames_total'),
  encoderKbps: m('capture.encoderKbps', 'Encoder bitrate', 'kbit/s', 'studio_capture_encoder_kbps'),
  cpuCores: m('capture.cpuCores', 'Worker CPU', 'cores', 'studio_capture_worker_cpu_cores'),
  // The vertical program's own (issue 34): the same /metrics names, labelled shape="9:16".
  verticalFps: m('vertical.fps', 'Vertical capture', 'frames/s', 'studio_capture_fps'),
  verticalRenderMs: m('vertical.renderMs', 'Vertical render time per frame', 'ms', 'studio_capture_render_ms'),
  verticalDropped: m('vertical.droppedBeforeEncoding', 'Vertical dropped before encoding', 'frames', 'studio_capture_dropped_frames_total'),
  verticalEncoderKbps: m('vertical.encoderKbps', 'Vertical encoder bitrate', 'kbit/s', 'studio_capture_encoder_kbps'),
  liveSec: m('liveSec', 'Time live', 's'),
  attendeeCount: m('attendeeCount', 'Viewers (attendees)', 'people'),
  state: m('outputs[].state', 'State', '', 'studio_outputs'),
  bitrateKbps: m('outputs[].bitrateKbps', 'Bitrate', 'kbit/s', 'studio_output_bitrate_kbps'),
  outputFps: m('outputs[].fps', 'Frame rate', 'frames/s', 'studio_output_fps'),
  droppedFrames: m('outputs[].droppedFrames', 'Dropped frames', 'frames', 'studio_output_dropped_frames_total'),
  reconnects: m('outputs[].reconnects', 'Reconnects', 'attempts', 'studio_output_reconnects_total'),
} as const;
