/**
 * Backend mode's connection state in the toolbar (RELIABILITY R1: "reconnecting" shows within a
 * second of a drop): connected, reconnecting with the next try's countdown, or offline with a
 * Reconnect button; and a channel save that failed (kept, retried).
 */
import { useEffect, useState } from 'react';
import { useRemoteStore } from '../../state/remoteStore';
import { serverMode } from '../../services/remote/mode';
import { Tooltip } from '../../ui/Tooltip';

function useSecondsUntil(at: number | null): number | null {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (at === null) return;
    const id = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(id);
  }, [at]);
  return at === null ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

export const CONNECTION_TEXTS = {
  connected: 'Connected',
  connecting: 'Connecting…',
  reconnecting: (s: number | null) => (s ? `Reconnecting in ${s}s` : 'Reconnecting…'),
  offline: 'Offline',
  reconnect: 'Reconnect',
  notSaved: 'Not saved yet: retrying',
  saving: 'Saving…',
} as const;

export function ConnectionState() {
  const { auth, connection, nextRetryAt, saveStatus } = useRemoteStore();
  const seconds = useSecondsUntil(connection === 'reconnecting' ? nextRetryAt : null);
  if (auth === 'demo') return null;
  const label =
    connection === 'connected' ? CONNECTION_TEXTS.connected : connection === 'connecting' ? CONNECTION_TEXTS.connecting : connection === 'offline' ? CONNECTION_TEXTS.offline : CONNECTION_TEXTS.reconnecting(seconds);
  return (
    <div className="toolbar-connection">
      <Tooltip label="The connection to the studio server: edits made while it is down are kept and sent when it is back">
        <span className={`connection-state ${connection}`} role="status" aria-live="polite" data-testid="connection-state" data-state={connection} tabIndex={0}>
          <span className="dot" aria-hidden />
          {label}
          {connection === 'offline' && (
            <button type="button" onClick={() => serverMode()?.session.reconnectNow()}>
              {CONNECTION_TEXTS.reconnect}
            </button>
          )}
        </span>
      </Tooltip>
      {saveStatus === 'error' && (
        <span className="connection-state offline" role="status" data-testid="save-state">
          {CONNECTION_TEXTS.notSaved}
        </span>
      )}
    </div>
  );
}
