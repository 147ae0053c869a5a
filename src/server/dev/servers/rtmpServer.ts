/**
 * A real RTMP server for the going-live tests: Debian's nginx with libnginx-mod-rtmp on a loopback
 * port in a temp folder, one process (no master, no daemon), recording every published stream to
 * `<dir>/rec/<key>-<time>.flv` so a test can ffprobe what really arrived. restart() stops it and
 * starts it again on the same port (the pushers must reconnect). With `tls`, RTMPS too: one port
 * per certificate, where nginx's stream module ends TLS and passes the bytes to the RTMP port.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exited, guardChild } from '../../processGuard';

const NGINX = '/usr/sbin/nginx';
const RTMP_MODULE = '/usr/lib/nginx/modules/ngx_rtmp_module.so';
const STREAM_MODULE = '/usr/lib/nginx/modules/ngx_stream_module.so';

/** A certificate and its key (PEM files) an RTMPS port shows. */
export interface TlsFront {
  certFile: string;
  keyFile: string;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A free loopback port held (bound) until `release`: for a port that must be known before its server
 * starts (the load balancer's, which the backends are told), so nothing started meanwhile (a backend's
 * Janus picks free ports too) can take it.
 */
export async function holdFreePort(): Promise<{ port: number; release(): Promise<void> }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return { port, release: () => new Promise<void>((resolve) => server.close(() => resolve())) };
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

export async function startRtmpServer(o: { tls?: TlsFront[] } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'studio-rtmp-'));
  const rec = join(dir, 'rec');
  mkdirSync(rec);
  const port = await freePort();
  const tlsPorts: number[] = [];
  for (let i = 0; i < (o.tls?.length ?? 0); i++) tlsPorts.push(await freePort());
  const tlsServers = (o.tls ?? []).map((t, i) => `  server {
    listen 127.0.0.1:${tlsPorts[i]} ssl;
    ssl_certificate ${t.certFile};
    ssl_certificate_key ${t.keyFile};
    proxy_pass 127.0.0.1:${port};
  }`);
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `load_module ${RTMP_MODULE};
${tlsServers.length ? `load_module ${STREAM_MODULE};\nstream {\n${tlsServers.join('\n')}\n}` : ''}
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
    for (const p of tlsPorts) await listening(p);
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
    /** The RTMPS ports, one per `tls` front, in order. */
    tlsPorts,
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

/**
 * Certificates for RTMPS tests, made with openssl in `dir`: a test CA, a certificate it signed for
 * localhost (and 127.0.0.1), and a self-signed one for localhost that no CA vouches for.
 */
export function testCertificates(dir: string) {
  const file = (name: string) => join(dir, name);
  const openssl = (args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  const san = 'subjectAltName=DNS:localhost,IP:127.0.0.1';
  openssl(['req', '-x509', ...ec, '-keyout', file('ca.key'), '-out', file('ca.pem'), '-days', '2', '-subj', '/CN=Studio Test CA']);
  openssl(['req', ...ec, '-keyout', file('signed.key'), '-out', file('signed.csr'), '-subj', '/CN=localhost']);
  writeFileSync(file('signed.ext'), `${san}\n`);
  openssl(['x509', '-req', '-in', file('signed.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-CAcreateserial', '-out', file('signed.pem'), '-days', '2', '-extfile', file('signed.ext')]);
  openssl(['req', '-x509', ...ec, '-keyout', file('rogue.key'), '-out', file('rogue.pem'), '-days', '2', '-subj', '/CN=localhost', '-addext', san]);
  return {
    caFile: file('ca.pem'),
    signed: { certFile: file('signed.pem'), keyFile: file('signed.key') },
    rogue: { certFile: file('rogue.pem'), keyFile: file('rogue.key') },
  };
}
