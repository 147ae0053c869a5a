/**
 * `npm run backend`: the studio backend on 127.0.0.1.
 *   PORT (default 8787; 0 = a free port, printed), DATA_DIR (default <repo>/.backend-data),
 *   DATABASE_URL (a PostgreSQL server instead of the embedded one), STUDIO_DIST (default <repo>/dist),
 *   NODE_ENV=production (no sample data, no source maps), STUDIO_SOURCE_MAPS=1 (serve them anyway),
 *   STUDIO_PUBLIC_ORIGINS (comma-separated origins it is reached at, e.g. behind a reverse proxy),
 *   STUDIO_TRUST_PROXY (comma-separated addresses or CIDRs of that proxy: its X-Forwarded-For names the client),
 *   STUDIO_BACKEND_FAULTS=1 (the /__test hooks), STUDIO_BACKEND_LOG=1 (request log),
 *   STUDIO_CORS_ORIGINS (comma-separated; default the vite dev and preview origins),
 *   STUDIO_JANUS=0 (no meeting: Janus is not started), JANUS_BIN (default /usr/bin/janus),
 *   JANUS_ICE_ENFORCE_LIST (Janus' nat.ice_enforce_list), STUDIO_INVITE_TTL_MS (default 24 h),
 *   STUDIO_LIVE_CAPACITY (programs this process runs at most, a broadcast with a vertical destination two; default 1 per 1.5 cores),
 *   STUDIO_METRICS_ALLOW (comma-separated addresses or CIDRs that may read /metrics; default loopback).
 * Arguments: `--create-user NAME` (asks for the password on stdin, makes the user, exits);
 * `--adopt-data-dir` (accept a data folder made before markers existed, once its tables read).
 */
import { join } from 'node:path';
import { createUserCommand } from './cli/createUser';
import { DataFolderError } from './db/dataFolder';
import { SAMPLE_USERNAMES, SEED_PASSWORD } from './seed';
import { DEFAULT_CORS_ORIGINS, isProductionEnv, REPO_ROOT, startBackend } from './server';

// Everything the backend and its Janus write is the running user's alone (0600 files, 0700 folders).
process.umask(0o077);

const env = process.env;
const list = (value: string | undefined) => (value ? value.split(',').map((s) => s.trim()).filter(Boolean) : undefined);

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

function parseArgs(argv: string[]): { createUser: string | null; adopt: boolean } {
  let createUser: string | null = null;
  let adopt = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--create-user') {
      createUser = argv[++i] ?? fail('--create-user needs a user name: npm run backend -- --create-user NAME');
    } else if (arg === '--adopt-data-dir') adopt = true;
    else fail(`Unknown argument ${arg}. Arguments: --create-user NAME, --adopt-data-dir`);
  }
  return { createUser, adopt };
}

const args = parseArgs(process.argv.slice(2));
const production = isProductionEnv();
const dataDir = env.DATA_DIR || join(REPO_ROOT, '.backend-data');
const databaseUrl = env.DATABASE_URL || undefined;

/** A refused start says why and exits 1; a data folder problem carries its own advice. */
function refused(error: unknown): never {
  if (error instanceof DataFolderError) fail(`The backend did not start.\n${error.message}`, 1);
  throw error;
}

if (args.createUser !== null) {
  await createUserCommand({ username: args.createUser, dataDir, ...(databaseUrl ? { databaseUrl } : {}), production, adopt: args.adopt }).catch((error: unknown) => {
    if (error instanceof DataFolderError) refused(error);
    fail(`No user was made: ${error instanceof Error ? error.message : String(error)}`, 1);
  });
  console.log(`User ${args.createUser} created. Start the backend with: npm run backend`);
  process.exit(0);
}

const port = env.PORT === undefined || env.PORT === '' ? 8787 : Number(env.PORT);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`PORT must be a port number, not ${env.PORT}`);

const backend = await startBackend({
  port,
  dataDir,
  ...(databaseUrl ? { databaseUrl } : {}),
  ...(env.STUDIO_DIST ? { distDir: env.STUDIO_DIST } : {}),
  faults: env.STUDIO_BACKEND_FAULTS === '1' || env.STUDIO_BACKEND_FAULTS === 'true',
  log: env.STUDIO_BACKEND_LOG === '1',
  corsOrigins: list(env.STUDIO_CORS_ORIGINS) ?? DEFAULT_CORS_ORIGINS,
  publicOrigins: list(env.STUDIO_PUBLIC_ORIGINS) ?? [],
  trustProxy: list(env.STUDIO_TRUST_PROXY) ?? [],
  ...(env.STUDIO_METRICS_ALLOW ? { metricsAllow: list(env.STUDIO_METRICS_ALLOW) ?? [] } : {}),
  production,
  adoptDataDir: args.adopt,
}).catch(refused);
console.log(`Studio backend on ${backend.url}${production ? ' (production)' : ''}`);
if (backend.studio) console.log(`Studio: ${backend.url}/studio/instant-demo/`);
if (backend.sampleData) {
  console.log(`New development data folder ${dataDir}: sample users ${SAMPLE_USERNAMES.join(' and ')} (password "${SEED_PASSWORD}") and their events were created. A production start (NODE_ENV=production) never makes them.`);
}
if (backend.users === 0) console.log('No user exists yet. Create the first one with: npm run backend -- --create-user NAME (it asks for the password)');
if (backend.janus) console.log(`Janus (meeting) on ${backend.janus.wsUrl} (HTTP API ${backend.janus.httpUrl})`);
else if (backend.janusOff === 'not-installed') console.log('Janus is not installed: guests and screen share are off. Install it with: sudo apt-get install -y janus');
else console.log('Meeting off (STUDIO_JANUS=0): guests and screen share are off.');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    backend.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
