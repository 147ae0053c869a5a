/**
 * The studio backend as a separate process for browser tests (src/server/main.ts through tsx):
 * a free port and a temp data folder, the e2e build served at /studio/instant-demo/, test hooks on.
 * `kill()` is kill -9 of its whole process group; `start()` again reuses the port and the data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface BackendProcess {
  url: string;
  /** Its data folder (the broadcasts' live.log, recordings). */
  dataDir: string;
  /** The studio's address on it (backend mode). */
  studio: string;
  start(): Promise<void>;
  kill(): Promise<void>;
  stop(): Promise<void>;
  /** A test hook call (`/__test/...`). */
  hook<T = unknown>(path: string, body?: unknown): Promise<T>;
}

const READY = /Studio backend on (http:\/\/127\.0\.0\.1:(\d+))/;

export interface BackendProcessOptions {
  /** A data folder shared with other processes (left in place by stop()); default a temp folder of its own. */
  dataDir?: string;
  /** More environment (DATABASE_URL, STUDIO_PUBLIC_ORIGINS…). */
  env?: Record<string, string>;
}

export async function startBackendProcess(options: BackendProcessOptions = {}): Promise<BackendProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'studio-e2e-backend-'));
  let port = 0;
  let child: ChildProcess | null = null;
  let url = '';

  async function start(): Promise<void> {
    const proc = spawn('npx', ['tsx', 'src/server/main.ts'], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, STUDIO_DIST: 'dist-e2e', STUDIO_BACKEND_FAULTS: '1', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    child = proc;
    url = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`backend did not start: ${out}`)), 60_000);
      const read = (chunk: Buffer) => {
        out += chunk.toString();
        const m = READY.exec(out);
        if (!m) return;
        clearTimeout(timer);
        port = Number(m[2]);
        resolve(m[1]!);
      };
      proc.stdout!.on('data', read);
      // E2E_BACKEND_LOG=file keeps the backend's output (it is not shown otherwise), to read after a failure.
      if (process.env.E2E_BACKEND_LOG) {
        const log = createWriteStream(process.env.E2E_BACKEND_LOG, { flags: 'a' });
        proc.stdout!.pipe(log);
        proc.stderr!.pipe(log);
      }
      proc.stderr!.on('data', (c: Buffer) => (out += c.toString()));
      proc.on('exit', (code) => reject(new Error(`backend exited (${code}): ${out}`)));
    });
  }

  async function kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const proc = child;
    child = null;
    if (!proc?.pid) return;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    try {
      process.kill(-proc.pid, signal);
    } catch {
      return;
    }
    await exited;
  }

  await start();
  return {
    get url() {
      return url;
    },
    dataDir,
    get studio() {
      return `${url}/studio/instant-demo/`;
    },
    start,
    kill: () => kill('SIGKILL'),
    async stop() {
      await kill('SIGTERM');
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    async hook<T>(path: string, body?: unknown): Promise<T> {
      const response = await fetch(`${url}/__test/${path}`, body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      return (await response.json()) as T;
    },
  } as BackendProcess;
}
