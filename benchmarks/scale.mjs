#!/usr/bin/env node
/**
 * Scale-out benchmark (issue 24): the same load against one backend process, then against two behind
 * Debian's nginx (round robin, src/server/deploy/nginx-studio.conf), both on one PostgreSQL server
 * (Debian's, on loopback). No browsers: each producer is what a studio tab is to the backend, a
 * studio socket and an event socket registered through the front door, and sequential sync PUTs.
 *
 * The load: EVENTS events × PRODUCERS producers each; every producer saves a change of its own lower
 * third, then the next once the save is acknowledged (the client's one-in-flight rule), paced to one
 * save per EDIT_MS; audience chat at CHAT_PER_S messages a second per event (the /__test audience hook,
 * which pushes chat.msg to the event's sockets like a real message). Measured over SECONDS:
 * - edit → applied on another producer: from the PUT's start to the `channel.updated` with that
 *   version on each other producer's studio socket of the event (p50/p95);
 * - saves/s acknowledged, socket pushes/s received (channel.updated + chat.msg), lost = updates a
 *   producer never received (every socket must end on the channel's last version, every origin's
 *   `applied` on its last acknowledged seq);
 * - the ratio of saves/s with two processes to one;
 * - the cost of a cross-process push: with two processes, a producer's PUT straight to process 1, its
 *   `channel.updated` on a socket straight on process 1 and on one straight on process 2 (LISTEN/NOTIFY
 *   between them): p50 of each and of the difference.
 *
 * Prints JSON, then a one-line summary. Progress goes to stderr. Needs postgresql and nginx (npm test
 * installs them) and the e2e build (`npm run build:e2e`).
 *
 *   node benchmarks/scale.mjs [--quick] [--events 40] [--producers 3] [--seconds 10] [--json-only] [--out f.json]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import WebSocket from 'ws';
import { dist, load1, quantile, round, startBackend } from './backend-harness.mjs';

const args = process.argv.slice(2);
const QUICK = args.includes('--quick');
const JSON_ONLY = args.includes('--json-only');
const OUT = args.includes('--out') ? args[args.indexOf('--out') + 1] : null;
const numberArg = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const EVENTS = numberArg('--events', QUICK ? 10 : 40);
const PRODUCERS = numberArg('--producers', 3);
const SECONDS = numberArg('--seconds', QUICK ? 4 : 10);
const EDIT_MS = numberArg('--edit-ms', 500);
const CHAT_PER_S = numberArg('--chat', 5);
const PROBES = QUICK ? 30 : 100;
const say = (line) => process.stderr.write(`[scale] ${line}\n`);

const { startPostgres } = await tsImport('../src/server/dev/servers/postgresServer.ts', import.meta.url);
const { startLoadBalancer } = await tsImport('../src/server/dev/servers/loadBalancer.ts', import.meta.url);
const { freePort } = await tsImport('../src/server/dev/servers/rtmpServer.ts', import.meta.url);
const { hashPassword } = await tsImport('../src/server/passwords.ts', import.meta.url);
const { SOCKET_PING_MS } = await tsImport('../src/lib/limits.ts', import.meta.url);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function sql(url, query, params = []) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(query, params)).rows;
  } finally {
    await client.end();
  }
}

/** EVENTS events, each moderated by PRODUCERS users of its own (`bench-e{i}-p{j}`, password "studio"), with a channel. */
async function seedLoad(url, channelOf) {
  const hash = await hashPassword('studio');
  const events = [];
  for (let e = 0; e < EVENTS; e++) {
    const eventId = `bench-event-${e}`;
    const users = [];
    for (let p = 0; p < PRODUCERS; p++) {
      const id = `bench-user-${e}-${p}`;
      await sql(url, `INSERT INTO users (id, username, password_hash, first_name, last_name, email, profile_picture, features) VALUES ($1, $2, $3, 'Bench', $2, $2 || '@bench.test', '', '[]'::jsonb)`, [id, `bench-e${e}-p${p}`, hash]);
      users.push(`bench-e${e}-p${p}`);
    }
    await sql(url, `INSERT INTO events (id, sharing_url, instance_id, title, description, start_ms, end_ms, organizer_id, chat_enabled, qna_enabled) VALUES ($1, $1, $2, $1, '', $3, $4, $5, true, true)`, [eventId, `bench-instance-${e}`, Date.now(), Date.now() + 3_600_000, `bench-user-${e}-0`]);
    for (let p = 0; p < PRODUCERS; p++) await sql(url, 'INSERT INTO event_moderators (event_id, user_id) VALUES ($1, $2)', [eventId, `bench-user-${e}-${p}`]);
    events.push({ eventId, users, uuid: await channelOf(eventId, users[0]) });
  }
  return events;
}

async function signIn(base, username) {
  const res = await fetch(`${base}/usermanager/oauth2/token`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ username, password: 'studio', grant_type: 'password' }) });
  if (!res.ok) throw new Error(`sign-in ${username}: ${res.status}`);
  return (await res.json()).access_token;
}

async function eventToken(base, userToken, eventId) {
  const res = await fetch(`${base}/ptapi/api/security/v1/oauth/accesstoken`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${userToken}` },
    body: JSON.stringify({ eventId, grant_type: 'a2mevent', properties: { emailId: '', sharingUrl: '', userAccessToken: userToken }, userRole: 'moderator' }),
  });
  if (!res.ok) throw new Error(`event token: ${res.status}`);
  return (await res.json()).access_token;
}

/** A socket as the client keeps one: registered, pinging every SOCKET_PING_MS (the hub cuts a silent one). */
function open(url, register, onMessage) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.on('message', (data) => onMessage(JSON.parse(String(data))));
    ws.once('open', () => {
      ws.send(JSON.stringify({ type: 'register', ...register }));
      const pinger = setInterval(() => ws.readyState === ws.OPEN && ws.send('{"type":"ping"}'), SOCKET_PING_MS);
      ws.once('close', () => clearInterval(pinger));
      resolve(ws);
    });
    ws.once('error', reject);
  });
}

/** A producer: its sockets (through `base`), what they received, and its saves. */
async function producer(base, username, ev, index) {
  const token = await signIn(base, username);
  const p = { username, token, ev, index, origin: `bench-${username}-${index}`, seq: 0, acked: 0, lastVersion: 0, received: new Map(), pushes: 0, saves: 0, sockets: [] };
  const registered = new Promise((resolve) => (p.onRegistered = resolve));
  p.sockets.push(
    await open(`${base.replace('http', 'ws')}/api/studio/websocket`, { channel: ev.uuid, token }, (m) => {
      if (m.type === 'registered') {
        p.lastVersion = m.channel.version;
        p.onRegistered();
      } else if (m.type === 'channel.updated') {
        p.pushes++;
        p.lastVersion = Math.max(p.lastVersion, m.channel.version);
        p.received.set(m.channel.version, performance.now());
      }
    }),
  );
  await registered;
  return p;
}

async function save(base, p) {
  p.seq++;
  const started = performance.now();
  const res = await fetch(`${base}/api/studio/channel/${p.ev.uuid}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', 'X-Producer-Authorization': `Bearer ${p.token}` },
    body: JSON.stringify({ sync: { origin: p.origin, seq: p.seq, changes: { [`tpl:bench-${p.index}`]: { id: `bench-${p.index}`, type: 'LOWERTHIRD', primaryText: `${p.username} ${p.seq}` } } } }),
  });
  if (!res.ok) throw new Error(`save ${res.status} ${await res.text()}`);
  const body = await res.json();
  p.acked = p.seq;
  p.saves++;
  return { version: body.version, started };
}

/** The load for SECONDS through `base`; answers its figures. */
async function runLoad(base, events, chatBase) {
  say(`connecting ${events.length * PRODUCERS} producers through ${base}`);
  const producers = [];
  for (const ev of events) {
    ev.producers = [];
    for (const [i, u] of ev.users.entries()) {
      const p = await producer(base, u, ev, i);
      ev.producers.push(p);
      producers.push(p);
    }
  }
  const chatSockets = [];
  let chatPushes = 0;
  for (const ev of events) {
    const p = ev.producers[0];
    chatSockets.push(
      await open(`${base.replace('http', 'ws')}/ptapi/websocket`, { eventId: ev.eventId, accessToken: await eventToken(base, p.token, ev.eventId), user: { name: p.username } }, (m) => {
        if (m.type === 'chat.msg') chatPushes++;
      }),
    );
  }
  const latencies = [];
  const pending = [];
  const stopAt = performance.now() + SECONDS * 1000;
  const editLoop = async (p) => {
    while (performance.now() < stopAt) {
      const next = performance.now() + EDIT_MS;
      const { version, started } = await save(base, p);
      pending.push({ ev: p.ev, from: p, version, started });
      await sleep(Math.max(0, next - performance.now()));
    }
  };
  const chatLoop = async (ev) => {
    let n = 0;
    while (performance.now() < stopAt) {
      const next = performance.now() + 1000 / CHAT_PER_S;
      await fetch(`${chatBase}/__test/audience/chat`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ eventId: ev.eventId, text: `audience ${n++}` }) });
      await sleep(Math.max(0, next - performance.now()));
    }
  };
  const t0 = performance.now();
  const pushes0 = producers.reduce((s, p) => s + p.pushes, 0);
  await Promise.all([...producers.map(editLoop), ...events.map(chatLoop)]);
  const elapsed = (performance.now() - t0) / 1000;
  // Every socket ends on its channel's last version (a push that never came is lost; a late one is only slow).
  const finalVersions = new Map();
  const readFinal = async (ev) => (await (await fetch(`${base}/api/studio/channel/${ev.uuid}`, { headers: { 'X-Producer-Authorization': `Bearer ${ev.producers[0].token}` } })).json()).version;
  for (const ev of events) finalVersions.set(ev, await readFinal(ev));
  const settleBy = performance.now() + 15_000;
  while (performance.now() < settleBy && events.some((ev) => ev.producers.some((p) => p.lastVersion < finalVersions.get(ev)))) await sleep(50);
  for (const { ev, from, version, started } of pending) {
    for (const other of ev.producers) if (other !== from && other.received.has(version)) latencies.push(other.received.get(version) - started);
  }
  const [rows] = [await Promise.all(events.map(async (ev) => (await (await fetch(`${base}/api/studio/channel/${ev.uuid}`, { headers: { 'X-Producer-Authorization': `Bearer ${ev.producers[0].token}` } })).json())))];
  let lost = 0;
  events.forEach((ev, i) => {
    for (const p of ev.producers) {
      const problems = [
        p.lastVersion !== rows[i].version && `${p.username} ended on version ${p.lastVersion} of ${rows[i].version}`,
        (rows[i].applied?.[p.origin] ?? 0) !== p.acked && `${p.origin}: applied ${rows[i].applied?.[p.origin]}, acknowledged ${p.acked}`,
      ].filter(Boolean);
      problems.forEach(say);
      lost += problems.length;
    }
  });
  const saves = producers.reduce((s, p) => s + p.saves, 0);
  const pushes = producers.reduce((s, p) => s + p.pushes, 0) - pushes0 + chatPushes;
  for (const p of producers) p.sockets.forEach((ws) => ws.terminate());
  chatSockets.forEach((ws) => ws.terminate());
  return { editToApplied: dist(latencies), savesPerS: round(saves / elapsed), pushesPerS: round(pushes / elapsed), lost, elapsedS: round(elapsed) };
}

/** A save straight to process 1: its push on a socket straight on process 1 and on one straight on process 2. */
async function crossProcessPush(one, two, ev) {
  const writer = await producer(one, ev.users[0], ev, 90);
  const near = await producer(one, ev.users[1], ev, 91);
  const far = await producer(two, ev.users[2 % ev.users.length], ev, 92);
  const same = [];
  const cross = [];
  const diff = [];
  for (let i = 0; i < PROBES; i++) {
    const { version, started } = await save(one, writer);
    const deadline = performance.now() + 5000;
    while ((!near.received.has(version) || !far.received.has(version)) && performance.now() < deadline) await sleep(1);
    if (!near.received.has(version) || !far.received.has(version)) continue;
    same.push(near.received.get(version) - started);
    cross.push(far.received.get(version) - started);
    diff.push(far.received.get(version) - near.received.get(version));
    await sleep(20);
  }
  if (diff.length === 0) say(`no probe arrived: near saw ${near.received.size}, far saw ${far.received.size} updates`);
  for (const p of [writer, near, far]) p.sockets.forEach((ws) => ws.terminate());
  return { sameProcessPush: dist(same), crossProcessPush: dist(cross), notifyCostP50Ms: round(quantile(diff, 0.5), 2), probes: diff.length };
}

const pgServer = await startPostgres();
const stops = [];
// Stopped by hand: the backends, nginx and PostgreSQL go too.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    while (stops.length) await stops.pop()().catch(() => undefined);
    pgServer.stop();
    process.exit(130);
  });
}
const results = { events: EVENTS, producersPerEvent: PRODUCERS, seconds: SECONDS, editEveryMs: EDIT_MS, chatPerSecondPerEvent: CHAT_PER_S, cores: os.availableParallelism() };
try {
  for (const processes of [1, 2]) {
    const url = await pgServer.database(`studio_scale_${processes}`);
    const dataDir = mkdtempSync(join(os.tmpdir(), 'studio-scale-bench-'));
    stops.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const lbPort = await freePort();
    const env = { DATABASE_URL: url, STUDIO_PUBLIC_ORIGINS: `http://127.0.0.1:${lbPort}`, STUDIO_BACKEND_FAULTS: '1', STUDIO_JANUS: '0' };
    const backends = [];
    for (let i = 0; i < processes; i++) {
      const b = await startBackend(dataDir, env);
      backends.push(b);
      stops.push(() => b.stop());
    }
    const lb = await startLoadBalancer(backends.map((b) => new URL(b.url).host), lbPort);
    stops.push(() => lb.close());
    const channelOf = async (eventId, username) => {
      const token = await signIn(lb.url, username);
      const res = await fetch(`${lb.url}/api/studio/channel`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Producer-Authorization': `Bearer ${token}` }, body: JSON.stringify({ ptEventId: eventId, name: 'Main' }) });
      return (await res.json()).uuid;
    };
    say(`${processes} process(es): seeding ${EVENTS} events × ${PRODUCERS} producers`);
    const events = await seedLoad(url, channelOf);
    say(`${processes} process(es): ${SECONDS} s of load`);
    results[processes === 1 ? 'oneProcess' : 'twoProcesses'] = { ...(await runLoad(lb.url, events, backends[0].url)), load1: load1() };
    if (processes === 2) results.twoProcesses.push = await crossProcessPush(backends[0].url, backends[1].url, events[0]);
    while (stops.length) await stops.pop()();
  }
  results.throughputRatio = round(results.twoProcesses.savesPerS / results.oneProcess.savesPerS, 2);
} finally {
  while (stops.length) await stops.pop()().catch(() => undefined);
  pgServer.stop();
}

const json = JSON.stringify(results, null, 2);
if (OUT) writeFileSync(OUT, json);
console.log(json);
if (!JSON_ONLY) {
  const o = results.oneProcess;
  const t = results.twoProcesses;
  console.log(
    `scale: ${EVENTS} events × ${PRODUCERS} producers, edit→applied p50/p95 ${o.editToApplied.p50}/${o.editToApplied.p95} ms (1 process) vs ${t.editToApplied.p50}/${t.editToApplied.p95} ms (2 behind nginx); saves/s ${o.savesPerS} vs ${t.savesPerS} (ratio ${results.throughputRatio}); pushes/s ${o.pushesPerS} vs ${t.pushesPerS}; lost ${o.lost + t.lost}; cross-process push costs ${t.push.notifyCostP50Ms} ms p50 on ${results.cores} cores`,
  );
}
