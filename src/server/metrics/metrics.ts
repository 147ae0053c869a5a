/**
 * The backend's metrics (issue 33), in one prom-client Registry per backend: tests start several
 * backends in one process, and prom-client's global registry would mix them. Figures that already live
 * somewhere (sockets in the hub, jobs and their outputs' health in the live manager, the bus' counts)
 * are read when /metrics is scraped, not kept twice. Names and units are those of the studio's panel
 * and benchmarks/golive.mjs (src/server/README.md "Metrics" maps one to the other).
 *
 * No label carries a raw URL, a token, a stream key or a user's text: routes are fastify's patterns,
 * outputs are named by kind and id (a destination's id, `hls`, `recording`), broadcasts by event id.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { JOB_STATES, OUTPUT_KINDS, OUTPUT_STATES, type ProgramFigures } from '../../lib/liveContract';
import { LANDSCAPE, PORTRAIT } from '../../../compositor/model/frame';
import type { Bus } from '../cluster/bus';
import type { LiveManager } from '../live/manager';
import type { Hub } from '../sockets/hub';

/**
 * Process metrics (CPU, memory, event loop, GC) describe the process, not a backend in it, and their
 * GC observer and event-loop monitor are never stopped: one registry for them per process, made once.
 */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export interface MetricsSources {
  hub: Pick<Hub, 'socketCounts'>;
  live: Pick<LiveManager, 'jobs'>;
  bus: Pick<Bus, 'counts'>;
}

/** A counter whose value is read from elsewhere at scrape time (prom-client counters only go up by inc). */
function setCounter(counter: Counter<string>, labels: Record<string, string>, value: number): void {
  counter.inc(labels, Math.max(0, value));
}

export function createMetrics({ hub, live, bus }: MetricsSources) {
  const registry = new Registry();
  const registers = [registry];

  const http = new Histogram({
    name: 'studio_http_request_duration_seconds',
    help: 'HTTP requests by route pattern (never the raw path), method and status, in seconds from arrival to the answer sent.',
    labelNames: ['route', 'method', 'status'] as const,
    registers,
  });

  new Gauge({
    name: 'studio_sockets',
    help: "This process' open, registered sockets by kind: event (producers and guests), studio, audience (attendees).",
    labelNames: ['kind'] as const,
    registers,
    collect() {
      for (const [kind, n] of Object.entries(hub.socketCounts())) this.set({ kind }, n);
    },
  });

  new Gauge({
    name: 'studio_live_jobs',
    help: "Live jobs this process runs, by state (a job waiting for a process with room is counted by none).",
    labelNames: ['state'] as const,
    registers,
    collect() {
      const jobs = live.jobs();
      for (const state of JOB_STATES) this.set({ state }, jobs.filter((j) => j.state === state).length);
    },
  });

  // Per broadcast and output: what its worker last reported (the panel's figures, the same second).
  const outputLabels = ['event', 'output_kind', 'output'] as const;
  const outputs = () => live.jobs().flatMap((j) => (j.health?.outputs ?? []).map((o) => ({ labels: { event: j.eventId, output_kind: o.kind, output: o.id }, o })));
  // Per program (issue 34: the 16:9 one and, in a broadcast with one, the vertical one), labelled by its shape.
  const programs = () =>
    live.jobs().flatMap((j) => {
      const h = j.health;
      if (!h) return [];
      const main: ProgramFigures = { fps: h.fps, fpsAlarm: h.fpsAlarm, renderMs: h.capture?.renderMs ?? null, droppedBeforeEncoding: h.capture?.droppedBeforeEncoding ?? 0, encoderKbps: h.capture?.encoderKbps ?? null };
      const measured = !!h.capture; // a stand-in worker measures its frame rate alone: no page figures, no dropped count
      return [{ labels: { event: j.eventId, shape: LANDSCAPE }, p: main, measured }, ...(h.vertical ? [{ labels: { event: j.eventId, shape: PORTRAIT }, p: h.vertical, measured: true }] : [])];
    });
  const programGauge = ({ name, help, read }: { name: string; help: string; read: (p: ProgramFigures) => number | null }) =>
    new Gauge({
      name,
      help,
      labelNames: ['event', 'shape'] as const,
      registers,
      collect() {
        this.reset();
        for (const { labels, p } of programs()) {
          const v = read(p);
          if (v !== null) this.set(labels, v);
        }
      },
    });
  programGauge({ name: 'studio_capture_fps', help: "The program's frame rate at the ingest, frames per second over the last second (the panel's fps alarm reads it).", read: (p) => p.fps });
  new Gauge({
    name: 'studio_capture_fps_alarm',
    help: 'Whether a program has stayed under the fps alarm threshold (1) or not (0): the panel\'s warning.',
    labelNames: ['event'] as const,
    registers,
    collect() {
      this.reset();
      for (const j of live.jobs()) if (j.health) this.set({ event: j.eventId }, j.health.fpsAlarm ? 1 : 0);
    },
  });
  programGauge({ name: 'studio_capture_render_ms', help: "The capture page's draw time per program frame in ms, p50 over its last second.", read: (p) => p.renderMs });
  programGauge({ name: 'studio_capture_encoder_kbps', help: "The capture page's encoder output (video and sound) in kilobits per second over the last second.", read: (p) => p.encoderKbps });
  new Gauge({
    name: 'studio_capture_worker_cpu_cores',
    help: 'CPU of the capture worker with its browser and ffmpeg processes (every program), in cores over the last second.',
    labelNames: ['event'] as const,
    registers,
    collect() {
      this.reset();
      for (const j of live.jobs()) if (j.health?.capture?.cpuCores != null) this.set({ event: j.eventId }, j.health.capture.cpuCores);
    },
  });
  new Counter({
    name: 'studio_capture_dropped_frames_total',
    help: "Program frames the capture page's frame clock missed since the capture began (never encoded).",
    labelNames: ['event', 'shape'] as const,
    registers,
    collect() {
      this.reset();
      for (const { labels, p, measured } of programs()) if (measured) setCounter(this, labels, p.droppedBeforeEncoding);
    },
  });
  new Gauge({
    name: 'studio_outputs',
    help: 'Outputs of the broadcasts this process runs, by kind and state.',
    labelNames: ['output_kind', 'state'] as const,
    registers,
    collect() {
      const all = outputs();
      for (const output_kind of OUTPUT_KINDS) for (const state of OUTPUT_STATES) this.set({ output_kind, state }, all.filter(({ o }) => o.kind === output_kind && o.state === state).length);
    },
  });
  new Gauge({
    name: 'studio_output_fps',
    help: "An output's frame rate, frames per second over ffmpeg's last progress block; absent when not live.",
    labelNames: outputLabels,
    registers,
    collect() {
      this.reset();
      for (const { labels, o } of outputs()) if (o.fps !== null) this.set(labels, o.fps);
    },
  });
  new Gauge({
    name: 'studio_output_bitrate_kbps',
    help: "An output's bitrate in kilobits per second (the panel's unit) over ffmpeg's last progress block; absent when not live.",
    labelNames: outputLabels,
    registers,
    collect() {
      this.reset();
      for (const { labels, o } of outputs()) if (o.bitrateKbps !== null) this.set(labels, o.bitrateKbps);
    },
  });
  new Counter({
    name: 'studio_output_dropped_frames_total',
    help: "Frames an output's ffmpeg dropped since it started (resets when it starts again).",
    labelNames: outputLabels,
    registers,
    collect() {
      this.reset();
      for (const { labels, o } of outputs()) setCounter(this, labels, o.droppedFrames);
    },
  });
  new Counter({
    name: 'studio_output_reconnects_total',
    help: "An output's attempts after its first since its worker started (automatic retries and TRY AGAIN).",
    labelNames: outputLabels,
    registers,
    collect() {
      this.reset();
      for (const { labels, o } of outputs()) if (o.reconnects !== undefined) setCounter(this, labels, o.reconnects);
    },
  });

  const signInThrottled = new Counter({
    name: 'studio_signin_throttled_total',
    help: 'Sign-in tries refused by the throttle (429) on this process.',
    registers,
  });

  new Counter({
    name: 'studio_bus_messages_total',
    help: 'Push bus messages across processes: out (notified to the others), in (received from them). Zero with the embedded database.',
    labelNames: ['direction'] as const,
    registers,
    collect() {
      this.reset();
      const counts = bus.counts();
      setCounter(this, { direction: 'in' }, counts.in);
      setCounter(this, { direction: 'out' }, counts.out);
    },
  });

  return {
    registry,
    contentType: registry.contentType,
    /** An answered HTTP request: its route pattern (undefined: no route matched), method, status and time. */
    observeHttp(route: string | undefined, method: string, status: number, ms: number): void {
      http.observe({ route: route ?? 'unmatched', method: KNOWN_METHODS.has(method) ? method : 'other', status: String(status) }, ms / 1000);
    },
    signInThrottled: () => signInThrottled.inc(),
    /** The text exposition: this backend's metrics and the process'. */
    scrape: () => Registry.merge([processMetrics(), registry]).metrics(),
  };
}

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export type Metrics = ReturnType<typeof createMetrics>;
