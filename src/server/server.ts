/**
 * The studio backend (CONTRACT.md): every call and socket message the studio's clients use, on one
 * fastify server (app.ts), stored in PostgreSQL (embedded PGlite on a data folder, or a server at a URL).
 *
 *   const backend = await startBackend({ port: 0, dataDir });
 *   backend.url    // 'http://127.0.0.1:54321'
 *   backend.janus  // { wsUrl, httpUrl } of the meeting's Janus, or null (not installed, or janus: false)
 *   await backend.close();
 *
 * A start on a damaged data folder fails with a DataFolderError (db/dataFolder.ts) saying what to do.
 * A development start (`production: false`, the default unless NODE_ENV=production) fills a database
 * it makes with sample data; a production one never does and serves no source maps unless asked.
 */
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from './app';
import { purgeExpiredTokens } from './auth';
import { openDatabase } from './db/open';
import { INVITE_TTL_MS } from './guests';
import type { BucketRule } from './cluster/rateBucket';
import { startJanus, type RunningJanus } from './janus/launcher';
import { newNodeId } from './cluster/node';
import { janusAdminKey } from './meeting';
import { createOrigins } from './origins';
import { destinationRules, type DestinationRules } from './live/addresses';
import { checkCaFile } from './live/worker/destinationRelay';
import { mediaOriginsFrom } from './mediaUrls';
import { allowList, DEFAULT_METRICS_ALLOW } from './metrics/allowList';
import { seedSampleData } from './seed';
import { serverKey } from './serverKey';
import { userCount } from './users';

export { buildServer } from './app';

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
  /** The origins the backend is reached at besides its own address (`STUDIO_PUBLIC_ORIGINS`): their Host is answered. */
  publicOrigins?: readonly string[];
  /** Addresses or CIDRs of the reverse proxies in front (`STUDIO_TRUST_PROXY`): their X-Forwarded-For is the client's address. None by default. */
  trustProxy?: readonly string[];
  /** A production start: no sample data, no source maps unless `sourceMaps`. Default: NODE_ENV=production. */
  production?: boolean;
  /** Serve the build's `*.map` files. Default: in development, or STUDIO_SOURCE_MAPS=1. */
  sourceMaps?: boolean;
  /** Accept an embedded database made before data-folder markers (`--adopt-data-dir`). */
  adoptDataDir?: boolean;
  /** A new embedded database starts as a copy of this blank PGlite cluster instead of running initdb (tests; db/open.ts). */
  blankCluster?: string;
  /**
   * Starts Janus for the meeting (in `<dataDir>/janus`) when it is installed. Default: true, unless the
   * environment says `STUDIO_JANUS=0`. A Janus that is installed but fails to start fails the start.
   */
  janus?: boolean;
  /** How long an invite lasts (default `STUDIO_INVITE_TTL_MS`, else 24 h). */
  inviteTtlMs?: number;
  /**
   * Attendee writes (chat, questions, upvotes, votes, hands) from one address to one event: default
   * `STUDIO_AUDIENCE_ADDRESS_RATE` (writes a minute), else AUDIENCE_ADDRESS_RATE (audience/addressRate.ts).
   */
  audienceAddressRate?: BucketRule;
  /** The clock of the sign-in throttle (tests move it). */
  now?: () => number;
  /** The capture worker's module (server tests put a stand-in here). */
  captureWorkerEntry?: string;
  /** The programs (16:9 and vertical, issue 34) this process runs at most (default `STUDIO_LIVE_CAPACITY`, else by its cores). */
  liveCapacity?: number;
  /** Where destinations may stream (default: loopback and private addresses in development only, plus `STUDIO_DESTINATION_ALLOW`). */
  destinationRules?: DestinationRules;
  /** A private CA whose certificates RTMPS destinations may show, besides the system's (default `STUDIO_DESTINATION_CA_FILE`). */
  destinationCaFile?: string | null;
  /** Origins whose URLs a channel's media may be, besides this backend's uploads and assets (default `STUDIO_MEDIA_ORIGINS`). */
  mediaOrigins?: readonly string[];
  /** Addresses or CIDRs whose clients may read `/metrics` (`STUDIO_METRICS_ALLOW`). Default: loopback (127.0.0.0/8, ::1). */
  metricsAllow?: readonly string[];
}

export interface Backend {
  url: string;
  /** Whether a studio build is served at /studio/instant-demo/. */
  studio: boolean;
  /** The meeting's Janus, or null when it does not run (not installed, or disabled). */
  janus: { wsUrl: string; httpUrl: string } | null;
  /** Why `janus` is null: 'disabled' (option or STUDIO_JANUS=0) or 'not-installed'; null when it runs. */
  janusOff: 'disabled' | 'not-installed' | null;
  /** This start made the database and filled it with the sample users and events (development only). */
  sampleData: boolean;
  /** How many users exist (a production start with none says how to make the first). */
  users: number;
  /** This process among those on the same database (cluster/node.ts): its id, and one heartbeat and sweep now. */
  nodeId: string;
  beat(): Promise<void>;
  close(): Promise<void>;
}

/** A positive integer from the environment, or undefined. */
function envMs(name: string): number | undefined {
  const value = Number(process.env[name]);
  return process.env[name] && Number.isFinite(value) && value > 0 ? value : undefined;
}

/** A whole number (0 or more) from the environment, or undefined. */
function envCount(name: string): number | undefined {
  const value = Number(process.env[name]);
  return process.env[name] && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/** The per-address limit of attendee writes as given, or as STUDIO_AUDIENCE_ADDRESS_RATE says (writes a minute); none: the default. */
function audienceAddressRateOf(given: BucketRule | undefined): { audienceAddressRate?: BucketRule } {
  const perMinute = envMs('STUDIO_AUDIENCE_ADDRESS_RATE');
  const rule = given ?? (perMinute !== undefined ? { capacity: perMinute, windowMs: 60_000 } : undefined);
  return rule ? { audienceAddressRate: rule } : {};
}

export const isProductionEnv = (): boolean => process.env.NODE_ENV === 'production';

export async function startBackend(options: BackendOptions = {}): Promise<Backend> {
  const ownTemp = options.dataDir ? null : mkdtempSync(join(tmpdir(), 'studio-backend-'));
  const dataDir = resolve(options.dataDir ?? ownTemp!);
  const production = options.production ?? isProductionEnv();
  if (options.faults && production) throw new Error('The test hooks (STUDIO_BACKEND_FAULTS) are for tests: a production start (NODE_ENV=production) refuses them.');
  const wantJanus = options.janus ?? process.env.STUDIO_JANUS !== '0';
  const origins = createOrigins(options.publicOrigins);
  const destinations = options.destinationRules ?? destinationRules(production);
  const caFile = options.destinationCaFile === undefined ? process.env.STUDIO_DESTINATION_CA_FILE || null : options.destinationCaFile;
  if (caFile) checkCaFile(caFile);
  const mediaOrigins = options.mediaOrigins ?? mediaOriginsFrom();
  const metricsAllow = options.metricsAllow ?? DEFAULT_METRICS_ALLOW;
  allowList(metricsAllow); // a wrong entry refuses the start before anything is opened
  let sampleData = false;
  const opened = await openDatabase({
    dataDir,
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
    adopt: options.adoptDataDir ?? false,
    ...(options.blankCluster ? { blankCluster: options.blankCluster } : {}),
    seed: production
      ? undefined
      : async (db) => {
          await seedSampleData(db);
          sampleData = true;
        },
  });
  const { db } = opened;
  let janus: RunningJanus | null = null;
  const nodeId = newNodeId();
  const liveCapacity = options.liveCapacity ?? envCount('STUDIO_LIVE_CAPACITY');
  const key = serverKey(dataDir);
  // Processes sharing a data folder (on one PostgreSQL server) each run their own Janus in a folder of their own.
  const janusDir = options.databaseUrl ? join(dataDir, 'janus', nodeId) : join(dataDir, 'janus');
  try {
    await purgeExpiredTokens(db);
    if (wantJanus) {
      janus = await startJanus({ dir: janusDir, adminKey: janusAdminKey(key, nodeId) }).catch((error: unknown) => {
        throw new Error(`Janus (the meeting) did not start; STUDIO_JANUS=0 runs the backend without it.\n${error instanceof Error ? error.message : String(error)}`);
      });
    }
    const distDir = options.distDir ? resolve(options.distDir) : join(REPO_ROOT, 'dist');
    const built = await buildServer(db, {
      filesDir: join(dataDir, 'files'),
      distDir,
      faults: options.faults ?? false,
      log: options.log ?? false,
      corsOrigins: options.corsOrigins ?? DEFAULT_CORS_ORIGINS,
      trustProxy: options.trustProxy ?? [],
      origins,
      serverKey: key,
      nodeId,
      dataDir,
      ...(options.captureWorkerEntry ? { captureWorkerEntry: options.captureWorkerEntry } : {}),
      ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
      ...(liveCapacity !== undefined ? { liveCapacity } : {}),
      destinationRules: destinations,
      destinationCaFile: caFile,
      mediaOrigins,
      metricsAllow,
      sourceMaps: options.sourceMaps ?? (!production || process.env.STUDIO_SOURCE_MAPS === '1'),
      janus: janus ? { wsUrl: janus.wsUrl, httpUrl: janus.httpUrl } : null,
      inviteTtlMs: options.inviteTtlMs ?? envMs('STUDIO_INVITE_TTL_MS') ?? INVITE_TTL_MS,
      ...audienceAddressRateOf(options.audienceAddressRate),
      ...(options.now ? { now: options.now } : {}),
    });
    const host = options.host ?? '127.0.0.1';
    await built.app.listen({ port: options.port ?? 0, host });
    const address = built.app.server.address();
    const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
    origins.listening(host, port);
    built.live.begin(`http://${host.includes(':') ? `[${host}]` : host}:${port}`);
    let closed: Promise<void> | null = null;
    const running = janus;
    return {
      url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
      studio: built.studio,
      janus: running ? { wsUrl: running.wsUrl, httpUrl: running.httpUrl } : null,
      janusOff: running ? null : wantJanus ? 'not-installed' : 'disabled',
      sampleData,
      users: await userCount(db),
      nodeId,
      beat: () => built.node.beat(),
      close() {
        closed ??= (async () => {
          built.live.close();
          built.stopTimers();
          // Its sockets leave the roster now, not when the other processes find it stale.
          await built.node.close().catch(() => undefined);
          built.hub.terminateAll();
          await built.app.close();
          await built.bus.close();
          await built.meeting?.close();
          await running?.stop();
          if (running && options.databaseUrl) await rm(janusDir, { recursive: true, force: true });
          await opened.close();
          if (ownTemp) await rm(ownTemp, { recursive: true, force: true });
        })();
        return closed;
      },
    };
  } catch (error) {
    await janus?.stop().catch(() => undefined);
    await opened.close().catch(() => undefined);
    throw error;
  }
}
