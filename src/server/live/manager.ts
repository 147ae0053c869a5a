/**
 * Runs the broadcasts of this backend: one capture worker (worker/main.ts, a forked process) per live
 * channel, its job kept in the database with a heartbeat (jobs.ts). What the studio hears — the §4
 * broadcast states and the outputs' health — comes from what the worker really does:
 * CONTAINER_SELECTION when the job starts, LIVE once media flows, CONTAINER_LIVE_ENDING while it
 * stops, TERMINATED when it ended. A worker that dies while the broadcast runs is started again;
 * a backend that dies leaves its jobs to the next start (or another backend) once their heartbeat
 * is stale. The recording is finalised when the job ends.
 *
 * The manager is the one writer of a channel's §4 eventStatus: GO LIVE and END STREAM move it here,
 * under the channel's row lock, and a job that ends returns it to NEW.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { newToken, tokenHash } from '../auth';
import type { Db, Queryable } from '../db/adapter';
import { conflict } from '../errors';
import type { Bus, BusMessage } from '../cluster/bus';
import type { Hub } from '../sockets/hub';
import { STUDIO_BASE } from '../studio';
import { guardChild } from '../processGuard';
import { destinationForWorker, enabledDestinations, wantsVertical } from './destinations';
import { activeJob, beat, claimJob, insertJob, latestJob, requestStop, setCaptureToken, setJobState, type JobRow } from './jobs';
import { createRecording, finalizeRecording, recordingDir, recordingsLeftOpen } from './recordings';
import { HEALTH_PUSH_MS, HEARTBEAT_MS, retryDelayMs, STOP_GRACE_MS, type Quality } from './rules';
import { GO_LIVE_FROM, STOP_LIVE_FROM, type JobState, type LiveStatus } from '../../lib/liveContract';
import type { FromWorker, ToWorker, WorkerHealth } from './worker/protocol';
import type { DestinationRules } from './addresses';
import { CAPTURE_PAGE_PARAMS } from './captureCsp';
import { FRAME_SHAPES, LANDSCAPE, PORTRAIT, type FrameShape } from '../../../compositor/model/frame';

/** The programs a job renders (issue 34): 16:9 always, 9:16 once a vertical destination is switched on (at GO LIVE or while live). */
export const jobShapes = (job: Pick<JobRow, 'vertical_recording_id'>): FrameShape[] => (job.vertical_recording_id ? [LANDSCAPE, PORTRAIT] : [LANDSCAPE]);
/** What a job costs of a process' capacity: one unit per program (cluster/rules.ts liveCapacity). */
export const jobCost = (job: Pick<JobRow, 'vertical_recording_id'>): number => jobShapes(job).length;
/** The most a job costs (a program per shape): an idle process takes any job, so a broadcast with both programs runs even where one program fills the capacity. */
const JOB_COST_MAX = FRAME_SHAPES.length;

/** Worker starts in a row that never got media flowing before the job counts as failed. */
export const WORKER_ATTEMPTS_MAX = 3;
const WORKER_ENTRY = fileURLToPath(new URL('./worker/main.ts', import.meta.url));
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/**
 * Chromium keeps a socket in its profile folder, made under TMPDIR, and refuses to start when that
 * path is longer than a Unix socket allows (about 100 bytes): a long TMPDIR gives the worker /tmp.
 */
const SOCKET_SAFE_TMPDIR_CHARS = 60;
export const captureTmpDir = (dir = tmpdir()): string => (dir.length <= SOCKET_SAFE_TMPDIR_CHARS ? dir : '/tmp');

/** What going live reads of a channel's row. */
interface LiveChannel {
  uuid: string;
  event_id: string | null;
  event_status: string | null;
}

/** Reads the channel's row under its lock (`FOR UPDATE`) in `tx`, refusing (throwing) a producer who may not change it. */
export type LockChannel<C extends LiveChannel> = (tx: Queryable) => Promise<C>;

interface Running {
  job: JobRow;
  worker: ChildProcess | null;
  health: WorkerHealth | null;
  attempts: number;
  stopping: boolean;
  restartTimer?: ReturnType<typeof setTimeout>;
}

/** Appends timestamped lines to `<dataDir>/live.log` (or another log of the backend's there). */
export function liveLog(dataDir: string, name = 'live.log'): (line: string) => void {
  mkdirSync(dataDir, { recursive: true });
  const file = createWriteStream(join(dataDir, name), { flags: 'a', mode: 0o600 });
  file.on('error', () => undefined);
  return (line) => file.write(`${new Date().toISOString()} ${line}\n`);
}

export interface LiveOptions {
  db: Db;
  hub: Hub;
  dataDir: string;
  secret: Buffer;
  log(line: string): void;
  now?: () => number;
  /** The worker's module (default worker/main.ts). */
  workerEntry?: string;
  /** This process' id on its jobs (cluster/node.ts). */
  owner: string;
  /** The programs (a channel's 16:9 and vertical ones) this process runs at most (cluster/rules.ts liveCapacity). */
  capacity: number;
  /** Tells the other processes (cluster/bus.ts): a job waits for room, or a running one must act. */
  bus: Bus;
  /** Where destinations may stream: the worker judges every address it connects to. */
  destinationRules: DestinationRules;
  /** A private CA for RTMPS destinations, besides the system's (STUDIO_DESTINATION_CA_FILE). */
  destinationCaFile: string | null;
  /** What the capture page may load besides this backend: the media and public origins. */
  captureOrigins: string[];
}

export function createLiveManager(o: LiveOptions) {
  const now = o.now ?? Date.now;
  const owner = o.owner;
  const running = new Map<string, Running>(); // by job id
  const hlsRoot = join(o.dataDir, 'live');
  const recordingsDir = join(o.dataDir, 'recordings');
  let origin = '';
  let beatTimer: ReturnType<typeof setInterval> | undefined;
  let pushTimer: ReturnType<typeof setInterval> | undefined;
  let closed = false;

  const hlsDir = (eventId: string, shape: FrameShape = LANDSCAPE) => join(hlsRoot, eventId.replace(/[^\w-]/g, '_'), shape === LANDSCAPE ? 'hls' : 'hls-vertical');
  const removeHls = (eventId: string) => Promise.all([LANDSCAPE, PORTRAIT].map((shape) => rm(hlsDir(eventId, shape), { recursive: true, force: true })));
  /** The programs this process runs now. */
  const load = () => [...running.values()].reduce((sum, r) => sum + jobCost(r.job), 0);
  /** What this process may still take: any one job when it runs none (unless it takes none at all: capacity 0). */
  const room = () => (o.capacity <= 0 ? 0 : running.size ? o.capacity - load() : Math.max(o.capacity, JOB_COST_MAX));

  function statusOf(r: Running | null, job: JobRow | null): LiveStatus {
    if (!job) return { job: null };
    const health = r?.health;
    const outputs = health?.outputs ?? [];
    return {
      job: {
        state: job.state,
        quality: job.quality,
        startedAt: job.live_at === null ? null : Number(job.live_at),
        recording: job.state === 'live' && outputs.some((x) => x.kind === 'recording' && x.state === 'live'),
        fpsAlarm: health?.fpsAlarm ?? false,
        ...(job.state === 'live' && health?.fps != null ? { captureFps: health.fps } : {}),
        ...(job.state === 'live' && health?.capture ? { capture: health.capture } : {}),
        shapes: jobShapes(job),
        ...(job.state === 'live' && health?.vertical ? { vertical: health.vertical } : {}),
        error: job.error,
        outputs: job.state === 'stopped' || job.state === 'failed' ? outputs.map((x) => ({ ...x, state: 'stopped' as const, fps: null, bitrateKbps: null })) : outputs,
      },
    };
  }

  // The one push of the broadcast: the job's status (its §4 broadcast state is read from its state).
  const pushJob = (job: JobRow, r: Running | null) => o.hub.pushProducers(job.channel_uuid, { type: 'live.status', status: statusOf(r, job) });
  const push = (r: Running) => pushJob(r.job, r);

  async function moveTo(r: Running, state: JobState, error?: string): Promise<void> {
    if (r.job.state === state) return;
    r.job = { ...r.job, state, error: error ?? r.job.error, ...(state === 'live' && r.job.live_at === null ? { live_at: now() } : {}) };
    await setJobState(o.db, r.job.id, state, { error: error ?? null, now: now() });
    push(r);
  }

  /**
   * A message to the job's worker, when it is there to hear it: one that is exiting may still be set
   * (its channel closes before its exit is handled), and a send on a closed channel throws.
   */
  const tell = (r: Running, m: ToWorker): void => {
    if (r.worker?.connected) r.worker.send(m);
  };

  const skipped = (r: Running) => (message: string) => o.log(`live ${r.job.channel_uuid}: ${message}`);

  /** Starts (or starts again) the job's worker with a fresh one-time capture token. */
  async function runWorker(r: Running): Promise<void> {
    if (closed || r.stopping) return;
    const destinations = await enabledDestinations(o.db, o.secret, r.job.event_id, skipped(r));
    // A vertical destination switched on (or the last one off) since GO LIVE or the last worker: its program starts (or not) with it.
    if (destinations.some((d) => d.shape === PORTRAIT)) await addVertical(r);
    else await endVertical(r);
    await closeEnded(r); // nothing of the last worker writes any more
    const token = newToken();
    await setCaptureToken(o.db, r.job.id, tokenHash(token));
    const page = new URL(`${STUDIO_BASE}output`, origin);
    page.searchParams.set(CAPTURE_PAGE_PARAMS.channel, r.job.channel_uuid);
    page.searchParams.set(CAPTURE_PAGE_PARAMS.token, token);
    const worker = fork(o.workerEntry ?? WORKER_ENTRY, [], { execArgv: ['--import', TSX_LOADER], stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'json', env: { ...process.env, TMPDIR: captureTmpDir() } });
    guardChild(worker, 'capture-worker');
    r.worker = worker;
    r.attempts += 1;
    if (r.job.state === 'pending') await moveTo(r, 'starting');
    worker.stderr?.on('data', (c: Buffer) => o.log(`capture worker: ${c.toString().trimEnd().slice(0, 500)}`));
    worker.on('message', (m: FromWorker) => void onMessage(r, m).catch((e: unknown) => o.log(`live ${r.job.channel_uuid}: the worker's ${m.type} not handled: ${String(e)}`)));
    worker.on('error', (e) => o.log(`live ${r.job.channel_uuid}: capture worker: ${e.message}`)); // a send that lost the race with its exit
    worker.once('exit', () => void onExit(r, worker));
    const start: ToWorker = {
      type: 'start',
      pageUrl: page.href,
      quality: r.job.quality,
      programs: jobShapes(r.job).map((shape) => program(r.job, shape)),
      runId: String(now()),
      destinations,
      destinationRules: o.destinationRules,
      destinationCaFile: o.destinationCaFile,
      captureOrigins: o.captureOrigins,
    };
    worker.send(start);
  }

  const program = (job: JobRow, shape: FrameShape) => ({
    shape,
    hlsDir: hlsDir(job.event_id, shape),
    recordingDir: recordingDir(recordingsDir, shape === LANDSCAPE ? job.recording_id : job.vertical_recording_id!),
  });

  /**
   * The job renders the vertical program from now on, with its recording (a vertical destination was
   * switched on while live, issue 34): once, whoever asks first (the row's update is conditional).
   * Returns whether this call added it.
   */
  async function addVertical(r: Running): Promise<boolean> {
    if (r.job.vertical_recording_id) return false;
    const id = randomUUID();
    const set = await o.db.query('UPDATE live_jobs SET vertical_recording_id = $2 WHERE id = $1 AND vertical_recording_id IS NULL RETURNING id', [r.job.id, id]);
    if (!set.length) return false;
    await createRecording(o.db, { id, eventId: r.job.event_id, channelUuid: r.job.channel_uuid, startedAt: now(), shape: PORTRAIT });
    r.job = { ...r.job, vertical_recording_id: id };
    // Not refused past the capacity: that would drop what the producer just asked for. Said, for the operator.
    o.log(`live ${r.job.channel_uuid}: a vertical destination was switched on: the vertical program starts (this process now runs ${load()} of ${o.capacity} programs)`);
    push(r);
    return true;
  }

  /**
   * The job renders no vertical program from now on (the last vertical destination was switched off
   * while live): its cores are free again and its watch stream goes. Once, whoever asks first; returns
   * whether this call ended it. Its recording is finished by closeEnded once nothing writes it.
   */
  async function endVertical(r: Running): Promise<boolean> {
    const id = r.job.vertical_recording_id;
    if (!id) return false;
    const set = await o.db.query('UPDATE live_jobs SET vertical_recording_id = NULL WHERE id = $1 AND vertical_recording_id = $2 RETURNING id', [r.job.id, id]);
    if (!set.length) return false;
    r.job = { ...r.job, vertical_recording_id: null };
    o.log(`live ${r.job.channel_uuid}: no vertical destination is switched on: the vertical program ends (this process now runs ${load()} of ${o.capacity} programs)`);
    push(r);
    return true;
  }

  /**
   * What programs that ended while live leave: their recordings are finished (also after a crash, by
   * whichever process takes the job over), and the vertical watch stream's files go unless a vertical
   * program runs again.
   */
  async function closeEnded(r: Running): Promise<void> {
    if (!r.job.vertical_recording_id) await rm(hlsDir(r.job.event_id, PORTRAIT), { recursive: true, force: true });
    for (const id of await recordingsLeftOpen(o.db, r.job)) {
      await finalizeRecording(o.db, recordingsDir, id, now()).catch((e: unknown) => o.log(`recording ${id} not finalised: ${String(e)}`));
    }
  }

  async function onMessage(r: Running, m: FromWorker): Promise<void> {
    if (m.type === 'log') o.log(`live ${r.job.channel_uuid}: ${m.line}`);
    else if (m.type === 'health') r.health = m.health;
    else if (m.type === 'flowing') {
      r.attempts = 0;
      if (!r.stopping) await moveTo(r, 'live');
    } else if (m.type === 'failed') o.log(`live ${r.job.channel_uuid}: the capture failed: ${m.error}`);
    else if (m.type === 'program-ended') await closeEnded(r);
  }

  async function onExit(r: Running, worker: ChildProcess): Promise<void> {
    if (r.worker !== worker) return;
    r.worker = null;
    if (closed) return;
    if (r.stopping) return finish(r, 'stopped');
    // A worker that died while the broadcast runs: again, after a pause, unless it never got going.
    if (r.attempts >= WORKER_ATTEMPTS_MAX) return finish(r, 'failed', 'The capture could not start: see the backend log');
    r.restartTimer = setTimeout(() => void runWorker(r), retryDelayMs(r.attempts));
  }

  async function finish(r: Running, state: 'stopped' | 'failed', error?: string): Promise<void> {
    clearTimeout(r.restartTimer);
    running.delete(r.job.id);
    await closeEnded(r);
    for (const id of [r.job.recording_id, r.job.vertical_recording_id]) {
      if (id) await finalizeRecording(o.db, recordingsDir, id, now()).catch((e: unknown) => o.log(`recording ${id} not finalised: ${String(e)}`));
    }
    await moveTo(r, state, error);
    // The public stream ended with the job (routes/live.ts answers 410 from now on): its files go too.
    await removeHls(r.job.event_id).catch((e: unknown) => o.log(`live ${r.job.channel_uuid}: HLS not removed: ${String(e)}`));
    // The channel can go live again (§ Channel eventStatus: stopping returns it to NEW).
    await o.db.query("UPDATE channels SET event_status = 'NEW' WHERE uuid = $1 AND event_status = 'LIVE'", [r.job.channel_uuid]);
  }

  function take(job: JobRow): Running {
    const r: Running = { job, worker: null, health: null, attempts: 0, stopping: job.state === 'stopping' };
    running.set(job.id, r);
    return r;
  }

  async function stopRunning(r: Running): Promise<void> {
    if (r.stopping && r.job.state === 'stopping' && r.worker === null && !r.restartTimer) return finish(r, 'stopped');
    r.stopping = true;
    clearTimeout(r.restartTimer);
    await moveTo(r, 'stopping');
    const worker = r.worker;
    if (!worker) return finish(r, 'stopped');
    tell(r, { type: 'stop' });
    setTimeout(() => worker.kill('SIGKILL'), STOP_GRACE_MS * 2).unref();
  }

  async function heartbeat(): Promise<void> {
    if (closed) return;
    const t = now();
    for (const job of await beat(o.db, owner, t)) {
      const r = running.get(job.id);
      if (r && job.stop_requested && !r.stopping) await stopRunning(r);
    }
    for (let job = await claimJob(o.db, owner, t, room()); job; job = await claimJob(o.db, owner, t, room())) {
      o.log(`live ${job.channel_uuid}: taking job ${job.id} (${job.state})`);
      const r = take(job);
      if (job.state === 'stopping') await finish(r, 'stopped');
      else await runWorker(r);
    }
  }

  /** What another process asks of the broadcasts this one runs. */
  function onBus(m: BusMessage): void {
    if (m.t === 'jobs') void heartbeat().catch((e: unknown) => o.log(`live heartbeat: ${String(e)}`));
    else if (m.t === 'live-destination') {
      for (const r of running.values()) {
        if (r.job.event_id !== m.eventId || !r.worker || r.stopping) continue;
        if (m.action === 'retry') tell(r, { type: 'retry', id: m.id });
        else void resend(r, m.id).catch((e: unknown) => o.log(`live ${r.job.channel_uuid}: destination ${m.id} not passed on: ${String(e)}`));
      }
    }
  }

  async function resend(r: Running, id: string): Promise<void> {
    tell(r, { type: 'remove', id });
    const d = await destinationForWorker(o.db, o.secret, r.job.event_id, id, skipped(r));
    if (r.stopping) return; // the broadcast is ending: its programs end with it
    if (d?.shape === PORTRAIT && (await addVertical(r))) tell(r, { type: 'program', program: program(r.job, PORTRAIT) });
    // No worker to tell: the next one starts without the program, and closeEnded finishes its recording then.
    else if (d?.shape !== PORTRAIT && !(await wantsVertical(o.db, r.job.event_id)) && (await endVertical(r))) tell(r, { type: 'end-program', shape: PORTRAIT });
    if (d) tell(r, { type: 'add', destination: d });
  }

  /** A new job and a new recording; a worker here when this process has room, else on the first that has. */
  async function start(channel: { uuid: string; event_id: string }, quality: Quality): Promise<void> {
    if (await activeJob(o.db, channel.uuid)) return;
    const verticalRecordingId = (await wantsVertical(o.db, channel.event_id)) ? randomUUID() : null;
    const cost = jobCost({ vertical_recording_id: verticalRecordingId });
    const here = cost <= room();
    const job: JobRow = {
      id: randomUUID(), channel_uuid: channel.uuid, event_id: channel.event_id, state: 'pending', quality, owner: here ? owner : null, heartbeat_at: now(), started_at: now(),
      live_at: null, ended_at: null, stop_requested: false, error: null, recording_id: randomUUID(), vertical_recording_id: verticalRecordingId, capture_token_hash: '',
    };
    await removeHls(channel.event_id);
    await createRecording(o.db, { id: job.recording_id, eventId: job.event_id, channelUuid: job.channel_uuid, startedAt: now(), shape: LANDSCAPE });
    if (job.vertical_recording_id) await createRecording(o.db, { id: job.vertical_recording_id, eventId: job.event_id, channelUuid: job.channel_uuid, startedAt: now(), shape: PORTRAIT });
    await insertJob(o.db, job, now());
    if (!here) {
      pushJob(job, null);
      o.log(`live ${channel.uuid}: this process runs ${load()} of ${o.capacity} programs; job ${job.id} (${cost}) waits for one with room`);
      await o.bus.publish({ t: 'jobs' });
      return;
    }
    const r = take(job);
    push(r);
    void runWorker(r).catch((e: unknown) => void finish(r, 'failed', `The capture could not start: ${String(e)}`));
  }

  /** Asks the job to stop (here, or on the backend that runs it, which reads the flag at once). */
  async function stop(channelUuid: string): Promise<void> {
    const job = await requestStop(o.db, channelUuid);
    const r = job ? running.get(job.id) : undefined;
    if (r) await stopRunning(r);
    else if (job) await o.bus.publish({ t: 'jobs' });
  }

  /** Moves the channel's eventStatus from one of `from` to `to` under its row lock; 409 from any other. */
  function moveStatus<C extends LiveChannel>(lock: LockChannel<C>, from: readonly (string | null)[], to: string, verb: string): Promise<C> {
    return o.db.transaction(async (tx) => {
      const current = await lock(tx);
      if (!from.includes(current.event_status)) throw conflict(`Cannot ${verb}: channel is ${current.event_status ?? 'null'}`);
      await tx.query('UPDATE channels SET event_status = $2 WHERE uuid = $1', [current.uuid, to]);
      return { ...current, event_status: to };
    });
  }

  o.bus.subscribe(onBus);

  return {
    owner,
    recordingsDir,
    hlsDir,
    /** Begins beating and taking over stale jobs, once the studio is reachable at `url`. */
    begin(url: string): void {
      origin = url;
      beatTimer = setInterval(() => void heartbeat().catch((e: unknown) => o.log(`live heartbeat: ${String(e)}`)), HEARTBEAT_MS);
      pushTimer = setInterval(() => running.forEach((r) => r.job.state === 'live' && push(r)), HEALTH_PUSH_MS);
      void heartbeat().catch((e: unknown) => o.log(`live heartbeat: ${String(e)}`));
    },
    /** §4 GO LIVE: the channel LIVE, then (with an event) a job. */
    async goLive<C extends LiveChannel>(lock: LockChannel<C>, quality: Quality): Promise<C> {
      const row = await moveStatus(lock, GO_LIVE_FROM, 'LIVE', 'go Live');
      if (row.event_id) await start({ uuid: row.uuid, event_id: row.event_id }, quality);
      return row;
    },
    /** §4 END STREAM: the channel NEW at once, and its job asked to stop. */
    async stopLive<C extends LiveChannel>(lock: LockChannel<C>): Promise<C> {
      const row = await moveStatus(lock, STOP_LIVE_FROM, 'NEW', 'stop Live');
      await stop(row.uuid);
      return row;
    },
    /** The jobs this process runs, with what their worker last reported (metrics/: read at scrape time). */
    jobs(): { eventId: string; state: JobState; health: WorkerHealth | null }[] {
      return [...running.values()].map((r) => ({ eventId: r.job.event_id, state: r.job.state, health: r.health }));
    },
    async status(channelUuid: string): Promise<LiveStatus> {
      const job = await latestJob(o.db, channelUuid);
      const r = job ? (running.get(job.id) ?? null) : null;
      return statusOf(r, r?.job ?? job);
    },
    /** A destination was added, changed, switched or deleted: the running broadcast follows (on whichever process runs it). */
    async destinationChanged(eventId: string, id: string): Promise<void> {
      await o.bus.publish({ t: 'live-destination', action: 'changed', eventId, id });
    },
    async retry(eventId: string, id: string): Promise<void> {
      await o.bus.publish({ t: 'live-destination', action: 'retry', eventId, id });
    },
    /** Stops this backend's workers without ending their jobs: the next start (or another backend) takes them over. */
    close(): void {
      closed = true;
      clearInterval(beatTimer);
      clearInterval(pushTimer);
      for (const r of running.values()) {
        clearTimeout(r.restartTimer);
        r.worker?.kill('SIGKILL');
      }
    },
  };
}
export type LiveManager = ReturnType<typeof createLiveManager>;
