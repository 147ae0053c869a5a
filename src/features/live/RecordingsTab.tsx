/**
 * The Recordings tab (issue 23): each recording's date and time, duration, size and state; Download
 * for a ready one (with its progress), Delete after a confirmation. While one is being written (or a
 * broadcast runs) the list is read again every few seconds.
 */
import { useEffect, useState } from 'react';
import { Download, Trash2 } from 'lucide-react';
import { deleteRecording, downloadRecording, loadRecordings, RECORDINGS_LIST } from '../../services/live/recordings';
import { RECORDINGS_REFRESH_MS } from '../../state/live/limits';
import { formatBytes, formatDuration, isJobActive } from '../../state/live/rules';
import { useLiveStore } from '../../state/live/store';
import type { Recording } from '../../state/live/types';
import { ConfirmDelete } from '../../ui/ConfirmDelete';
import { FailureNotice } from '../../ui/FailureNotice';
import { PORTRAIT } from '../../../compositor/model/frame';
import { LIVE_TEXTS } from './texts';

const PERCENT = 100;
const when = (ms: number) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);

function RecordingRow({ recording }: { recording: Recording }) {
  const busy = useLiveStore((s) => s.busy.includes(recording.id));
  // undefined: not downloading; null: downloading, size unknown.
  const [progress, setProgress] = useState<number | null | undefined>(undefined);
  const [confirming, setConfirming] = useState(false);
  // The vertical program's recording says so: its date alone would name two files (issue 34).
  const date = when(recording.startedAt) + (recording.shape === PORTRAIT ? ` (${LIVE_TEXTS.vertical.toLowerCase()})` : '');
  const download = async () => {
    setProgress(0);
    await downloadRecording(recording.id, (f) => setProgress(f === null ? null : Math.round(f * PERCENT)));
    setProgress(undefined);
  };
  return (
    <tr data-testid="recording-row" data-id={recording.id} data-state={recording.state}>
      <td>{date}</td>
      <td>{recording.durationSec !== null ? formatDuration(recording.durationSec) : LIVE_TEXTS.unknown}</td>
      <td>{recording.sizeBytes !== null ? formatBytes(recording.sizeBytes) : LIVE_TEXTS.unknown}</td>
      <td>
        <span className={`recording-state state-${recording.state}`}>{LIVE_TEXTS.recordingStates[recording.state]}</span>
      </td>
      <td>
        <div className="recording-actions">
          {recording.state === 'ready' && (
            <button type="button" className="btn btn-secondary btn-small" onClick={() => void download()} disabled={busy} aria-label={progress === undefined ? LIVE_TEXTS.downloadOf(date) : undefined}>
              <Download size={14} aria-hidden /> {progress === undefined ? LIVE_TEXTS.download : LIVE_TEXTS.downloading(progress)}
            </button>
          )}
          {recording.state !== 'recording' && (
            <button type="button" className="icon-button" aria-label={LIVE_TEXTS.deleteRecording(date)} onClick={() => setConfirming(true)} disabled={busy}>
              <Trash2 size={16} aria-hidden />
            </button>
          )}
          {confirming && (
            <ConfirmDelete
              title={LIVE_TEXTS.confirmDeleteRecording}
              subject={date}
              body={LIVE_TEXTS.confirmDeleteRecordingBody}
              confirmLabel={LIVE_TEXTS.delete}
              onDelete={() => void deleteRecording(recording.id)}
              onClose={() => setConfirming(false)}
            />
          )}
        </div>
      </td>
    </tr>
  );
}

export function RecordingsTab() {
  const recordings = useLiveStore((s) => s.recordings);
  const loaded = useLiveStore((s) => s.recordingsLoaded);
  const loading = useLiveStore((s) => !s.recordingsLoaded && s.busy.includes(RECORDINGS_LIST));
  const failure = useLiveStore((s) => s.failure);
  const changing = useLiveStore((s) => isJobActive(s.status) || s.recordings.some((r) => r.state === 'recording' || r.state === 'finalizing'));
  useEffect(() => void loadRecordings(), []);
  useEffect(() => {
    if (!changing) return;
    const timer = setInterval(() => void loadRecordings(), RECORDINGS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [changing]);
  return (
    <div className="live-tab">
      {failure && <FailureNotice className="live-failure" message={failure} onDismiss={() => useLiveStore.getState().clearFailure()} />}
      {loading && <p className="field-hint">{LIVE_TEXTS.loading}</p>}
      {!loaded ? null : recordings.length === 0 ? (
        <p className="live-empty">{LIVE_TEXTS.noRecordings}</p>
      ) : (
        <table className="recordings-table">
          <caption className="visually-hidden">{LIVE_TEXTS.recordingsLabel}</caption>
          <thead>
            <tr>
              <th scope="col">{LIVE_TEXTS.columns.date}</th>
              <th scope="col">{LIVE_TEXTS.columns.duration}</th>
              <th scope="col">{LIVE_TEXTS.columns.size}</th>
              <th scope="col">{LIVE_TEXTS.columns.state}</th>
              <th scope="col">
                <span className="visually-hidden">{LIVE_TEXTS.columns.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {[...recordings].sort((a, b) => b.startedAt - a.startedAt).map((r) => (
              <RecordingRow key={r.id} recording={r} />
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
