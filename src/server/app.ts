/**
 * The fastify app of the backend on an open database (no listening: server.ts starts it). Every
 * request passes, in order: the Host check (origins.ts), the request safety checks and headers
 * (requestSafety.ts), CORS, then its route; failures are answered by errorHandler.ts.
 */
import fastifyCookie from '@fastify/cookie';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { Ctx } from './context';
import type { Db } from './db/adapter';
import { pathOf, handleError } from './errorHandler';
import { errorBody } from './errors';
import { INVITE_TTL_MS } from './guests';
import { AUDIENCE_ADDRESS_RATE } from './audience/addressRate';
import type { BucketRule } from './cluster/rateBucket';
import { DEFAULT_BODY_LIMIT_BYTES } from './limits';
import { createMeeting, type JanusInstance, type Meeting } from './meeting';
import { installHostCheck, type Origins } from './origins';
import { installRequestSafety } from './requestSafety';
import { assetRoutes } from './routes/assets';
import { AUDIENCE_API, audienceRoutes } from './routes/audience';
import { audienceSocketRoute } from './sockets/audienceSocket';
import { channelRoutes } from './routes/channel';
import { rundownRoutes } from './routes/rundown';
import { chatRoutes } from './routes/chat';
import { cmsRoutes } from './routes/cms';
import { eventRoutes } from './routes/events';
import { JANUS_PROTOCOL, janusProxyRoute } from './routes/janusProxy';
import { meetingRoutes } from './routes/meeting';
import { moderatorRoutes } from './routes/moderator';
import { audienceModerationRoutes } from './routes/audienceModeration';
import { pollRoutes } from './routes/polls';
import { qnaRoutes } from './routes/qna';
import { tokenExchangeRoutes } from './routes/tokenExchange';
import { userManagerRoutes } from './routes/userManager';
import { eventSocketRoute } from './sockets/eventSocket';
import { Hub } from './sockets/hub';
import { studioSocketRoute } from './sockets/studioSocket';
import { localBus, postgresBus } from './cluster/bus';
import { newNodeId, startNode } from './cluster/node';
import { liveCapacity } from './cluster/rules';
import { createLiveManager, liveLog } from './live/manager';
import { streamKeysSecret } from './live/streamKeys';
import type { DestinationRules } from './live/addresses';
import { liveRoutes } from './routes/live';
import { captureIngest } from './live/captureCsp';
import { STUDIO_BASE, studioRoutes } from './studio';
import { allowList } from './metrics/allowList';
import { createMetrics } from './metrics/metrics';
import { installMetrics } from './metrics/route';

export interface AppOptions {
  filesDir: string;
  distDir: string | null;
  faults: boolean;
  log: boolean;
  corsOrigins: readonly string[];
  /** The reverse proxies whose X-Forwarded-For names the client (the sign-in throttle's address); none: the peer's address. */
  trustProxy: readonly string[];
  origins: Origins;
  serverKey: Buffer;
  /** Serve the build's source maps. */
  sourceMaps: boolean;
  /** This process' Janus (its id is the node id), or null when it runs none: no meeting. */
  janus?: Omit<JanusInstance, 'id'> | null;
  inviteTtlMs?: number;
  /** Attendee writes from one address to one event (default AUDIENCE_ADDRESS_RATE). */
  audienceAddressRate?: BucketRule;
  /** The throttles' clock (tests move it). */
  now?: () => number;
  /** The data folder: the broadcasts' HLS and recordings live under it, and the stream keys' secret. */
  dataDir: string;
  /** The capture worker's module (tests put a stand-in here; default live/worker/main.ts). */
  captureWorkerEntry?: string;
  /** A PostgreSQL server shared with other backend processes: pushes cross between them by LISTEN/NOTIFY. */
  databaseUrl?: string;
  /** This process' id among them (cluster/node.ts). */
  nodeId?: string;
  /** The programs (16:9 and vertical, issue 34) this process runs at most (`STUDIO_LIVE_CAPACITY`; default by its cores). */
  liveCapacity?: number;
  /** Where destinations may stream (live/addresses.ts). */
  destinationRules: DestinationRules;
  /** A private CA for RTMPS destinations, besides the system's. */
  destinationCaFile: string | null;
  /** STUDIO_MEDIA_ORIGINS: origins whose URLs a channel's media may be, besides this backend's (mediaUrls.ts). */
  mediaOrigins: readonly string[];
  /** STUDIO_METRICS_ALLOW: the addresses and CIDRs /metrics answers (metrics/allowList.ts). */
  metricsAllow: readonly string[];
}

function installCors(app: FastifyInstance, origins: readonly string[]): void {
  const allowed = new Set(origins);
  app.addHook('onRequest', async (req, reply) => {
    const origin = req.headers.origin;
    if (!origin || !allowed.has(origin)) return;
    reply.header('Access-Control-Allow-Origin', origin).header('Vary', 'Origin').header('Access-Control-Expose-Headers', 'Retry-After');
    // The audience's session is a cookie (routes/audience.ts): only its routes take credentials.
    if (req.url.startsWith(`${AUDIENCE_API}/`)) reply.header('Access-Control-Allow-Credentials', 'true');
    if (req.method === 'OPTIONS') {
      return reply
        .code(204)
        .header('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS')
        .header('Access-Control-Allow-Headers', 'Authorization, X-Producer-Authorization, Content-Type')
        .header('Access-Control-Max-Age', '600')
        .send();
    }
  });
}

/** The request log's URL: the path only (output, guest and CMS tokens travel in some queries). */
const redactedUrl = (url: string) => (url.includes('?') ? `${pathOf(url)}?…` : url);

export async function buildServer(db: Db, options: AppOptions) {
  const timers = new Set<NodeJS.Timeout>();
  const nodeId = options.nodeId ?? newNodeId();
  const clusterLog = liveLog(options.dataDir, 'cluster.log');
  const bus = options.databaseUrl ? await postgresBus(db, options.databaseUrl, nodeId, clusterLog) : localBus(nodeId);
  const hub = new Hub(db, bus);
  // Made after the node (it registers this process' Janus), read by the node's onSwept.
  let meeting: Meeting | null = null;
  const node = await startNode({
    db,
    id: nodeId,
    alone: !options.databaseUrl,
    log: clusterLog,
    onRosterChanged: (events) => events.forEach((e) => void hub.pushRoster(e).catch(() => undefined)),
    onSwept: () => {
      hub.resyncAll();
      void meeting?.register().catch(() => undefined);
    },
  });
  meeting = options.janus ? await createMeeting({ db, bus, serverKey: options.serverKey, own: { ...options.janus, id: nodeId, nodeId } }) : null;
  const streamKeySecret = streamKeysSecret(options.dataDir);
  // What the capture page may load besides its own origin: the media origins, and the public ones its uploads' URLs are on.
  const captureOrigins = [...options.mediaOrigins, ...options.origins.publicOrigins];
  const live = createLiveManager({
    db,
    hub,
    dataDir: options.dataDir,
    secret: streamKeySecret,
    // The broadcasts' own log (no stream key reaches it: the worker redacts them).
    log: liveLog(options.dataDir),
    ...(options.captureWorkerEntry ? { workerEntry: options.captureWorkerEntry } : {}),
    bus,
    owner: nodeId,
    capacity: liveCapacity(availableParallelism(), options.liveCapacity),
    destinationRules: options.destinationRules,
    destinationCaFile: options.destinationCaFile,
    captureOrigins,
  });
  const metricsAllow = allowList(options.metricsAllow);
  const metrics = createMetrics({ hub, live, bus });
  const ctx: Ctx = {
    live,
    metrics,
    streamKeySecret,
    destinationRules: options.destinationRules,
    mediaOrigins: { own: options.origins.isOwn, listed: options.mediaOrigins },
    db,
    hub,
    filesDir: options.filesDir,
    meeting,
    inviteTtlMs: options.inviteTtlMs ?? INVITE_TTL_MS,
    audienceAddressRate: options.audienceAddressRate ?? AUDIENCE_ADDRESS_RATE,
    serverKey: options.serverKey,
    now: options.now ?? Date.now,
    later(ms, fn) {
      const t = setTimeout(() => {
        timers.delete(t);
        void Promise.resolve().then(fn).catch(() => undefined);
      }, ms);
      timers.add(t);
    },
  };
  const app = Fastify({
    logger: options.log ? { serializers: { req: (req) => ({ method: req.method, url: redactedUrl(req.url), remoteAddress: req.ip }) } } : false,
    genReqId: () => randomBytes(6).toString('hex'),
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: DEFAULT_BODY_LIMIT_BYTES,
    trustProxy: options.trustProxy.length ? [...options.trustProxy] : false,
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))));
  // Which process answered (behind a load balancer): for operators and the scale-out tests.
  app.addHook('onSend', async (_req, reply) => void reply.header('X-Studio-Node', nodeId));
  installHostCheck(app, options.origins);
  installRequestSafety(app);
  installCors(app, options.corsOrigins);
  installMetrics(app, metrics, metricsAllow);
  // Test hooks (dev/faults.ts): loaded only when a test asks; a production start refuses them (server.ts).
  if (options.faults) (await import('./dev/faults')).faultRoutes(app, ctx);
  // The Janus relay's pages offer `janus-protocol` and their join token (routes/janusProxy.ts): the answer names only the first.
  // The audience's session cookie (routes/audience.ts): read on its routes and its socket's upgrade.
  await app.register(fastifyCookie);
  await app.register(fastifyWebsocket, { options: { maxPayload: 1024 * 1024, handleProtocols: (offered: Set<string>) => (offered.has(JANUS_PROTOCOL) ? JANUS_PROTOCOL : false) } });
  app.setErrorHandler(handleError);

  userManagerRoutes(app, ctx);
  tokenExchangeRoutes(app, ctx);
  eventRoutes(app, ctx);
  pollRoutes(app, ctx);
  chatRoutes(app, ctx);
  qnaRoutes(app, ctx);
  moderatorRoutes(app, ctx);
  audienceModerationRoutes(app, ctx);
  assetRoutes(app, ctx);
  cmsRoutes(app, ctx);
  channelRoutes(app, ctx);
  rundownRoutes(app, ctx);
  liveRoutes(app, ctx);
  meetingRoutes(app, ctx);
  janusProxyRoute(app, ctx);
  audienceRoutes(app, ctx);
  eventSocketRoute(app, ctx);
  audienceSocketRoute(app, ctx);
  studioSocketRoute(app, ctx);
  const studio = studioRoutes(app, options.distDir, {
    meeting: meeting !== null,
    connect: [],
    sourceMaps: options.sourceMaps,
    capture: { ingest: captureIngest(db), media: captureOrigins },
  });

  app.setNotFoundHandler((req, reply) => {
    // SPA fallback for routes (no file extension); a missing asset file stays a 404.
    const path = pathOf(req.url);
    if (studio.fallback && req.method === 'GET' && path.startsWith(STUDIO_BASE) && !/\.[a-z0-9]+$/i.test(path)) return studio.fallback(req, reply);
    return reply.code(404).send(errorBody(404, `No route ${req.method} ${path}`));
  });

  return {
    app,
    hub,
    bus,
    node,
    meeting,
    studio: studio.served,
    live,
    stopTimers() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}
