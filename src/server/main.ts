/**
 * `npm run backend`: the studio backend on 127.0.0.1.
 *   PORT (default 8787; 0 = a free port, printed), DATA_DIR (default <repo>/.backend-data),
 *   DATABASE_URL (a PostgreSQL server instead of the embedded one), STUDIO_DIST (default <repo>/dist),
 *   STUDIO_BACKEND_FAULTS=1 (the /__test hooks), STUDIO_BACKEND_LOG=1 (request log),
 *   STUDIO_CORS_ORIGINS (comma-separated; default the vite dev and preview origins),
 *   STUDIO_JANUS=0 (no meeting: Janus is not started), JANUS_BIN (default /usr/bin/janus),
 *   JANUS_ICE_ENFORCE_LIST (Janus' nat.ice_enforce_list), STUDIO_INVITE_TTL_MS (default 24 h).
 */
import { join } from 'node:path';
import { DEFAULT_CORS_ORIGINS, REPO_ROOT, startBackend } from './server';

const env = process.env;
const port = env.PORT === undefined || env.PORT === '' ? 8787 : Number(env.PORT);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, not ${env.PORT}`);
  process.exit(2);
}

const backend = await startBackend({
  port,
  dataDir: env.DATA_DIR || join(REPO_ROOT, '.backend-data'),
  ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
  ...(env.STUDIO_DIST ? { distDir: env.STUDIO_DIST } : {}),
  faults: env.STUDIO_BACKEND_FAULTS === '1' || env.STUDIO_BACKEND_FAULTS === 'true',
  log: env.STUDIO_BACKEND_LOG === '1',
  corsOrigins: env.STUDIO_CORS_ORIGINS ? env.STUDIO_CORS_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean) : DEFAULT_CORS_ORIGINS,
});
console.log(`Studio backend on ${backend.url}`);
if (backend.studio) console.log(`Studio: ${backend.url}/studio/instant-demo/`);
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
