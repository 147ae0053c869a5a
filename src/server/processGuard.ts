/**
 * Never an orphan: a child process this process starts is killed when this process exits, and (by a
 * small shell watchdog reading a pipe from this process) when this process dies any other way
 * (SIGKILL, an unhandled signal): the pipe closes, the watchdog sends SIGTERM, then SIGKILL after 3 s.
 *
 *   const release = guardChild(child);   // call release() once the child has exited
 */
import { spawn, type ChildProcess } from 'node:child_process';

const WATCHDOG = [
  'while read -r _; do :; done',
  'kill -TERM "$1" 2>/dev/null || exit 0',
  // SIGKILL only a child still there after 3 s (polled, so a freed process id is not signalled later).
  'i=0; while [ $i -lt 30 ] && kill -0 "$1" 2>/dev/null; do sleep 0.1; i=$((i+1)); done',
  'kill -0 "$1" 2>/dev/null && kill -KILL "$1"',
  'exit 0',
].join('; ');

/** Resolves when the child has exited, or could not be spawned at all (then there is no 'exit'). */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => child.pid === undefined && resolve());
  });
}

/** Guards `child` (see above); the child's exit releases the guard by itself. Returns the release. */
export function guardChild(child: ChildProcess, name = 'child'): () => void {
  const killNow = () => {
    child.kill('SIGKILL');
    watchdog?.kill('SIGKILL');
  };
  process.once('exit', killNow);
  const watchdog = child.pid ? spawn('/bin/sh', ['-c', WATCHDOG, `${name}-watchdog`, String(child.pid)], { stdio: ['pipe', 'ignore', 'ignore'] }) : null;
  watchdog?.on('error', () => undefined);
  watchdog?.unref();
  (watchdog?.stdin as { unref?: () => void } | null)?.unref?.();
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.removeListener('exit', killNow);
    // The child is gone: the watchdog must not signal its process id later.
    watchdog?.kill('SIGKILL');
  };
  void exited(child).then(release);
  return release;
}
