// @vitest-environment node
/**
 * The hardening probes against the backend started on loopback, one row per probe: the request, the
 * status it must get, and what its body must not show. Every answer must also carry
 * `X-Content-Type-Options: nosniff` and no database text, file path or stack (LEAKS). The rows
 * follow the attacker's report (NUL bytes, hostile query values, Host, token in the query, size)
 * and the OWASP API Security Top 10 (2023): object-level access (API1), authentication (API2),
 * property-level access (API3), resource use (API4), function-level access (API5), misconfiguration
 * (API8). Below the table: the `/janus` relay with Janus, the 500 path, the request log, tokens at
 * rest, source maps.
 */
import { PGlite } from '@electric-sql/pglite';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { handleError } from '../../src/server/errorHandler';
import { janusBin } from '../../src/server/janus/launcher';
import { REPO_ROOT, startBackend, type Backend } from '../../src/server/server';
import { CLOSE_REGISTER_TIMEOUT, REGISTER_TIMEOUT_MS } from '../../src/server/sockets/messages';
import { REFUSAL_CODES } from '../../src/lib/socketClose';
import { AUDIO_OFFER, bearer, blankClusterReady, call, eventBySharingUrl, eventToken, producer, removeDir, signIn, studioSocket, tempDir, TestSocket, upgradeStatus, wsUrl, type Json } from './helpers';

const HAS_JANUS = janusBin() !== null && process.env.STUDIO_JANUS !== '0';
if (!HAS_JANUS) console.warn('security.test.ts: Janus is not installed: the /janus relay probes are skipped (node tests/ensure-janus.mjs installs it).');

/** What no answer may show: database messages, relation files, source paths, stacks, SQL. */
const LEAKS = [/invalid byte sequence/i, /relation "/i, /base\/\d+\/\d+/, /\bpg_(?:class|catalog|tables|attribute|index)\b/, /\.ts:\d+/, /node_modules/, /\bat \w+ \(/, /\bSELECT\b/, /\bsyntax error\b/i, /\bstack\b/i];

const INDEX_HTML = `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'self'; connect-src 'self'" /></head><body><script src="assets/app.js"></script></body></html>`;

let dir: string;
let dist: string;
let backend: Backend;
let base: string;
/** What the rows use, known once the backend runs. */
const c = {} as {
  p1: { token: string; userId: string };
  p2: { token: string; userId: string };
  launch: Json;
  townHall: Json;
  ev1: string;
  launchChannel: Json;
  townChannel: Json;
  outputToken: string;
  invite: string;
  /** A user token whose session was signed out. */
  revoked: string;
  /** A destination of the launch event. */
  destination: string;
};

/** A build folder: index.html with its CSP, a script and its source map. */
function makeDist(root: string): string {
  const out = join(root, 'dist');
  mkdirSync(join(out, 'assets'), { recursive: true });
  writeFileSync(join(out, 'index.html'), INDEX_HTML);
  writeFileSync(join(out, 'assets', 'app.js'), 'console.log(1);\n//# sourceMappingURL=app.js.map\n');
  writeFileSync(join(out, 'assets', 'app.js.map'), JSON.stringify({ version: 3, sources: ['../src/secret.ts'], mappings: '' }));
  return out;
}

beforeAll(async () => {
  dir = tempDir();
  dist = makeDist(dir);
  backend = await startBackend({ dataDir: join(dir, 'data'), blankCluster: await blankClusterReady(), distDir: dist, janus: HAS_JANUS, production: false });
  base = backend.url;
  [c.p1, c.p2] = await Promise.all([signIn(base, 'producer1'), signIn(base, 'producer2')]);
  [c.launch, c.townHall] = await Promise.all([eventBySharingUrl(base, 'product-launch'), eventBySharingUrl(base, 'town-hall')]);
  c.ev1 = await eventToken(base, c.p1.token, c.launch.eventId);
  const channelOf = async (eventId: string) => (await call(`${base}/api/studio/channel?ptEventId=${eventId}`, { headers: producer(c.p1.token) })).body as Json;
  [c.launchChannel, c.townChannel] = await Promise.all([channelOf(c.launch.eventId), channelOf(c.townHall.eventId)]);
  c.outputToken = ((await call(`${base}/api/studio/channel/${c.launchChannel.uuid}/outputToken`, { method: 'POST', headers: producer(c.p1.token) })).body as Json).outputToken;
  c.invite = ((await call(`${base}/api/studio/meeting/${c.launch.eventId}/invite`, { headers: producer(c.p1.token) })).body as Json).inviteToken;
  c.destination = ((await call(`${base}/api/studio/live/${c.launch.eventId}/destinations`, { method: 'POST', headers: producer(c.p1.token), json: { name: 'Probe', serverUrl: 'rtmp://127.0.0.1:19361/live', streamKey: 'probe-key' } })).body as Json).id;
  c.revoked = (await signIn(base, 'producer1')).token;
  await call(`${base}/usermanager/oauth2/signout`, { method: 'POST', headers: bearer(c.revoked) });
});
afterAll(async () => {
  await backend?.close();
  if (dir) removeDir(dir);
});

interface Probe {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  json?: unknown;
  body?: string;
}

interface Row {
  /** What the attacker tries. */
  probe: string;
  send: () => Probe;
  status: number;
  /** What the body must not show, besides LEAKS (a function: read once the backend runs). */
  absent?: (string | RegExp)[] | (() => (string | RegExp)[]);
  /** Headers the answer must carry (a RegExp) or must not carry (null). */
  headers?: Record<string, RegExp | null>;
  /** The §8 code of the body, when it is an error. */
  code?: string;
  /** What the error message says (the check that refused it, not some later one). */
  message?: RegExp;
}

const form = (fields: Record<string, string>) => ({ headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
const pt = (path: string) => `/ptapi/api/${path}`;
const studioPath = (path: string) => `/api/studio/${path}`;
const channelBody = (patch: Record<string, unknown>) => ({ ...c.launchChannel, version: undefined, applied: undefined, keyed: undefined, ...patch });
const layers = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ number: i + 2, type: 'PRODUCER', sourceUrl: `meeting:p${i}`, sourceId: `p${i}`, sourceName: `P ${i}`, isHidden: false, isSpotted: false, orderRank: 10, liveRank: 10, position: { x: 0, y: 0, width: 1, height: 1 }, crop: { top: 0, left: 0, bottom: 0, right: 0 } }));
const NOSTORE = { 'cache-control': /no-store/ };

const ROWS: Row[] = [
  // The report: NUL characters (PostgreSQL text cannot hold one: it must never reach the database).
  { probe: 'NUL in a sign-in user name', send: () => ({ method: 'POST', path: '/usermanager/oauth2/token', ...form({ username: 'produc\u0000er1', password: 'x', grant_type: 'password' }) }), status: 400, message: /NUL character/, code: 'BAD_REQUEST' },
  { probe: 'NUL in a sharing URL', send: () => ({ path: pt('eventdetails/v1/events/public/details?sharingUrl=product%00launch') }), status: 400, message: /NUL character/ },
  { probe: 'NUL in a guest name', send: () => ({ method: 'POST', path: studioPath(`guest/${c.invite}/join`), json: { name: 'Gi\u0000na' } }), status: 400, message: /NUL character/ },
  { probe: 'NUL in a channel uuid', send: () => ({ path: studioPath('channel/abc%00def'), headers: producer(c.p1.token) }), status: 400, message: /NUL character/ },
  { probe: 'NUL in a JSON key', send: () => ({ method: 'POST', path: pt(`polling/v1/events/${c.launch.eventId}/polls`), headers: bearer(c.ev1), json: { question: 'Q', options: [{ option: 'a' }, { option: 'b' }], ['x\u0000']: 1 } }), status: 400, message: /NUL character/ },
  // The report: user input looked up or pasted into SQL, numbers past the float range.
  { probe: 'poll status "constructor" (an inherited key)', send: () => ({ path: pt(`polling/v1/events/${c.launch.eventId}/instances/${c.launch.instanceId}/polls?status=constructor`), headers: bearer(c.ev1) }), status: 400, message: /status must be one of/, absent: [/function/] },
  { probe: 'poll status "__proto__"', send: () => ({ path: pt(`polling/v1/events/${c.launch.eventId}/instances/${c.launch.instanceId}/polls?status=__proto__`), headers: bearer(c.ev1) }), status: 400 },
  { probe: 'poll status twice', send: () => ({ path: pt(`polling/v1/events/${c.launch.eventId}/instances/${c.launch.instanceId}/polls?status=ACTIVE&status=DONE`), headers: bearer(c.ev1) }), status: 400 },
  { probe: 'events from=-1e400', send: () => ({ path: pt(`scheduling/v1/users/${c.p1.userId}/events?from=-1e400`), headers: bearer(c.p1.token) }), status: 400, message: /from must be a whole number/, absent: [/Infinity/] },
  { probe: 'events count=1e400 and nextPageKey=NaN', send: () => ({ path: pt(`scheduling/v1/users/${c.p1.userId}/events?from=0&count=1e400&nextPageKey=NaN`), headers: bearer(c.p1.token) }), status: 400 },
  { probe: 'CMS contentSize 1e400 (JSON reads it as Infinity)', send: () => ({ method: 'POST', path: `/cms/user/${c.p1.userId}/cms`, headers: { ...bearer(c.p1.token), 'Content-Type': 'application/json' }, body: '{"contentCategory":"VIDEO","contentName":"a","contentUrl":"u","contentSize":1e400}' }), status: 400 },
  { probe: 'CMS video id past the integer range', send: () => ({ method: 'DELETE', path: `/cms/user/${c.p1.userId}/cms/99999999999999999`, headers: bearer(c.p1.token) }), status: 400 },
  { probe: 'a seek frame of 1e400', send: () => ({ method: 'POST', path: studioPath(`channel/${c.launchChannel.uuid}/layer/20000/seek/1e400`), headers: producer(c.p1.token) }), status: 400 },
  { probe: 'SQL in a sharing URL', send: () => ({ path: pt(`eventdetails/v1/events/public/details?sharingUrl=${encodeURIComponent("x' OR '1'='1")}`) }), status: 404 },
  { probe: 'a body that is not JSON', send: () => ({ method: 'POST', path: pt(`polling/v1/events/${c.launch.eventId}/polls`), headers: { ...bearer(c.ev1), 'Content-Type': 'application/json' }, body: '{"question": ' }), status: 400 },
  { probe: 'JSON nested 5,000 deep', send: () => ({ method: 'POST', path: pt(`polling/v1/events/${c.launch.eventId}/polls`), headers: { ...bearer(c.ev1), 'Content-Type': 'application/json' }, body: `${'['.repeat(5000)}${']'.repeat(5000)}` }), status: 400 },

  // Going live (issue 31): a destination is checked and used in one form; a parser drops a tab or a
  // leading control character where ffmpeg keeps it (it wrote `rt\tmp://…` to a local file named after the key).
  { probe: 'a server URL with a tab inside its scheme', send: () => ({ method: 'POST', path: studioPath(`live/${c.launch.eventId}/destinations`), headers: producer(c.p1.token), json: { name: 'Tab', serverUrl: 'rt\tmp://127.0.0.1:19361/live', streamKey: 'probe-key-1' } }), status: 400, code: 'BAD_REQUEST', message: /^The server URL cannot hold spaces or control characters$/, absent: ['probe-key-1'] },
  { probe: 'a server URL after a control character', send: () => ({ method: 'POST', path: studioPath(`live/${c.launch.eventId}/destinations`), headers: producer(c.p1.token), json: { name: 'Ctl', serverUrl: '\u0001rtmp://127.0.0.1:19361/live', streamKey: 'probe-key-2' } }), status: 400, message: /cannot hold spaces or control characters/ },
  { probe: 'a stream key with a control character', send: () => ({ method: 'POST', path: studioPath(`live/${c.launch.eventId}/destinations`), headers: producer(c.p1.token), json: { name: 'Key', serverUrl: 'rtmp://127.0.0.1:19361/live', streamKey: 'probe\u0001key' } }), status: 400, message: /^The stream key cannot hold spaces, control characters, \/ \? or #$/ },
  { probe: 'a stream key ending in a newline', send: () => ({ method: 'PATCH', path: studioPath(`live/${c.launch.eventId}/destinations/${c.destination}`), headers: producer(c.p1.token), json: { streamKey: 'probe-key\n' } }), status: 400, message: /stream key cannot hold spaces, control characters/ },
  // …and never to the server's own network's special addresses, whatever the rules (here the sample backend's, which allow loopback).
  { probe: 'a destination at the cloud metadata service', send: () => ({ method: 'POST', path: studioPath(`live/${c.launch.eventId}/destinations`), headers: producer(c.p1.token), json: { name: 'Meta', serverUrl: 'rtmp://169.254.169.254:80/latest', streamKey: 'probe-key-3' } }), status: 400, message: /169\.254\.169\.254 is a link-local address .*: never streamed to/ },
  { probe: 'the metadata service as an IPv4-mapped IPv6 address', send: () => ({ method: 'POST', path: studioPath(`live/${c.launch.eventId}/destinations`), headers: producer(c.p1.token), json: { name: 'Meta6', serverUrl: 'rtmp://[::ffff:169.254.169.254]/latest', streamKey: 'probe-key-4' } }), status: 400, message: /never streamed to/ },
  { probe: 'the metadata service as a decimal host', send: () => ({ method: 'PATCH', path: studioPath(`live/${c.launch.eventId}/destinations/${c.destination}`), headers: producer(c.p1.token), json: { serverUrl: 'rtmp://2852039166/latest' } }), status: 400, message: /never streamed to/ },
  { probe: 'a destination at 0.0.0.0 (this host)', send: () => ({ method: 'POST', path: studioPath(`live/${c.launch.eventId}/destinations`), headers: producer(c.p1.token), json: { name: 'Zero', serverUrl: 'rtmp://0.0.0.0:22/live', streamKey: 'probe-key-5' } }), status: 400, message: /unspecified address/ },
  { probe: 'a multicast destination', send: () => ({ method: 'POST', path: studioPath(`live/${c.launch.eventId}/destinations`), headers: producer(c.p1.token), json: { name: 'Multi', serverUrl: 'rtmp://224.0.0.1/live', streamKey: 'probe-key-6' } }), status: 400, message: /multicast address/ },
  // The capture's Chromium draws the channel on the server: a media URL is a request the server makes (issue 31).
  { probe: 'a background at a loopback HTTPS service', send: () => ({ method: 'PUT', path: studioPath(`channel/${c.launchChannel.uuid}`), headers: producer(c.p1.token), json: { sync: { origin: 'probe-bg', seq: 1, changes: { 'media:background': { id: 'bg', type: 'image', url: 'https://127.0.0.1:19443/bg.jpg', name: 'bg' } } } } }), status: 400, code: 'BAD_REQUEST', message: /^Refused channel update: media:background url is not one of this server's uploads or assets, nor on an origin of STUDIO_MEDIA_ORIGINS$/ },
  { probe: 'a logo at the cloud metadata service', send: () => ({ method: 'PUT', path: studioPath(`channel/${c.launchChannel.uuid}`), headers: producer(c.p1.token), json: { sync: { origin: 'probe-logo', seq: 1, changes: { 'tpl:lg': { id: 'lg', type: 'LOGO', source: 'http://169.254.169.254/latest/meta-data/', selected: true } } } } }), status: 400, message: /tpl:lg source is not one of this server's uploads or assets/ },
  { probe: 'a background outside the uploads by dot segments', send: () => ({ method: 'PUT', path: studioPath(`channel/${c.launchChannel.uuid}`), headers: producer(c.p1.token), json: { sync: { origin: 'probe-dots', seq: 1, changes: { 'media:background': { id: 'bg', type: 'image', url: '/files/../api/studio/channel/list', name: 'bg' } } } } }), status: 400, message: /media:background url is not one of/ },
  { probe: 'a background upload of this backend', send: () => ({ method: 'PUT', path: studioPath(`channel/${c.townChannel.uuid}`), headers: producer(c.p1.token), json: { sync: { origin: 'probe-own', seq: 1, changes: { 'media:background': { id: 'bg', type: 'image', url: `${base}/files/abc.png`, name: 'bg' } } } } }), status: 200 },

  // Headers: Host is never pasted into an answer; tokens are not cached; the query carries a token only for CMS.
  { probe: 'a foreign Host header', send: () => ({ path: '/studio/instant-demo/', headers: { Host: 'evil.example' } }), status: 400, absent: ['evil.example'], headers: { 'content-security-policy': null } },
  { probe: 'a foreign Host on an asset list (URLs are built on it)', send: () => ({ path: `/api/v1/dam/user/${c.p1.userId}/assets`, headers: { ...bearer(c.p1.token), Host: 'evil.example:80' } }), status: 400, absent: ['evil.example'] },
  { probe: 'the page: CSP on the checked origin', send: () => ({ path: '/studio/instant-demo/' }), status: 200, headers: { 'content-security-policy': /connect-src 'self' http:\/\/127\.0\.0\.1:\d+ ws:\/\/127\.0\.0\.1:\d+;/ } },
  { probe: 'a capture page URL with a made-up capture token: the usual policy, no ingest opened', send: () => ({ path: `/studio/instant-demo/output?channel=${c.launchChannel.uuid}&token=made-up&capture=${encodeURIComponent('ws://127.0.0.1:5555/ingest/x')}` }), status: 200, headers: { 'content-security-policy': /^(?!.*127\.0\.0\.1:5555)(?=.*connect-src 'self' http:\/\/127\.0\.0\.1:\d+ ws:\/\/127\.0\.0\.1:\d+;)/ } },
  { probe: 'a sign-in answer is never cached', send: () => ({ method: 'POST', path: '/usermanager/oauth2/token', ...form({ username: 'producer1', password: 'studio', grant_type: 'password' }) }), status: 200, headers: NOSTORE },
  { probe: 'an event access token answer is never cached', send: () => ({ method: 'POST', path: pt('security/v1/oauth/accesstoken'), headers: bearer(c.p1.token), json: { eventId: c.launch.eventId } }), status: 200, headers: NOSTORE },
  { probe: 'an output token answer is never cached', send: () => ({ method: 'POST', path: studioPath(`channel/${c.townChannel.uuid}/outputToken`), headers: producer(c.p1.token) }), status: 200, headers: NOSTORE },
  { probe: 'an invite answer is never cached', send: () => ({ path: studioPath(`meeting/${c.launch.eventId}/invite`), headers: producer(c.p1.token) }), status: 200, headers: NOSTORE },
  { probe: 'a token exchange answer is never cached', send: () => ({ method: 'POST', path: '/token-exchange/v1/accesstoken', json: { grantType: 'USER', token: c.p1.token } }), status: 200, headers: NOSTORE },
  { probe: '?access_token= on a user manager call', send: () => ({ path: `/usermanager/oauth2/tokenInfo?access_token=${c.p1.token}` }), status: 401 },
  { probe: '?access_token= on an asset call', send: () => ({ path: `/api/v1/dam/user/${c.p1.userId}/assets?access_token=${c.p1.token}` }), status: 401 },
  { probe: '?access_token= on a CMS call (§7 sends it there)', send: () => ({ path: `/cms/user/${c.p1.userId}/cms/?access_token=${c.p1.token}` }), status: 200 },
  { probe: 'a source map in development', send: () => ({ path: '/studio/instant-demo/assets/app.js.map' }), status: 200 },

  // Size: a channel never grows past its limits.
  { probe: 'a channel PUT of 300 KB', send: () => ({ method: 'PUT', path: studioPath(`channel/${c.launchChannel.uuid}`), headers: producer(c.p1.token), json: channelBody({ name: 'x'.repeat(300 * 1024) }) }), status: 413, code: 'PAYLOAD_TOO_LARGE', message: /larger than 256 KB/, absent: [/x{100}/] },
  { probe: '10,000 layers', send: () => ({ method: 'PUT', path: studioPath(`channel/${c.launchChannel.uuid}`), headers: producer(c.p1.token), json: channelBody({ layers: layers(10_000) }) }), status: 413 },
  { probe: '17 producer layers (within the body limit)', send: () => ({ method: 'PUT', path: studioPath(`channel/${c.launchChannel.uuid}`), headers: producer(c.p1.token), json: channelBody({ layers: layers(17) }) }), status: 413, message: /17 producer layers, at most 16/ },
  { probe: 'a sync change with a 600-character ticker', send: () => ({ method: 'PUT', path: studioPath(`channel/${c.launchChannel.uuid}`), headers: producer(c.p1.token), json: { sync: { origin: 'probe', seq: 1, changes: { 'tpl:t': { id: 't', type: 'TICKER', primaryText: 'x'.repeat(600) } } } } }), status: 400 },
  { probe: 'a sync change of a layer with a field the studio never writes (60,000 characters)', send: () => ({ method: 'PUT', path: studioPath(`channel/${c.launchChannel.uuid}`), headers: producer(c.p1.token), json: { sync: { origin: 'probe', seq: 1, changes: { 'layer:p1': { ...layers(1)[0], sourceId: 'p1', position: undefined, crop: undefined, isHidden: undefined, payload: 'x'.repeat(60_000) } } } } }), status: 400, message: /layer:p1 has a field the studio does not write: "payload"/, absent: [/x{100}/] },
  { probe: 'rundown settings with an unknown 60,000-character field', send: () => ({ method: 'PUT', path: studioPath(`channel/${c.launchChannel.uuid}/rundown`), headers: producer(c.p1.token), json: { sync: { origin: 'probe', seq: 1, changes: { settings: { transition: { kind: 'cut' }, autoAdvance: false, x: 'x'.repeat(60_000) } } } } }), status: 400, message: /settings has a field the studio does not write: "x"/, absent: [/x{100}/] },
  { probe: 'a sync change under a key the studio never writes', send: () => ({ method: 'PUT', path: studioPath(`channel/${c.launchChannel.uuid}`), headers: producer(c.p1.token), json: { sync: { origin: 'probe', seq: 1, changes: { 'evil:1': 'x'.repeat(1000) } } } }), status: 400 },
  { probe: 'a 100 KB chat message body', send: () => ({ method: 'POST', path: pt(`chat/v1/events/${c.launch.eventId}/instances/${c.launch.instanceId}/chat`), headers: bearer(c.ev1), json: { channel: 'public', text: 'x'.repeat(100 * 1024) } }), status: 413 },
  { probe: 'a 20 KB sign-in form', send: () => ({ method: 'POST', path: '/usermanager/oauth2/token', ...form({ username: 'producer1', password: 'x'.repeat(20 * 1024), grant_type: 'password' }) }), status: 413 },
  { probe: 'a 2,000-character password (never hashed)', send: () => ({ method: 'POST', path: '/usermanager/oauth2/token', ...form({ username: 'producer1', password: 'x'.repeat(2000), grant_type: 'password' }) }), status: 400 },
  { probe: 'a poll of 11 options', send: () => ({ method: 'POST', path: pt(`polling/v1/events/${c.launch.eventId}/polls`), headers: bearer(c.ev1), json: { question: 'Q', options: Array.from({ length: 11 }, (_, i) => ({ option: `o${i}` })) } }), status: 400 },
  { probe: '501 ids marked seen', send: () => ({ method: 'POST', path: pt(`polling/v1/events/${c.launch.eventId}/polls/seen`), headers: bearer(c.ev1), json: { pollGuids: Array.from({ length: 501 }, (_, i) => `g${i}`) } }), status: 400 },

  // API1 object level: another event's, user's or channel's objects.
  { probe: 'API1: producer2 reads a channel of an event it does not moderate', send: () => ({ path: studioPath(`channel/${c.townChannel.uuid}`), headers: producer(c.p2.token) }), status: 403 },
  { probe: 'API1: producer2 reads producer1\'s user record (e-mail)', send: () => ({ path: `/usermanager/v1/user/${c.p1.userId}`, headers: bearer(c.p2.token) }), status: 403, absent: ['producer1@'] },
  { probe: 'API1: producer2 lists producer1\'s assets', send: () => ({ path: `/api/v1/dam/user/${c.p1.userId}/assets`, headers: bearer(c.p2.token) }), status: 403 },
  { probe: 'API1: producer2 lists producer1\'s events', send: () => ({ path: pt(`scheduling/v1/users/${c.p1.userId}/events?from=0`), headers: bearer(c.p2.token) }), status: 403 },
  { probe: 'API1: an event token used on another event', send: () => ({ path: pt(`eventdetails/v1/events/${c.townHall.eventId}/details`), headers: bearer(c.ev1) }), status: 403 },
  { probe: 'API1: the output token of one channel on another', send: () => ({ path: studioPath(`channel/${c.townChannel.uuid}?outputToken=${c.outputToken}`) }), status: 403 },
  // API2 authentication.
  { probe: 'API2: no token', send: () => ({ path: '/usermanager/oauth2/tokenInfo' }), status: 401, code: 'UNAUTHORIZED' },
  { probe: 'API2: an event access token as a user token', send: () => ({ path: '/usermanager/oauth2/tokenInfo', headers: bearer(c.ev1) }), status: 401 },
  { probe: 'API2: an event access token in a token exchange', send: () => ({ method: 'POST', path: '/token-exchange/v1/accesstoken', json: { grantType: 'USER', token: c.ev1 } }), status: 401 },
  { probe: 'API2: a signed-out token', send: () => ({ path: '/usermanager/oauth2/tokenInfo', headers: bearer(c.revoked) }), status: 401 },
  { probe: 'API2: a signed-out token on a channel', send: () => ({ path: studioPath(`channel/${c.launchChannel.uuid}`), headers: producer(c.revoked) }), status: 401 },
  // API3 property level: fields a client must not set.
  { probe: 'API3: a channel PUT cannot set eventStatus, uuid, event, version or applied', send: () => ({ method: 'PUT', path: studioPath(`channel/${c.launchChannel.uuid}`), headers: producer(c.p1.token), json: channelBody({ eventStatus: 'LIVE', uuid: 'other', ptEventId: c.townHall.eventId, version: 999_999, applied: { x: 99 } }) }), status: 200, absent: () => ['"LIVE"', '999999', c.townHall.eventId] },
  // API5 function level.
  { probe: 'API5: the test hooks are not there without faults', send: () => ({ method: 'POST', path: '/__test/faults', json: { delayMs: 10_000 } }), status: 404 },
  { probe: 'API5: an output token is no producer token', send: () => ({ path: studioPath(`meeting/${c.launch.eventId}/invite`), headers: producer(c.outputToken) }), status: 401 },
  { probe: 'API5: a TRACE', send: () => ({ method: 'TRACE', path: '/usermanager/oauth2/tokenInfo' }), status: 404 },
  // API8 misconfiguration: no stack, no file outside the build, no CORS for strangers.
  { probe: 'API8: a path out of the build', send: () => ({ path: '/studio/instant-demo/..%2f..%2fpackage.json' }), status: 404, absent: ['"dependencies"'] },
  { probe: 'API8: a path out of the file store', send: () => ({ path: '/files/..%2fpg%2fPG_VERSION' }), status: 404 },
  { probe: 'API8: CORS for an unknown origin', send: () => ({ path: '/studio/instant-demo/config.json', headers: { Origin: 'https://evil.example' } }), status: 200, headers: { 'access-control-allow-origin': null } },
  { probe: 'API8: an unknown route', send: () => ({ path: '/nothing/here' }), status: 404, code: 'NOT_FOUND' },
];

async function send(p: Probe): Promise<{ status: number; text: string; headers: Headers }> {
  const headers: Record<string, string> = { ...(p.json !== undefined ? { 'Content-Type': 'application/json' } : {}), ...p.headers };
  const init: RequestInit = { method: p.method ?? 'GET', headers, body: p.json !== undefined ? JSON.stringify(p.json) : p.body };
  // fetch refuses to send a Host header of its own choosing: those probes go through node:http.
  if (headers.Host || p.method === 'TRACE') return sendRaw(p.method ?? 'GET', p.path, headers);
  const res = await fetch(`${base}${p.path}`, init);
  return { status: res.status, text: await res.text(), headers: res.headers };
}

async function sendRaw(method: string, path: string, headers: Record<string, string>): Promise<{ status: number; text: string; headers: Headers }> {
  const { request } = await import('node:http');
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += String(d)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text, headers: new Headers(Object.entries(res.headers).map(([k, v]): [string, string] => [k, String(v)])) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('probes (one row each)', () => {
  it.each(ROWS.map((r) => [r.probe, r] as const))('%s', async (_probe, row) => {
    const answer = await send(row.send());
    if (process.env.SHOW_PROBES) console.info(`${row.probe} → ${answer.status} ${answer.text.slice(0, 160)}`);
    expect(answer.status, answer.text.slice(0, 300)).toBe(row.status);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    const absent = typeof row.absent === 'function' ? row.absent() : (row.absent ?? []);
    for (const leak of [...LEAKS, ...absent]) expect(answer.text).not.toMatch(leak);
    for (const [name, want] of Object.entries(row.headers ?? {})) {
      if (want === null) expect(answer.headers.get(name)).toBeNull();
      else expect(answer.headers.get(name) ?? '').toMatch(want);
    }
    if (row.code) expect(JSON.parse(answer.text)).toMatchObject({ type: 'unknown', code: row.code, message: expect.any(String) });
    if (row.message) expect(JSON.parse(answer.text).message).toMatch(row.message);
  });

  it('after the refused PUTs the stored channel is as it was (no layer, no growth)', async () => {
    const now = (await call(`${base}/api/studio/channel/${c.launchChannel.uuid}`, { headers: producer(c.p1.token) })).body as Json;
    expect(now.layers).toEqual([]);
    expect(now.uuid).toBe(c.launchChannel.uuid);
    expect(now.ptEventId).toBe(c.launch.eventId);
    expect(now.eventStatus).toBe('NEW');
    expect(Buffer.byteLength(JSON.stringify(now))).toBeLessThan(20 * 1024);
  });
});

describe('a 500 never carries the database\'s text', () => {
  it('answers a request id, logs the error with it, and maps a bad value (SQLSTATE class 22) to 400', async () => {
    const app = Fastify({ genReqId: () => 'req-42' });
    app.setErrorHandler(handleError);
    const dbError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'ERROR' });
    app.get('/broken', async () => {
      throw dbError('XX001', 'could not read blocks 0..0 in file "base/5/16394": read only 0 of 8192 bytes');
    });
    app.get('/bad-value', async () => {
      throw dbError('22021', 'invalid byte sequence for encoding "UTF8": 0x00');
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const broken = await app.inject({ url: '/broken?access_token=secret' });
      expect(broken.statusCode).toBe(500);
      expect(broken.json()).toEqual({ type: 'unknown', code: 'API_BACKEND_ERROR', message: 'Internal error (request req-42)', requestId: 'req-42' });
      expect(String(logged.mock.calls[0]?.[0])).toBe('request req-42: GET /broken failed:');
      expect(JSON.stringify(logged.mock.calls)).not.toContain('secret');
      const bad = await app.inject({ url: '/bad-value' });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).not.toMatch(/UTF8|0x00/);
    } finally {
      logged.mockRestore();
      await app.close();
    }
  });
});

describe('the request log never shows a token from a query', () => {
  it('a CMS call with ?access_token= and an output read with ?outputToken= are logged by path only', async () => {
    const logDir = tempDir();
    const child = spawn('npx', ['tsx', 'src/server/main.ts'], { cwd: REPO_ROOT, env: { ...process.env, PORT: '0', DATA_DIR: logDir, STUDIO_JANUS: '0', STUDIO_BACKEND_LOG: '1' }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += String(d)));
    child.stderr!.on('data', (d: Buffer) => (out += String(d)));
    try {
      const url = await vi.waitFor(() => /Studio backend on (http:\/\/\S+)/.exec(out)?.[1] ?? Promise.reject(new Error(out)), { timeout: 90_000, interval: 200 });
      const { token, userId } = await signIn(url, 'producer1');
      expect((await call(`${url}/cms/user/${userId}/cms/?access_token=${token}`)).status).toBe(200);
      expect((await call(`${url}/api/studio/channel/some-channel?outputToken=secret-output-token`)).status).toBe(404);
      await vi.waitFor(() => expect(out).toMatch(/\/cms\/user\/[^"]+\/cms\/\?…/), { timeout: 5000 });
      expect(out).not.toContain(token);
      expect(out).not.toContain('secret-output-token');
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
      removeDir(logDir);
    }
  });
});

describe('tokens at rest and source maps in production', () => {
  it('no table holds a token, an output token or an invite link in clear; a production build serves no source map unless asked', async () => {
    const restDir = tempDir();
    const data = join(restDir, 'data');
    let b = await startBackend({ dataDir: data, blankCluster: await blankClusterReady(), distDir: dist, janus: false, production: false });
    const secrets: string[] = [];
    try {
      const p = await signIn(b.url, 'producer1');
      const ev = await eventBySharingUrl(b.url, 'product-launch');
      const channel = (await call(`${b.url}/api/studio/channel?ptEventId=${ev.eventId}`, { headers: producer(p.token) })).body as Json;
      const out = ((await call(`${b.url}/api/studio/channel/${channel.uuid}/outputToken`, { method: 'POST', headers: producer(p.token) })).body as Json).outputToken;
      const invite = ((await call(`${b.url}/api/studio/meeting/${ev.eventId}/invite`, { headers: producer(p.token) })).body as Json).inviteToken;
      secrets.push(p.token, await eventToken(b.url, p.token, ev.eventId), out, invite);
      // The same invite link again after a restart: derived, not stored.
      await b.close();
      b = await startBackend({ dataDir: data, distDir: dist, janus: false, production: true });
      expect(((await call(`${b.url}/api/studio/meeting/${ev.eventId}/invite`, { headers: producer(p.token) })).body as Json).inviteToken).toBe(invite);
      expect((await call(`${b.url}/studio/instant-demo/assets/app.js.map`)).status).toBe(404);
      expect((await call(`${b.url}/studio/instant-demo/assets/app.js`)).status).toBe(200);
    } finally {
      await b.close();
    }
    const withMaps = await startBackend({ dataDir: data, distDir: dist, janus: false, production: true, sourceMaps: true });
    try {
      expect((await call(`${withMaps.url}/studio/instant-demo/assets/app.js.map`)).status).toBe(200);
    } finally {
      await withMaps.close();
    }
    const pg = await PGlite.create({ dataDir: join(data, 'pg') });
    try {
      const tables = (await pg.query<{ t: string }>("SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public'")).rows.map((r) => r.t);
      let dump = '';
      for (const t of tables) dump += JSON.stringify((await pg.query(`SELECT row_to_json(x)::text AS r FROM "${t}" x`)).rows);
      expect(dump.length).toBeGreaterThan(1000);
      for (const secret of secrets) expect(dump).not.toContain(secret);
    } finally {
      await pg.close();
      removeDir(restDir);
    }
  });
});

/** A page's socket on `/janus`: requests answered by transaction. */
class Relay {
  private n = 0;
  private readonly answers = new Map<string, (m: Json) => void>();
  session = 0;
  closeCode: number | null = null;
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as Json;
      if (m.janus === 'ack') return;
      const done = this.answers.get(m.transaction);
      if (done) {
        this.answers.delete(m.transaction);
        done(m);
      }
    });
    ws.on('close', (code) => (this.closeCode = code));
  }

  /** Through the backend's relay with a join token, or (`direct`) at Janus' own loopback port, past the relay. */
  static async open(token: string, direct = false): Promise<Relay> {
    const ws = direct ? new WebSocket(backend.janus!.wsUrl, 'janus-protocol') : new WebSocket(`${base.replace('http', 'ws')}/janus`, ['janus-protocol', `studio-join.${token}`]);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const relay = new Relay(ws);
    relay.session = (await relay.send({ janus: 'create' })).data.id;
    return relay;
  }

  send(body: Record<string, unknown>): Promise<Json> {
    const transaction = `r${++this.n}`;
    return new Promise((resolve) => {
      this.answers.set(transaction, resolve);
      this.ws.send(JSON.stringify({ ...body, transaction, ...(this.session ? { session_id: this.session } : {}) }));
    });
  }

  async attach(): Promise<number> {
    return (await this.send({ janus: 'attach', plugin: 'janus.plugin.videoroom' })).data.id;
  }

  /** A VideoRoom request: Janus' plugin data, or the relay's refusal. */
  async videoroom(handle: number, body: Record<string, unknown>, jsep?: unknown): Promise<Json> {
    const reply = await this.send({ janus: 'message', handle_id: handle, body, ...(jsep ? { jsep } : {}) });
    return reply.plugindata?.data ?? reply;
  }

  close(): void {
    this.ws.close();
  }
}

describe.skipIf(!HAS_JANUS)('the /janus relay (with Janus)', () => {
  const janusUrl = () => `${base.replace('http', 'ws')}/janus`;
  const refused = { janus: 'error', error: { code: 403, reason: expect.any(String) } };
  let room: string;
  let guest: Json;

  beforeAll(async () => {
    guest = (await call(`${base}/api/studio/guest/${c.invite}/join`, { method: 'POST', json: { name: 'Probe Guest' } })).body as Json;
    room = guest.meeting.room;
  });

  it.each<[string, () => string | string[], number]>([
    ['no token', () => 'janus-protocol', 401],
    ['a made-up token', () => ['janus-protocol', 'studio-join.made-up'], 401],
    ['a user token instead of a join token', () => ['janus-protocol', `studio-join.${c.p1.token}`], 401],
    ['the guest\'s join token', () => ['janus-protocol', `studio-join.${guest.meeting.token}`], 101],
  ])('upgrade with %s: %i', async (_name, protocols, status) => {
    expect(await upgradeStatus(janusUrl(), protocols())).toBe(status);
  });

  it('a guest cannot list rooms or participants, make or destroy a room, or join as someone else', async () => {
    const relay = await Relay.open(guest.meeting.token);
    try {
      const h = await relay.attach();
      expect(await relay.videoroom(h, { request: 'list' })).toMatchObject(refused);
      expect(await relay.videoroom(h, { request: 'listparticipants', room })).toMatchObject(refused);
      expect(await relay.videoroom(h, { request: 'create', room: 'mine' })).toMatchObject(refused);
      expect(await relay.videoroom(h, { request: 'destroy', room })).toMatchObject(refused);
      expect(await relay.videoroom(h, { request: 'join', ptype: 'publisher', room, id: `producer-${c.p1.userId}`, token: guest.meeting.token })).toMatchObject(refused);
      expect(await relay.send({ janus: 'info' })).toMatchObject(refused);
      expect(await relay.videoroom(h, { request: 'join', ptype: 'publisher', room, id: guest.participantId, token: guest.meeting.token })).toMatchObject({ videoroom: 'joined', id: guest.participantId });
    } finally {
      relay.close();
    }
  });

  /** Every file under `folder` (none when it does not exist). */
  const filesUnder = (folder: string): string[] => (existsSync(folder) ? readdirSync(folder, { recursive: true }).map(String) : []);

  it('a guest cannot make Janus write a file: publish or configure with record, filename or a secret is refused by the relay', async () => {
    const target = join(dir, 'guest-writes');
    const relay = await Relay.open(guest.meeting.token);
    try {
      const h = await relay.attach();
      expect(await relay.videoroom(h, { request: 'join', ptype: 'publisher', room, id: guest.participantId, token: guest.meeting.token })).toMatchObject({ videoroom: 'joined' });
      for (const body of [
        { request: 'publish', record: true, filename: join(target, 'written-by-guest') },
        { request: 'publish', display: 'Guest', secret: 'guess' },
        { request: 'configure', record: true, filename: join(target, 'again') },
        { request: 'configure', display: 'Guest', bitrate: 1 },
      ]) expect(await relay.videoroom(h, body, body.request === 'publish' ? { type: 'offer', sdp: AUDIO_OFFER } : undefined), JSON.stringify(body)).toMatchObject(refused);
      await new Promise((r) => setTimeout(r, 500));
      expect(filesUnder(target)).toEqual([]);
      expect(existsSync(target)).toBe(false);
    } finally {
      relay.close();
    }
  });

  it('past the relay (at Janus\' own port, with the guest\'s join token), the room records nothing without its secret', async () => {
    const target = join(dir, 'guest-writes-direct');
    const janus = await Relay.open('', true);
    try {
      const h = await janus.attach();
      expect(await janus.videoroom(h, { request: 'join', ptype: 'publisher', room, id: `${guest.participantId}~screen`, token: guest.meeting.token })).toMatchObject({ videoroom: 'joined' });
      await janus.videoroom(h, { request: 'publish', record: true, filename: join(target, 'written-by-guest') }, { type: 'offer', sdp: AUDIO_OFFER });
      await janus.videoroom(h, { request: 'configure', record: true });
      await new Promise((r) => setTimeout(r, 500));
      expect(filesUnder(target)).toEqual([]);
    } finally {
      janus.close();
    }
  });

  it('the output page joins to receive and cannot publish', async () => {
    const out = (await call(`${base}/api/studio/meeting/output/${c.launchChannel.uuid}?outputToken=${c.outputToken}`, { method: 'POST' })).body as Json;
    const relay = await Relay.open(out.meeting.token);
    try {
      const h = await relay.attach();
      expect(await relay.videoroom(h, { request: 'join', ptype: 'publisher', room, id: out.participantId, token: out.meeting.token })).toMatchObject({ videoroom: 'joined' });
      expect(await relay.videoroom(h, { request: 'publish' }, { type: 'offer', sdp: 'v=0\r\n' })).toMatchObject(refused);
      expect(await relay.videoroom(h, { request: 'configure', display: 'Not the program' })).toMatchObject(refused);
    } finally {
      relay.close();
    }
  });

  it('a join token whose grant ended opens no relay: a signed-out producer (403), a replaced output token (403)', async () => {
    const session = await signIn(base, 'producer2');
    const join = (await call(`${base}/api/studio/meeting/${c.launch.eventId}/join`, { method: 'POST', headers: producer(session.token) })).body as Json;
    expect(await upgradeStatus(janusUrl(), ['janus-protocol', `studio-join.${join.meeting.token}`])).toBe(101);
    await call(`${base}/usermanager/oauth2/signout`, { method: 'POST', headers: bearer(session.token) });
    expect(await upgradeStatus(janusUrl(), ['janus-protocol', `studio-join.${join.meeting.token}`])).toBe(403);

    const token = ((await call(`${base}/api/studio/channel/${c.townChannel.uuid}/outputToken`, { method: 'POST', headers: producer(c.p1.token) })).body as Json).outputToken;
    const out = (await call(`${base}/api/studio/meeting/output/${c.townChannel.uuid}?outputToken=${token}`, { method: 'POST' })).body as Json;
    await call(`${base}/api/studio/channel/${c.townChannel.uuid}/outputToken`, { method: 'POST', headers: producer(c.p1.token) });
    expect(await upgradeStatus(janusUrl(), ['janus-protocol', `studio-join.${out.meeting.token}`])).toBe(403);
  });

  it('a replaced output token closes, at once, the output page\'s relay and studio socket opened with the old one (4403), not a producer\'s', async () => {
    const newOutputToken = async () => ((await call(`${base}/api/studio/channel/${c.townChannel.uuid}/outputToken`, { method: 'POST', headers: producer(c.p1.token) })).body as Json).outputToken as string;
    const old = await newOutputToken();
    const out = (await call(`${base}/api/studio/meeting/output/${c.townChannel.uuid}?outputToken=${old}`, { method: 'POST' })).body as Json;
    const relay = await Relay.open(out.meeting.token);
    const follower = await studioSocket(base, { channel: c.townChannel.uuid, outputToken: old });
    const producerSocket = await studioSocket(base, { channel: c.townChannel.uuid, token: c.p1.token });
    try {
      const h = await relay.attach();
      expect(await relay.videoroom(h, { request: 'join', ptype: 'publisher', room: out.meeting.room, id: out.participantId, token: out.meeting.token })).toMatchObject({ videoroom: 'joined' });
      await follower.next((m) => m.type === 'registered');
      await producerSocket.next((m) => m.type === 'registered');
      await newOutputToken();
      await vi.waitFor(() => expect(relay.closeCode).toBe(4403), { timeout: 2000, interval: 20 });
      expect(await follower.closed(2000)).toBe(4403);
      expect(follower.closeReason).toBe('Output token replaced');
      producerSocket.send({ type: 'ping' });
      expect(await producerSocket.next((m) => m.type === 'pong')).toEqual({ type: 'pong' });
    } finally {
      relay.close();
      follower.close();
      producerSocket.close();
    }
  });

  // 4408, not a refusal (4401/4403): a page whose main thread was busy past the deadline connects
  // again instead of staying offline (a CI run's studio went Offline on entering so).
  it(`a socket that has not registered or joined its room within ${REGISTER_TIMEOUT_MS / 1000} s is closed 4408, not refused`, async () => {
    const started = Date.now();
    const relay = await Relay.open(guest.meeting.token);
    const studio = await TestSocket.open(wsUrl(base, '/api/studio/websocket'));
    const event = await TestSocket.open(wsUrl(base, '/ptapi/websocket'));
    // Pings keep them from being cut as silent (the hub's sweep), as a page's own pings do.
    const pinging = setInterval(() => [studio, event].forEach((s) => s.closeCode === null && s.send({ type: 'ping' })), 2000);
    const wait = { timeout: REGISTER_TIMEOUT_MS * 3, interval: 100 };
    await vi.waitFor(() => expect([relay.closeCode, studio.closeCode, event.closeCode]).toEqual([CLOSE_REGISTER_TIMEOUT, CLOSE_REGISTER_TIMEOUT, CLOSE_REGISTER_TIMEOUT]), wait).finally(() => clearInterval(pinging));
    expect([studio.closeReason, event.closeReason]).toEqual(['Not registered', 'Not registered']);
    expect(REFUSAL_CODES).not.toContain(CLOSE_REGISTER_TIMEOUT);
    // Not before the deadline (no upper bound: a loaded machine may close late, which harms nobody).
    expect(Date.now() - started).toBeGreaterThanOrEqual(REGISTER_TIMEOUT_MS);
  }, REGISTER_TIMEOUT_MS * 4);
});
