// Shared by the benchmarks that run the studio backend (sync.mjs, guests.mjs): statistics helpers and
// the backend as its own process group on a free port, serving the e2e build.
import { spawn } from 'node:child_process';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TSX_CLI = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const DIST = join(ROOT, 'dist-e2e');

export const round = (v, digits = 1) => (Number.isFinite(v) ? Math.round(v * 10 ** digits) / 10 ** digits : null);
export const load1 = () => round(os.loadavg()[0], 2);
export function quantile(values, q) {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
}
export const dist = (values) => ({ p50: round(quantile(values, 0.5)), p95: round(quantile(values, 0.95)), max: round(quantile(values, 1)), n: values.length });
export const withTimeout = (promise, ms, what) => {
  let timer;
  const deadline = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
};

// ---------------------------------------------------------------------------------------------
// The backend: `tsx src/server/main.ts` in its own process group, on a free port.

export async function startBackend(dataDir, env = {}) {
  const child = spawn(process.execPath, [TSX_CLI, join(ROOT, 'src', 'server', 'main.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, STUDIO_DIST: DIST, ...env },
    detached: true, // its own process group: stop() ends tsx and the node it starts together
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise((resolveExit) => child.once('exit', (code, signal) => resolveExit({ code, signal })));
  const url = await withTimeout(
    new Promise((resolveUrl, reject) => {
      const onData = (chunk) => {
        output += chunk;
        const m = /Studio backend on (http:\/\/\S+)\r?\n/.exec(output); // the whole line, not a chunk of it
        if (m) resolveUrl(m[1]);
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', (chunk) => (output += chunk));
      exited.then(({ code, signal }) => reject(new Error(`backend exited (${code ?? signal}) before listening:\n${output}`)));
    }),
    60_000,
    'backend start',
  );
  exited.then(({ code, signal }) => {
    if (!stopping) console.error(`[bench] the backend exited (${code ?? signal}):\n${output.slice(-2000)}`);
  });
  let stopping = false;
  return {
    url,
    /** The process group's leader (tsx): the backend's processes are its descendants. */
    pid: child.pid,
    async stop() {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        return;
      }
      const done = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 5000))]);
      if (!done) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
        await exited;
      }
    },
  };
}

