/** Helpers of the backend tests: a backend on a temporary folder, sign-in, JSON calls and sockets. */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import WebSocket from 'ws';
import { startBackend, type Backend, type BackendOptions } from '../../src/server/server';
import { broadcastStateOf } from '../../src/lib/liveContract';
import { openPglite, type Db } from '../../src/server/db/adapter';
import { migrate } from '../../src/server/db/migrations';

/** Going live in backend tests: the stand-in worker (no browser, no ffmpeg); tests/e2e/live.spec.ts streams for real. */
export const STAND_IN_CAPTURE_WORKER = fileURLToPath(new URL('./standInCaptureWorker.mjs', import.meta.url));

/**
 * The run's blank PGlite cluster (globalSetup.ts), once it is made: a start on a new folder copies it
 * instead of running initdb. Pass it to startBackend where a test starts one itself; backendOn does.
 */
export async function blankClusterReady(): Promise<string> {
  const { path, failed } = inject('blankCluster');
  // Made by a process of the run's own (globalSetup.ts): renamed into place whole, or a failure said.
  while (!existsSync(path)) {
    if (existsSync(failed)) throw new Error(readFileSync(failed, 'utf8'));
    await new Promise((r) => setTimeout(r, 50));
  }
  return path;
}

/** A new embedded database in `dir` with every migration run (a copy of the blank cluster: no initdb). */
export async function migratedPglite(dir: string): Promise<Db> {
  cpSync(await blankClusterReady(), `${dir}/pg`, { recursive: true });
  const db = await openPglite(`${dir}/pg`);
  await migrate(db);
  return db;
}

export const tempDir = (): string => mkdtempSync(join(tmpdir(), 'studio-backend-test-'));
export const removeDir = (dir: string): void => rmSync(dir, { recursive: true, force: true });

/**
 * A backend on `dataDir`. With BACKEND_TEST_DATABASE_URL set (an empty database per test file, run
 * one file at a time), the channel and audience tests run against that PostgreSQL server instead.
 */
export async function backendOn(dataDir: string, options: BackendOptions & { embedded?: boolean } = {}): Promise<Backend> {
  const { embedded, ...rest } = options;
  const url = embedded ? undefined : process.env.BACKEND_TEST_DATABASE_URL;
  return startBackend({ port: 0, dataDir, captureWorkerEntry: STAND_IN_CAPTURE_WORKER, ...(url ? { databaseUrl: url } : { blankCluster: await blankClusterReady() }), ...rest });
}

export interface Call {
  status: number;
  body: unknown;
  headers: Headers;
}

/** Any call; a JSON body (object) is sent as JSON. */
export async function call(url: string, init: { method?: string; headers?: Record<string, string>; json?: unknown; body?: BodyInit } = {}): Promise<Call> {
  const headers: Record<string, string> = { ...init.headers };
  let body = init.body;
  if (init.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(init.json);
  }
  const res = await fetch(url, { method: init.method ?? 'GET', headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test reads of JSON answers
export type Json = any;

export async function signIn(base: string, username: string, password = 'studio'): Promise<{ token: string; userId: string }> {
  const res = await fetch(`${base}/usermanager/oauth2/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password, grant_type: 'password' }),
  });
  if (res.status !== 200) throw new Error(`sign-in ${username}: ${res.status}`);
  const body = (await res.json()) as Json;
  return { token: body.access_token, userId: body.scope.user.id };
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
export const producer = (token: string) => ({ 'X-Producer-Authorization': `Bearer ${token}` });

export async function eventBySharingUrl(base: string, sharingUrl: string): Promise<Json> {
  return (await call(`${base}/ptapi/api/eventdetails/v1/events/public/details?sharingUrl=${sharingUrl}`)).body;
}

export async function eventToken(base: string, userToken: string, eventId: string): Promise<string> {
  const res = await call(`${base}/ptapi/api/security/v1/oauth/accesstoken`, {
    method: 'POST',
    headers: bearer(userToken),
    json: { eventId, grant_type: 'a2mevent', properties: { emailId: '', sharingUrl: '', userAccessToken: userToken }, userRole: 'moderator' },
  });
  if (res.status !== 200) throw new Error(`event token: ${res.status}`);
  return (res.body as Json).access_token;
}

export async function channelOf(base: string, userToken: string, eventId: string): Promise<Json> {
  return (await call(`${base}/api/studio/channel?ptEventId=${eventId}`, { headers: producer(userToken) })).body;
}

/** A socket that records what it receives. */
export class TestSocket {
  readonly messages: Json[] = [];
  closeCode: number | null = null;
  closeReason = '';
  private waiters: (() => void)[] = [];
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.messages.push(JSON.parse(String(data)));
      this.wake();
    });
    ws.on('close', (code, reason) => {
      this.closeCode = code;
      this.closeReason = String(reason);
      this.wake();
    });
  }

  static async open(url: string, headers?: Record<string, string>): Promise<TestSocket> {
    const ws = new WebSocket(url, headers ? { headers } : undefined);
    const socket = new TestSocket(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return socket;
  }

  send(message: unknown): void {
    this.ws.send(JSON.stringify(message));
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  /** The first recorded message passing `match` (waiting for it up to `ms`: a bound against a hang, generous for a loaded machine). */
  async next(match: (m: Json) => boolean, ms = 15_000): Promise<Json> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.messages.find(match);
      if (found) return found;
      if (this.closeCode !== null) throw new Error(`socket closed (${this.closeCode}) before the message came`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no such message within ${ms} ms; got ${JSON.stringify(this.messages).slice(0, 500)}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  async closed(ms = 15_000): Promise<number> {
    const deadline = Date.now() + ms;
    while (this.closeCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    if (this.closeCode === null) throw new Error('socket still open');
    return this.closeCode;
  }

  close(): void {
    this.ws.close();
  }
}

/** A publisher's SDP offer of one Opus track: enough for Janus to set up (and, if asked, record) a feed. */
export const AUDIO_OFFER = [
  'v=0', 'o=- 1 1 IN IP4 127.0.0.1', 's=-', 't=0 0', 'a=group:BUNDLE 0', 'a=msid-semantic: WMS *',
  'm=audio 9 UDP/TLS/RTP/SAVPF 111', 'c=IN IP4 0.0.0.0', 'a=rtcp:9 IN IP4 0.0.0.0', 'a=ice-ufrag:probe', 'a=ice-pwd:probeprobeprobeprobeprobe',
  `a=fingerprint:sha-256 ${Array.from({ length: 32 }, () => 'AB').join(':')}`, 'a=setup:actpass', 'a=mid:0', 'a=sendonly', 'a=rtcp-mux',
  'a=rtpmap:111 opus/48000/2', 'a=ssrc:1111 cname:probe', '',
].join('\r\n');

export const wsUrl = (base: string, path: string) => `${base.replace(/^http/, 'ws')}${path}`;

export async function studioSocket(base: string, register: Record<string, unknown>): Promise<TestSocket> {
  const s = await TestSocket.open(wsUrl(base, '/api/studio/websocket'));
  s.send({ type: 'register', ...register });
  return s;
}

export async function eventSocket(base: string, register: Record<string, unknown>): Promise<TestSocket> {
  const s = await TestSocket.open(wsUrl(base, '/ptapi/websocket'));
  s.send({ type: 'register', ...register });
  return s;
}

/** The HTTP status a WebSocket upgrade gets (101 when it opens). */
export function upgradeStatus(url: string, protocols: string | string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, protocols);
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('error', (error) => (error.message.includes('Unexpected server response') ? undefined : reject(error)));
  });
}

/**
 * The §4 broadcast states a studio socket was told, in order and each once: the states of the job in
 * its `live.status` frames (the broadcast's one push), as the studio reads them.
 */
export function broadcastStates(messages: readonly Json[]): string[] {
  const states = messages.filter((m) => m.type === 'live.status' && m.status?.job).map((m) => broadcastStateOf(m.status.job.state));
  return states.filter((s, i) => s !== states[i - 1]);
}

/** Whether a studio socket message is a `live.status` whose job is in the §4 broadcast state `state`. */
export const isBroadcastState = (state: string) => (m: Json) => m.type === 'live.status' && !!m.status?.job && broadcastStateOf(m.status.job.state) === state;
