/**
 * Starts the Janus WebRTC Server (Debian's `janus`, CONTRACT.md "Meeting") for the studio backend:
 * a generated configuration in `dir` with only the VideoRoom plugin and the WebSocket and HTTP
 * transports, both on loopback ports picked here, no admin API, a random VideoRoom `admin_key`, and
 * no folder it may write a recording into.
 *
 *   const janus = await startJanus({ dir });   // null when janus is not installed
 *   janus.wsUrl    // 'ws://127.0.0.1:41234'  (browsers, subprotocol janus-protocol)
 *   janus.httpUrl  // 'http://127.0.0.1:41235/janus'  (the backend's admin client)
 *   await janus.stop();
 *
 * Environment: JANUS_BIN (default /usr/bin/janus), JANUS_ICE_ENFORCE_LIST (nat.ice_enforce_list,
 * e.g. `lo`). Janus' output goes to `dir/janus.log`; a failed start throws with its last lines.
 * The child never outlives this process: it is killed on `stop()`, on this process' exit, and (by a
 * small watchdog reading a pipe from this process) when this process dies any other way.
 */
import { spawn } from 'node:child_process';
import { exited, guardChild } from '../processGuard';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, type WriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const DEFAULT_JANUS_BIN = '/usr/bin/janus';
/** How long a start may take before it counts as failed (polling `GET {httpUrl}/info`). */
export const READY_TIMEOUT_MS = 10_000;
/** Starts tried (new ports each time) before giving up: another process may take a port in between. */
const ATTEMPTS = 3;
const STOP_GRACE_MS = 3000;
const LOG_TAIL_LINES = 40;

export interface JanusOptions {
  /** Where the configuration and janus.log go (created if missing). */
  dir: string;
  /** The binary; default `JANUS_BIN` or /usr/bin/janus. */
  bin?: string;
  /** The VideoRoom admin key (default: a random one); meeting.ts derives it so every process can make rooms. */
  adminKey?: string;
}

export interface RunningJanus {
  /** Janus' WebSocket API (subprotocol `janus-protocol`), for browsers. */
  wsUrl: string;
  /** Janus' HTTP API (`…/janus`), for the backend. */
  httpUrl: string;
  /** The VideoRoom `admin_key`: needed to create a room. */
  adminKey: string;
  /** The child's process id (for diagnostics). */
  pid: number;
  stop(): Promise<void>;
}

/** The binary to run, or null when it is not installed. */
export function janusBin(bin?: string): string | null {
  const path = bin ?? process.env.JANUS_BIN ?? DEFAULT_JANUS_BIN;
  return existsSync(path) ? path : null;
}

/** Every plugin, transport, event handler and logger Janus 1.1 ships, but the ones we use. */
const OTHER_PLUGINS = ['audiobridge', 'duktape', 'echotest', 'lua', 'nosip', 'recordplay', 'sip', 'streaming', 'textroom', 'videocall', 'voicemail'];
const OTHER_TRANSPORTS = ['mqtt', 'nanomsg', 'pfunix', 'rabbitmq'];
const EVENT_HANDLERS = ['gelfevh', 'mqttevh', 'nanomsgevh', 'rabbitmqevh', 'sampleevh', 'wsevh'];
const LOGGERS = ['jsonlog'];
/**
 * Where Janus may not write a recording or a packet capture. Janus offers a deny-list only (a path
 * prefix), not a folder to confine them to; the studio records nothing through Janus, so every path is
 * denied: a recording asked for past the relay and the rooms' lock_record still writes no file.
 */
export const PROTECTED_FOLDERS = ['/'];
const libs = (names: string[]) => names.map((n) => `libjanus_${n}.so`).join(',');
const str = (s: string) => JSON.stringify(s);

export interface JanusConfig {
  /** Janus' `server_name`, unique per start: /info names it, so a start knows it is talking to its own Janus. */
  serverName: string;
  wsPort: number;
  httpPort: number;
  adminKey: string;
  adminSecret: string;
  iceEnforceList?: string | undefined;
}

/** The configuration files (name → text), libconfig syntax as Janus reads it. */
export function janusConfigFiles(dir: string, c: JanusConfig): Record<string, string> {
  const nat = [`ignore_mdns = true`, ...(c.iceEnforceList ? [`ice_enforce_list = ${str(c.iceEnforceList)}`] : [])];
  return {
    'janus.jcfg': [
      `general: { configs_folder = ${str(dir)}, server_name = ${str(c.serverName)}, debug_level = 4, debug_colors = false, session_timeout = 60, admin_secret = ${str(c.adminSecret)}, protected_folders = ${JSON.stringify(PROTECTED_FOLDERS)} }`,
      `nat: { ${nat.join(', ')} }`,
      `media: { rtp_port_range = "20000-40000" }`,
      `plugins: { disable = ${str(libs(OTHER_PLUGINS))} }`,
      `transports: { disable = ${str(libs(OTHER_TRANSPORTS))} }`,
      `events: { disable = ${str(libs(EVENT_HANDLERS))} }`,
      `loggers: { disable = ${str(libs(LOGGERS))} }`,
      '',
    ].join('\n'),
    'janus.plugin.videoroom.jcfg': `general: { admin_key = ${str(c.adminKey)}, string_ids = true, lock_rtp_forward = true }\n`,
    'janus.transport.websockets.jcfg': [`general: { json = "compact", ws = true, ws_port = ${c.wsPort}, ws_ip = "127.0.0.1", wss = false }`, `admin: { admin_ws = false, admin_wss = false }`, ''].join('\n'),
    'janus.transport.http.jcfg': [
      `general: { json = "compact", base_path = "/janus", http = true, port = ${c.httpPort}, ip = "127.0.0.1", https = false }`,
      `admin: { admin_http = false, admin_https = false }`,
      '',
    ].join('\n'),
  };
}

/** `count` distinct free loopback ports (bound together, so they differ, then released). */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
          const s = createServer();
          s.once('error', reject);
          s.listen(0, '127.0.0.1', () => resolve(s));
        }),
    ),
  );
  const ports = servers.map((s) => {
    const a = s.address();
    return typeof a === 'object' && a ? a.port : 0;
  });
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  return ports;
}

/** The last lines of Janus' output, kept in memory for error messages. */
class LogTail {
  private lines: string[] = [];
  private partial = '';
  push(chunk: Buffer): void {
    const text = this.partial + chunk.toString('utf8');
    const parts = text.split('\n');
    this.partial = parts.pop() ?? '';
    this.lines.push(...parts);
    if (this.lines.length > LOG_TAIL_LINES) this.lines.splice(0, this.lines.length - LOG_TAIL_LINES);
  }
  text(): string {
    return [...this.lines, this.partial].filter(Boolean).join('\n');
  }
}

/**
 * `GET {httpUrl}/info` is this start's Janus (its server name: another Janus could hold the port) and
 * lists both transports and the VideoRoom plugin.
 */
async function ready(httpUrl: string, serverName: string): Promise<boolean> {
  try {
    const res = await fetch(`${httpUrl}/info`, { signal: AbortSignal.timeout(1000) });
    if (!res.ok) return false;
    const info = (await res.json()) as { janus?: string; 'server-name'?: string; transports?: Record<string, unknown>; plugins?: Record<string, unknown> };
    return (
      info.janus === 'server_info' &&
      info['server-name'] === serverName &&
      !!info.transports?.['janus.transport.websockets'] &&
      !!info.transports['janus.transport.http'] &&
      !!info.plugins?.['janus.plugin.videoroom']
    );
  } catch {
    return false;
  }
}

async function startOnce(bin: string, dir: string, log: WriteStream, tail: LogTail, adminKey: string): Promise<RunningJanus> {
  const [wsPort = 0, httpPort = 0] = await freePorts(2);
  const serverName = `studio-janus-${randomBytes(6).toString('hex')}`;
  const files = janusConfigFiles(dir, { serverName, wsPort, httpPort, adminKey, adminSecret: randomBytes(24).toString('base64url'), iceEnforceList: process.env.JANUS_ICE_ENFORCE_LIST || undefined });
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text, { mode: 0o600 });

  // Through sh only to turn core dumps off (a Janus stopped after a failed start may crash; no 100 MB
  // core file in the working folder): `exec` keeps the process id Janus'. Its working folder is `dir`.
  const child = spawn('/bin/sh', ['-c', 'ulimit -c 0; exec "$0" "$@"', bin, '-F', dir, '-C', join(dir, 'janus.jcfg')], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  const onData = (chunk: Buffer) => {
    tail.push(chunk);
    log.write(chunk);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));
  const gone = exited(child);

  // Never an orphan (processGuard.ts).
  const release = guardChild(child, 'janus');

  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
        await gone;
        clearTimeout(timer);
      }
      release();
    })());

  const httpUrl = `http://127.0.0.1:${httpPort}/janus`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let failure: string | null = null;
  let dead = false;
  void gone.then(() => (dead = true));
  void spawnError.then((e) => (failure = `could not run ${bin}: ${e.message}`));
  for (;;) {
    if (failure) break;
    if (dead) {
      failure = `janus exited (code ${child.exitCode ?? child.signalCode}) before it was ready`;
      break;
    }
    // A transport that cannot bind its port is skipped by Janus, which runs on without it: no use waiting.
    if (/transport\.(websockets|http)' plugin could not be initialized/.test(tail.text())) {
      failure = 'a Janus transport could not start (its port taken?)';
      break;
    }
    if (await ready(httpUrl, serverName)) break;
    if (Date.now() > deadline) {
      failure = `janus was not ready within ${READY_TIMEOUT_MS} ms`;
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  if (failure) {
    await stop();
    throw new Error(`${failure} (ports ws ${wsPort}, http ${httpPort}). Last lines of ${join(dir, 'janus.log')}:\n${tail.text()}`);
  }
  return { wsUrl: `ws://127.0.0.1:${wsPort}`, httpUrl, adminKey, pid: child.pid ?? 0, stop };
}

/** Janus running with a fresh configuration in `dir`, or null when the binary is missing. */
export async function startJanus(options: JanusOptions): Promise<RunningJanus | null> {
  const bin = janusBin(options.bin);
  if (!bin) return null;
  await mkdir(options.dir, { recursive: true, mode: 0o700 });
  const log = createWriteStream(join(options.dir, 'janus.log'), { mode: 0o600 });
  const closeLog = () => new Promise<void>((resolve) => log.end(resolve));
  let lastError: unknown = null;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const tail = new LogTail();
    try {
      const janus = await startOnce(bin, options.dir, log, tail, options.adminKey ?? randomBytes(24).toString('base64url'));
      return {
        ...janus,
        async stop() {
          await janus.stop();
          await closeLog();
        },
      };
    } catch (error) {
      lastError = error;
      log.write(`\n--- start attempt ${attempt} failed ---\n`);
    }
  }
  await closeLog();
  throw lastError instanceof Error ? lastError : new Error(String(lastError));
}
