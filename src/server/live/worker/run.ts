/**
 * A capture worker: one per live channel, a child process of the backend (forked with IPC), so the
 * browser, the encoders and the byte pumping never run in the backend's request loop. It runs one
 * program per shape in use (program.ts: its capture page, ingest, fan-out and outputs; issue 34),
 * sends each destination to the program of its shape, reports their health each second, and exits
 * when told to stop — or at once, killing its children, when the backend is gone (the IPC channel
 * closes). main.ts is its entry.
 */
import { destinationCas } from './destinationRelay';
import { destinationRun } from './destinationOutput';
import { createProgram, type Program, type ProgramOptions, type StartCapture } from './program';
import type { FromWorker, ToWorker, WorkerDestination, WorkerHealth, WorkerProgram } from './protocol';
import { createTreeCpu } from './treeCpu';
import type { DestinationRules } from '../addresses';
import { LANDSCAPE, type FrameShape } from '../../../../compositor/model/frame';

export type { StartCapture } from './program';

const HEALTH_EVERY_MS = 1000;
/** A destination whose shape this broadcast does not render (the backend could not start that program): said on it, never streamed. */
export const NO_PROGRAM_ERROR = 'This broadcast renders no vertical program: end the broadcast and GO LIVE again to stream to it';

const send = (m: FromWorker) => process.send?.(m);
const log = (line: string) => send({ type: 'log', line });

const programs = new Map<FrameShape, Program>();
/** Destinations of a shape not rendered: reported as failed, never streamed. */
const unplaced = new Map<string, WorkerDestination>();
/** Programs ending while live: one of the same shape started again waits until its files are let go. */
const endingPrograms = new Map<FrameShape, Promise<void>>();
let startCapture: StartCapture;
/** Where destinations may stream and the CAs of RTMPS, from the start message. */
let rules: DestinationRules = { privateAllowed: false, allow: [] };
let cas: string[] = [];
let ending = false;
/** What every program is started with (the start message's), for a program added while live. */
let context: Omit<ProgramOptions, keyof WorkerProgram> | null = null;
let healthTimer: ReturnType<typeof setInterval> | undefined;
let cpuCores: number | null = null;
const treeCpu = createTreeCpu();

const allOutputs = () => [...programs.values()].flatMap((p) => [...p.outputs.values()]);

function health(): WorkerHealth {
  const main = programs.get(LANDSCAPE);
  const vertical = [...programs.values()].find((p) => p.shape !== LANDSCAPE);
  const f = main?.figures();
  return {
    fps: f?.fps ?? null,
    fpsAlarm: [...programs.values()].some((p) => p.figures().fpsAlarm),
    ...(f ? { capture: { renderMs: f.renderMs, droppedBeforeEncoding: f.droppedBeforeEncoding, encoderKbps: f.encoderKbps, cpuCores } } : {}),
    ...(vertical ? { vertical: vertical.figures() } : {}),
    outputs: [
      ...allOutputs().map((o) => o.health()),
      ...[...unplaced.values()].map((d) => ({ id: d.id, kind: 'rtmp' as const, name: d.name, shape: d.shape, state: 'failed' as const, bitrateKbps: null, fps: null, droppedFrames: 0, retryInSec: null, error: NO_PROGRAM_ERROR })),
    ],
  };
}

function addDestination(d: WorkerDestination): void {
  const program = programs.get(d.shape);
  if (!program) return void unplaced.set(d.id, d);
  program.addDestination({ id: d.id, kind: 'rtmp', name: d.name, prepare: destinationRun(d, { rules, ca: cas }), secrets: [d.streamKey] });
}

function removeDestination(id: string): void {
  unplaced.delete(id);
  for (const p of programs.values()) {
    const o = p.outputs.get(id);
    p.outputs.delete(id);
    void o?.stop();
  }
}

function fail(error: string): void {
  if (ending) return;
  ending = true;
  send({ type: 'failed', error });
  teardown(1);
}

function teardown(code: number): void {
  clearInterval(healthTimer);
  for (const p of programs.values()) p.kill();
  setTimeout(() => process.exit(code), 100);
}

async function start(m: Extract<ToWorker, { type: 'start' }>): Promise<void> {
  rules = m.destinationRules;
  cas = destinationCas(m.destinationCaFile);
  // On air once every program's media flows: the job is live for all its audiences at once.
  const flowing = () => [...programs.values()].every((p) => p.flowing) && send({ type: 'flowing' });
  context = { pageUrl: m.pageUrl, quality: m.quality, reachable: m.captureOrigins, runId: m.runId, startCapture, flowing, failed: fail, log };
  for (const program of m.programs) programs.set(program.shape, createProgram({ ...program, ...context }));
  for (const d of m.destinations) addDestination(d);
  healthTimer = setInterval(() => {
    for (const p of programs.values()) p.measure();
    void treeCpu()
      .catch(() => null)
      .then((cores) => {
        cpuCores = cores;
        send({ type: 'health', health: health() });
      });
  }, HEALTH_EVERY_MS);
  try {
    await Promise.all([...programs.values()].map((p) => p.start()));
  } catch (error) {
    fail(`The capture browser did not start: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A program started while live (a vertical destination switched on): its page joins the browser, the destinations waiting for it move in. */
async function addProgram(program: WorkerProgram): Promise<void> {
  await endingPrograms.get(program.shape);
  if (!context || ending || programs.has(program.shape)) return;
  const p = createProgram({ ...program, ...context });
  programs.set(program.shape, p);
  for (const d of [...unplaced.values()].filter((x) => x.shape === program.shape)) {
    unplaced.delete(d.id);
    addDestination(d);
  }
  try {
    await p.start();
  } catch (error) {
    fail(`The ${program.shape} capture page did not start: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * A program no longer in use (its last destination switched off while live, issue 34) ends as the
 * broadcast would: its page stops, its ingest flushes, its recording and watch stream are finished; the
 * cores it used are free again. The 16:9 program ends only with the broadcast.
 */
async function endProgram(shape: FrameShape): Promise<void> {
  const p = programs.get(shape);
  if (!p || ending || shape === LANDSCAPE) return;
  programs.delete(shape);
  const ended = p.stop().catch((error: unknown) => {
    log(`the ${shape} program did not end cleanly: ${error instanceof Error ? error.message : String(error)}`);
  });
  endingPrograms.set(shape, ended);
  await ended;
  endingPrograms.delete(shape);
  send({ type: 'program-ended', shape });
}

/** A clean end: each program's page stops, its ingest flushes, every output finishes its stream or file. */
async function stop(): Promise<void> {
  if (ending) return;
  ending = true;
  await Promise.all([...programs.values()].map((p) => p.stop()).concat([...endingPrograms.values()]));
  clearInterval(healthTimer);
  send({ type: 'health', health: health() });
  send({ type: 'stopped' });
  setTimeout(() => process.exit(0), 100);
}

/** Runs this process as a worker, its capture pages started by `capture`. */
export function runWorker(capture: StartCapture): void {
  startCapture = capture;
  process.on('message', (m: ToWorker) => {
    if (m.type === 'start') void start(m);
    else if (m.type === 'add' && !allOutputs().some((o) => o.id === m.destination.id)) addDestination(m.destination);
    else if (m.type === 'program') void addProgram(m.program);
    else if (m.type === 'end-program') void endProgram(m.shape);
    else if (m.type === 'remove') removeDestination(m.id);
    else if (m.type === 'retry') allOutputs().find((o) => o.id === m.id)?.retry();
    else if (m.type === 'stop') void stop();
  });
  // The backend is gone (killed, crashed): nothing of this broadcast may outlive it.
  process.on('disconnect', () => {
    ending = true;
    teardown(0);
  });
}
