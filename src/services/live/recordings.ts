/**
 * The event's recordings (issue 23): list, download (read with the sign-in's header, with progress,
 * then saved as a file) and delete (taken out at once, put back if the call fails).
 */
import { realClock, type Clock } from '../../lib/clock';
import { DOWNLOAD_URL_KEEP_MS } from '../../state/live/limits';
import { useLiveStore } from '../../state/live/store';
import { attemptLive } from './attempt';

export const RECORDINGS_LIST = 'recordings';

export async function loadRecordings(): Promise<void> {
  const result = await attemptLive(RECORDINGS_LIST, (live) => live.recordings());
  if (result) useLiveStore.getState().setRecordings(result.value);
}

/** Saves a blob as a file through a link the page clicks; its URL is let go once the browser has it. */
export function saveFile(blob: Blob, fileName: string, clock: Clock = realClock, doc: Document = document): void {
  const url = URL.createObjectURL(blob);
  const a = doc.createElement('a');
  a.href = url;
  a.download = fileName;
  a.hidden = true;
  doc.body.append(a);
  a.click();
  a.remove();
  clock.setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_KEEP_MS);
}

export async function downloadRecording(id: string, onProgress: (fraction: number | null) => void): Promise<boolean> {
  const result = await attemptLive(id, (live) => live.downloadRecording(id, onProgress));
  if (result) saveFile(result.value.blob, result.value.fileName);
  return result !== null;
}

export async function deleteRecording(id: string): Promise<boolean> {
  const rollback = useLiveStore.getState().takeOutRecording(id);
  return (await attemptLive(id, (live) => live.deleteRecording(id), rollback)) !== null;
}
