/**
 * A real RTMP server for the going-live tests: Debian's nginx with libnginx-mod-rtmp on a loopback
 * port in a temp folder, one process (no master, no daemon), recording every published stream to
 * `<dir>/rec/<key>-<time>.flv` so a test can ffprobe what really arrived. restart() stops it and
 * starts it again on the same port (the pushers must reconnect).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exited, guardChild } from '../../src/server/processGuard';

const NGINX = '/usr/sbin/nginx';
const RTMP_MODULE = '/usr/lib/nginx/modules/ngx_rtmp_module.so';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resolves once something accepts connections on the port. */
export async function listening(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = createServer();
      s.once('error', () => resolve(true)); // taken: nginx holds it
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(false)));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`nginx did not listen on ${port}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function startRtmpServer() {
  const dir = mkdtempSync(join(tmpdir(), 'studio-rtmp-'));
  const rec = join(dir, 'rec');
  mkdirSync(rec);
  const port = await freePort();
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `load_module ${RTMP_MODULE};
daemon off;
master_process off;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} info;
events { worker_connections 64; }
rtmp {
  server {
    listen 127.0.0.1:${port};
    application live {
      live on;
      record all;
      record_path ${rec};
      record_unique on;
      record_suffix .flv;
    }
  }
}
`,
  );
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(NGINX, ['-p', dir, '-c', conf], { stdio: 'ignore' });
    guardChild(child, 'nginx');
    await listening(port);
  };
  const stop = async () => {
    const c = child;
    child = null;
    if (!c) return;
    c.kill('SIGQUIT'); // graceful: recordings are closed
    const timer = setTimeout(() => c.kill('SIGKILL'), 5000);
    await exited(c);
    clearTimeout(timer);
  };
  await start();
  return {
    url: `rtmp://127.0.0.1:${port}/live`,
    port,
    /** The FLV files nginx recorded for a stream key, oldest first. */
    recordings(key: string): string[] {
      return readdirSync(rec)
        .filter((f) => f.startsWith(`${key}-`) && f.endsWith('.flv'))
        .map((f) => join(rec, f))
        .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs);
    },
    async restart(downMs = 1500): Promise<void> {
      await stop();
      await new Promise((r) => setTimeout(r, downMs));
      await start();
    },
    async close(): Promise<void> {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
export type RtmpServer = Awaited<ReturnType<typeof startRtmpServer>>;
