/** The messages between the backend (live/manager.ts) and a capture worker process (worker/main.ts), over Node's IPC. */
import type { Quality } from '../rules';
import type { CaptureFigures, OutputHealth, ProgramFigures } from '../../../lib/liveContract';
import type { DestinationRules } from '../addresses';
import type { FrameShape } from '../../../../compositor/model/frame';

/** One program the worker renders and streams (issue 34): its shape, the watch page's HLS folder and its recording's folder. */
export interface WorkerProgram {
  shape: FrameShape;
  hlsDir: string;
  recordingDir: string;
}

export interface WorkerDestination {
  id: string;
  name: string;
  /** The program it receives. */
  shape: FrameShape;
  /** The server URL in its checked normal form (destinationUrl.ts). */
  serverUrl: string;
  /** Held in the worker's memory only, never logged. */
  streamKey: string;
}

export type ToWorker =
  | {
      type: 'start';
      pageUrl: string;
      quality: Quality;
      /** 16:9 first, then 9:16 when the broadcast has a vertical program. */
      programs: WorkerProgram[];
      runId: string;
      destinations: WorkerDestination[];
      /** Where destinations may stream: checked on every address the worker connects to. */
      destinationRules: DestinationRules;
      /** A private CA RTMPS servers may be signed by, besides the system's (STUDIO_DESTINATION_CA_FILE). */
      destinationCaFile: string | null;
      /** Origins the capture page may load from besides the backend's own: media and public origins. */
      captureOrigins: string[];
    }
  | { type: 'add'; destination: WorkerDestination }
  /** A program to render from now on (a vertical destination switched on while live); its destinations follow as 'add'. */
  | { type: 'program'; program: WorkerProgram }
  /** A program no longer in use (the last destination of its shape switched off while live): it ends, the broadcast goes on. */
  | { type: 'end-program'; shape: FrameShape }
  | { type: 'remove'; id: string }
  | { type: 'retry'; id: string }
  | { type: 'stop' };

export interface WorkerHealth {
  /** The program's frame rate at the ingest (frames per second over the last second), null before the first. */
  fps: number | null;
  /** Under FPS_ALARM_BELOW for FPS_ALARM_AFTER_MS. */
  fpsAlarm: boolean;
  /** The capture's own figures (absent from a stand-in worker that measures none). */
  capture?: CaptureFigures;
  /** The vertical program's figures, when the broadcast has one. */
  vertical?: ProgramFigures;
  outputs: OutputHealth[];
}

export type FromWorker =
  | { type: 'flowing' }
  | { type: 'health'; health: WorkerHealth }
  | { type: 'log'; line: string }
  | { type: 'failed'; error: string }
  /** An 'end-program' is done: nothing writes that program's recording or watch stream any more. */
  | { type: 'program-ended'; shape: FrameShape }
  | { type: 'stopped' };
