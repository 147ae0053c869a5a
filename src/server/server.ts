/**
 * The studio backend (CONTRACT.md): every call and socket message the studio's clients use, on one
 * fastify server, stored in PostgreSQL (embedded PGlite on a data folder, or a server at a URL).
 *
 *   const backend = await startBackend({ port: 0, dataDir });
 *   backend.url    // 'http://127.0.0.1:54321'
 *   backend.janus  // { wsUrl, httpUrl } of the meeting's Janus, or null (not installed, or janus: false)
 *   await backend.close();
 */
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdtempSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Ctx } from './context';
import { openPglite, openPostgres, type Db } from './db/adapter';
import { migrate } from './db/migrations';
import { errorBody, HttpError } from './errors';
import { faultRoutes } from './faults';
import { INVITE_TTL_MS } from './guests';
import { startJanus, type RunningJanus } from './janus/launcher';
import { createMeeting, type Meeting } from './meeting';
import { assetRoutes } from './routes/assets';
import { channelRoutes } from './routes/channel';
import { chatRoutes } from './routes/chat';
import { cmsRoutes } from './routes/cms';
import { eventRoutes } from './routes/events';
import { meetingRoutes } from './routes/meeting';
import { janusProxyRoute } from './routes/janusProxy';
import { moderatorRoutes } from './routes/moderator';
import { pollRoutes } from './routes/polls';
import { qnaRoutes } from './routes/qna';
import { tokenExchangeRoutes } from './routes/tokenExchange';
import { userManagerRoutes } from './routes/userManager';
import { seedIfEmpty } from './seed';
import { eventSocketRoute } from './sockets/eventSocket';
import { Hub } from './sockets/hub';
import { studioSocketRoute } from './sockets/studioSocket';
import { STUDIO_BASE, studioRoutes } from './studio';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Origins of a studio served elsewhere (vite dev, vite preview, tests) allowed to call this server. */
export const DEFAULT_CORS_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173', 'http://localhost:4173', 'http://127.0.0.1:4173', 'http://localhost:5199', 'http://127.0.0.1:5199'];

export interface BackendOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** PGlite's data folder and the uploaded files; a new temporary folder when absent. */
  dataDir?: string;
  /** A PostgreSQL server instead of PGlite (files still go under dataDir). */
  databaseUrl?: string;
  /** The studio build to serve at /studio/instant-demo/ (default `<repo>/dist`, when it exists). */
  distDir?: string;
  /** Registers the /__test hooks. */
  faults?: boolean;
  log?: boolean;
  corsOrigins?: readonly string[];
  /**
   * Starts Janus for the meeting (in `<dataDir>/janus`) when it is installed. Default: true, unless the
   * environment says `STUDIO_JANUS=0`. A Janus that is installed but fails to start fails the start.
   */
  janus?: boolean;
  /** How long an invite lasts (default `STUDIO_INVITE_TTL_MS`, else 24 h). */
  inviteTtlMs?: number;
}

export interface Backend {
  url: string;
  /** Whether a studio build is served at /studio/instant-demo/. */
  studio: boolean;
  /** The meeting's Janus, or null when it does not run (not installed, or disabled). */
  janus: { wsUrl: string; httpUrl: string } | null;
  /** Why `janus` is null: 'disabled' (option or STUDIO_JANUS=0) or 'not-installed'; null when it runs. */
  janusOff: 'disabled' | 'not-installed' | null;
  close(): Promise<void>;
}

function installCors(app: FastifyInstance, origins: readonly string[]): void {
  const allowed = new Set(origins);
  app.addHook('onRequest', async (req, reply) => {
    const origin = req.headers.origin;
    if (!origin || !allowed.has(origin)) return;
    reply.header('Access-Control-Allow-Origin', origin).header('Vary', 'Origin').header('Access-Control-Expose-Headers', 'Retry-After');
    if (req.method === 'OPTIONS') {
      return reply
        .code(204)
        .header('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS')
        .header('Access-Control-Allow-Headers', 'Authorization, X-Producer-Authorization, Content-Type')
        .header('Access-Control-Max-Age', '600')
        .send();
    }
  });
}

/** Builds the fastify app on an open database (no listening). */
export async function buildServer(
  db: Db,
  options: { filesDir: string; distDir: string | null; faults: boolean; log: boolean; corsOrigins: readonly string[]; meeting?: Meeting | null; inviteTtlMs?: number },
) {
  const timers = new Set<NodeJS.Timeout>();
  const hub = new Hub();
  const meeting = options.meeting ?? null;
  const ctx: Ctx = {
    db,
    hub,
    filesDir: options.filesDir,
    meeting,
    inviteTtlMs: options.inviteTtlMs ?? INVITE_TTL_MS,
    later(ms, fn) {
      const t = setTimeout(() => {
        timers.delete(t);
        void Promise.resolve().then(fn).catch(() => undefined);
      }, ms);
      timers.add(t);
    },
  };
  const app = Fastify({ logger: options.log, routerOptions: { ignoreTrailingSlash: true }, bodyLimit: 5 * 1024 * 1024 });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))));
  installCors(app, options.corsOrigins);
  if (options.faults) faultRoutes(app, ctx);
  await app.register(fastifyWebsocket, { options: { maxPayload: 1024 * 1024 } });

  app.setErrorHandler((error, _req, reply) => {
    if (error instanceof HttpError) return reply.code(error.status).headers(error.headers).send(errorBody(error.status, error.message, error.code));
    const { statusCode: status, message } = error as { statusCode?: number; message?: string };
    if (typeof status === 'number' && status >= 400 && status < 500) return reply.code(status).send(errorBody(status, message ?? 'Bad request'));
    reply.log.error(error);
    return reply.code(500).send(errorBody(500, message || 'Internal error'));
  });

  userManagerRoutes(app, ctx);
  tokenExchangeRoutes(app, ctx);
  eventRoutes(app, ctx);
  pollRoutes(app, ctx);
  chatRoutes(app, ctx);
  qnaRoutes(app, ctx);
  moderatorRoutes(app, ctx);
  assetRoutes(app, ctx);
  cmsRoutes(app, ctx);
  channelRoutes(app, ctx);
  meetingRoutes(app, ctx);
  if (meeting) janusProxyRoute(app, meeting.wsUrl);
  eventSocketRoute(app, ctx);
  studioSocketRoute(app, ctx);
  const studio = studioRoutes(app, options.distDir, { meeting: meeting !== null, connect: [] });

  app.setNotFoundHandler((req, reply) => {
    // SPA fallback for routes (no file extension); a missing asset file stays a 404.
    const path = req.url.split('?')[0] ?? '';
    if (studio.fallback && req.method === 'GET' && path.startsWith(STUDIO_BASE) && !/\.[a-z0-9]+$/i.test(path)) return studio.fallback(req, reply);
    return reply.code(404).send(errorBody(404, `No route ${req.method} ${req.url.split('?')[0]}`));
  });

  return {
    app,
    hub,
    studio: studio.served,
    stopTimers() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}

/** A positive integer from the environment, or undefined. */
function envMs(name: string): number | undefined {
  const value = Number(process.env[name]);
  return process.env[name] && Number.isFinite(value) && value > 0 ? value : undefined;
}

export async function startBackend(options: BackendOptions = {}): Promise<Backend> {
  const ownTemp = options.dataDir ? null : mkdtempSync(join(tmpdir(), 'studio-backend-'));
  const dataDir = resolve(options.dataDir ?? ownTemp!);
  await mkdir(dataDir, { recursive: true });
  const wantJanus = options.janus ?? process.env.STUDIO_JANUS !== '0';
  let janus: RunningJanus | null = null;
  let meeting: Meeting | null = null;
  const db = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(join(dataDir, 'pg'));
  try {
    await migrate(db);
    await seedIfEmpty(db);
    if (wantJanus) {
      janus = await startJanus({ dir: join(dataDir, 'janus') }).catch((error: unknown) => {
        throw new Error(`Janus (the meeting) did not start; STUDIO_JANUS=0 runs the backend without it.\n${error instanceof Error ? error.message : String(error)}`);
      });
      if (janus) meeting = createMeeting(janus);
    }
    const distDir = options.distDir ? resolve(options.distDir) : join(REPO_ROOT, 'dist');
    const built = await buildServer(db, {
      filesDir: join(dataDir, 'files'),
      distDir,
      faults: options.faults ?? false,
      log: options.log ?? false,
      corsOrigins: options.corsOrigins ?? DEFAULT_CORS_ORIGINS,
      meeting,
      inviteTtlMs: options.inviteTtlMs ?? envMs('STUDIO_INVITE_TTL_MS') ?? INVITE_TTL_MS,
    });
    const host = options.host ?? '127.0.0.1';
    await built.app.listen({ port: options.port ?? 0, host });
    const address = built.app.server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    let closed: Promise<void> | null = null;
    const running = janus;
    const runningMeeting = meeting;
    return {
      url: `http://${host}:${port}`,
      studio: built.studio,
      janus: running ? { wsUrl: running.wsUrl, httpUrl: running.httpUrl } : null,
      janusOff: running ? null : wantJanus ? 'not-installed' : 'disabled',
      close() {
        closed ??= (async () => {
          built.stopTimers();
          built.hub.terminateAll();
          await built.app.close();
          await runningMeeting?.close();
          await running?.stop();
          await db.close();
          if (ownTemp) await rm(ownTemp, { recursive: true, force: true });
        })();
        return closed;
      },
    };
  } catch (error) {
    await meeting?.close().catch(() => undefined);
    await janus?.stop().catch(() => undefined);
    await db.close().catch(() => undefined);
    throw error;
  }
}
