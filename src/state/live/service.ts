/**
 * The live calls (issue 23) that src/services/live makes, as the optional `live` member of the
 * Backend port: backend mode has it (src/services/remote/liveService.ts), the instant demo does not
 * (its GO LIVE opens the registration pop-up, §2).
 */
import type { Destination, DestinationDraft, DestinationPatch, LiveInfo, LiveStatus, Recording } from './types';

export interface RecordingFile {
  blob: Blob;
  fileName: string;
}

export interface LiveService {
  /** GET live/{eventId}: where the watch page is, what the server can afford, and the status now. */
  info(): Promise<{ info: LiveInfo; status: LiveStatus | null }>;
  /** The studio socket's live.status frames (already read: a frame that does not fit never arrives); returns the stop. */
  onStatus(listener: (status: LiveStatus) => void): () => void;
  destinations(): Promise<Destination[]>;
  /** Rejects with the server's reason (a §8 body) when it refuses the draft. */
  addDestination(draft: DestinationDraft): Promise<Destination>;
  updateDestination(id: string, patch: DestinationPatch): Promise<Destination>;
  deleteDestination(id: string): Promise<void>;
  /** Retries a failed destination of the running broadcast now. */
  retryDestination(id: string): Promise<void>;
  recordings(): Promise<Recording[]>;
  /** The MP4, read with progress (0..1, or null when the size is unknown). */
  downloadRecording(id: string, onProgress: (fraction: number | null) => void): Promise<RecordingFile>;
  deleteRecording(id: string): Promise<void>;
}
