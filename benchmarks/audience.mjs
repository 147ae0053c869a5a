#!/usr/bin/env node
/**
 * The audience at scale (issue 32): simulated attendees as real HTTP and socket clients of one studio
 * backend (PGlite, its own process, loopback only), with one producer's studio socket beside them.
 *
 * 1. Joins: N attendees join (each from its own address, by X-Forwarded-For from the trusted loopback
 *    proxy, as behind nginx: the per-address limits JOIN_RATE and AUDIENCE_ADDRESS_RATE apply as in
 *    production and none binds, so the run leaves them as they are) and open their sockets; the backend's memory per connected attendee.
 * 2. Chat: attendees write in the public chat at RATE messages a second (each attendee within §9's
 *    limit) for SECONDS, and the moderator writes a few: delivery attendee → studio and
 *    moderator → every attendee (p50 / p95), messages lost, and the backend's CPU ms per delivered message.
 * 3. A poll every attendee votes in within 10 s: vote → the studio's count (when the studio's pushed
 *    results first include it), votes lost. Then a Q&A upvote storm (audienceQna.mjs): every attendee
 *    upvotes one published question within 10 s: upvote → the studio's count, upvotes lost.
 * 4. A flood of FLOOD joins in a second while the studio pings its socket every 100 ms: the studio's
 *    socket round trip p95 during the flood against before it.
 *
 * Prints JSON, then a one-line summary (progress on stderr). Bounded: it stops by itself.
 *
 * Then the same against two backend processes behind Debian's nginx on one PostgreSQL server (as the
 * scale-out tests run them; `--one` skips it).
 *
 *   node benchmarks/audience.mjs [--quick] [--one] [--attendees N] [--flood N] [--json-only] [--out file.json]
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import WebSocket from 'ws';
import { dist, load1, round, startBackend, withTimeout } from './backend-harness.mjs';
import { upvoteStorm } from './audienceQna.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const QUICK = args.includes('--quick');
const JSON_ONLY = args.includes('--json-only');
const OUT = args.includes('--out') ? args[args.indexOf('--out') + 1] : null;
const numberArg = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const ATTENDEES = numberArg('--attendees', QUICK ? 200 : 2000);
const FLOOD = numberArg('--flood', QUICK ? 100 : 500);
/** Only the one-process figures (no PostgreSQL or nginx needed). */
const ONE_ONLY = args.includes('--one');
const RATE = 20;
const CHAT_SECONDS = QUICK ? 3 : 10;
const MODERATOR_MESSAGES = 4;
const VOTE_WINDOW_MS = 10_000;
const JOIN_CONCURRENCY = 50;
const SHARING_URL = 'product-launch';
const log = (...m) => console.error('[audience]', ...m);

const CACHE = join(ROOT, 'node_modules', '.cache', 'studio-benchmarks');
mkdirSync(CACHE, { recursive: true });

/** The backend's node process (tsx's child) and its CPU ms and memory, read from /proc. */
function backendProcess(groupLeader) {
  const pids = execFileSync('pgrep', ['-g', String(groupLeader)], { encoding: 'utf8' }).trim().split('\n').map(Number);
  const tick = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  const read = (pid) => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    return { cpuMs: (Number(stat[11]) + Number(stat[12])) * tick, rssKb: rss };
  };
  // The busiest of the group is the backend (tsx's loader parent does nothing once it started).
  const pid = pids.sort((a, b) => read(b).rssKb - read(a).rssKb)[0];
  return () => read(pid);
}

async function call(base, path, { method = 'GET', json, headers = {} } = {}) {
  const res = await fetch(`${base}${path}`, { method, headers: { ...(json ? { 'Content-Type': 'application/json' } : {}), ...headers }, body: json ? JSON.stringify(json) : undefined });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

/** The pages' ping (§9: every 5 s): the backend cuts a socket silent for two of them. */
const PING_MS = 5000;

/** Sockets the server or a proxy reset after they opened (a page would reconnect; here they are counted). */
let resets = 0;

/** A socket that hands every frame to `onFrame` and pings as a page does; resolves once open. */
function socket(url, headers, onFrame) {
  return new Promise((resolveOpen, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.on('message', (data) => onFrame(JSON.parse(String(data))));
    ws.once('open', () => {
      ws.on('error', () => (resets += 1));
      // Spread over the interval, as pages opened at different times are.
      const pinger = setInterval(() => ws.readyState === ws.OPEN && ws.send('{"type":"ping"}'), PING_MS + Math.random() * 500);
      ws.once('close', () => clearInterval(pinger));
      resolveOpen(ws);
    });
    ws.once('error', reject);
  });
}

const addressOf = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/** One backend process on PGlite: its address, its CPU and memory, and its stop. */
async function oneProcess() {
  const dataDir = mkdtempSync(join(CACHE, 'audience-'));
  // Test hooks and an exposed GC: the heap per attendee is read after a full collection (/__test/memory).
  const backend = await startBackend(dataDir, { STUDIO_TRUST_PROXY: '127.0.0.1', STUDIO_JANUS: '0', STUDIO_BACKEND_FAULTS: '1', NODE_OPTIONS: '--expose-gc' });
  return {
    base: backend.url,
    usage: backendProcess(backend.pid),
    async stop() {
      await backend.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Two backend processes on one PostgreSQL server behind nginx (as the scale-out tests run them); CPU and memory summed. */
async function twoProcesses() {
  const { tsImport } = await import('tsx/esm/api');
  const { startPostgres } = await tsImport('../src/server/dev/servers/postgresServer.ts', import.meta.url);
  const { startLoadBalancer } = await tsImport('../src/server/dev/servers/loadBalancer.ts', import.meta.url);
  const { freePort } = await tsImport('../src/server/dev/servers/rtmpServer.ts', import.meta.url);
  const pg = await startPostgres();
  const dataDir = mkdtempSync(join(CACHE, 'audience-'));
  const lbPort = await freePort();
  const env = { DATABASE_URL: await pg.database('studio_audience'), STUDIO_PUBLIC_ORIGINS: `http://127.0.0.1:${lbPort}`, STUDIO_TRUST_PROXY: '127.0.0.1', STUDIO_JANUS: '0' };
  const backends = [await startBackend(dataDir, env), await startBackend(dataDir, env)];
  // Each attendee holds two of nginx's connections per socket or request (to the client and to a backend): a joining
  // attendee has its HTTP call and its socket open at once.
  const lb = await startLoadBalancer(backends.map((b) => new URL(b.url).host), lbPort, { connections: 4 * (ATTENDEES + FLOOD) + 512 });
  const usages = backends.map((b) => backendProcess(b.pid));
  return {
    base: lb.url,
    usage: () => usages.map((u) => u()).reduce((a, b) => ({ cpuMs: a.cpuMs + b.cpuMs, rssKb: a.rssKb + b.rssKb })),
    async stop() {
      await lb.close();
      for (const b of backends) await b.stop();
      pg.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function measure(setup) {
  resets = 0;
  const { base, usage, stop } = await setup();
  const wsBase = base.replace(/^http/, 'ws');
  const results = {};
  try {
    // The producer: signed in, with an event token and the event socket the studio keeps.
    const signIn = await fetch(`${base}/usermanager/oauth2/token`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ username: 'producer1', password: 'studio', grant_type: 'password' }) });
    const signedIn = await signIn.json();
    const userToken = signedIn.access_token;
    const userId = signedIn.scope.user.id;
    const event = (await call(base, `/ptapi/api/eventdetails/v1/events/public/details?sharingUrl=${SHARING_URL}`)).body;
    const eventToken = (await call(base, '/ptapi/api/security/v1/oauth/accesstoken', { method: 'POST', headers: { Authorization: `Bearer ${userToken}` }, json: { eventId: event.eventId } })).body.access_token;
    const bearer = { Authorization: `Bearer ${eventToken}` };
    const studioFrames = [];
    const studio = await socket(`${wsBase}/ptapi/websocket`, {}, (f) => studioFrames.push({ at: performance.now(), f }));
    studio.send(JSON.stringify({ type: 'register', eventId: event.eventId, accessToken: eventToken, user: { id: userId, name: 'Priya Patel' } }));

    // 1. Joins.
    const heap = async () => {
      const r = await call(base, '/__test/memory', { method: 'POST', json: {} });
      return r.status === 200 && r.body.collected ? r.body.heapUsed : null;
    };
    const heapIdle = await heap();
    const idle = usage();
    const attendees = [];
    const joinTimes = [];
    const audienceApi = `/api/studio/audience/${SHARING_URL}`;
    const sent = new Map(); // marker → sent at
    const delivered = new Map(); // marker → delivery times
    const onAttendeeFrame = (f) => {
      if (f.type !== 'chat.msg') return;
      const marker = /#(\S+)$/.exec(f.message.body)?.[1];
      if (marker && sent.has(marker)) (delivered.get(marker) ?? delivered.set(marker, []).get(marker)).push(performance.now() - sent.get(marker));
    };
    async function joinOne(i) {
      const t0 = performance.now();
      const headers = { 'X-Forwarded-For': addressOf(i + 1) };
      const joined = await call(base, `${audienceApi}/join`, { method: 'POST', headers, json: { name: `Attendee ${i}` } });
      if (joined.status !== 200) throw new Error(`join ${i}: ${joined.status} ${JSON.stringify(joined.body)}`);
      const cookie = joined.headers.get('set-cookie').split(';')[0];
      let opened;
      const isJoined = new Promise((r) => (opened = r));
      const ws = await socket(`${wsBase}${audienceApi}/socket`, { Cookie: cookie }, (f) => (f.type === 'joined' ? opened() : onAttendeeFrame(f)));
      await isJoined;
      joinTimes.push(performance.now() - t0);
      return { i, cookie, headers, ws };
    }
    async function joinMany(from, count, concurrency) {
      const out = [];
      let next = from;
      await Promise.all(Array.from({ length: concurrency }, async () => {
        while (next < from + count) out.push(await joinOne(next++));
      }));
      return out;
    }
    let t = performance.now();
    attendees.push(...(await withTimeout(joinMany(0, ATTENDEES, JOIN_CONCURRENCY), 600_000, 'joins')));
    const joinedIn = performance.now() - t;
    await new Promise((r) => setTimeout(r, 2000));
    const connected = usage();
    const heapConnected = heapIdle === null ? null : await heap();
    // RSS before and after, as they are: PGlite's WebAssembly heap and the garbage collector move it by
    // more than the attendees do at a few thousand (it even fell while 2,000 joined, once), so RSS per
    // attendee is only an indication; the heap after a full collection is the figure.
    results.joins = {
      seconds: round(joinedIn / 1000, 1),
      perJoinMs: dist(joinTimes),
      backendRssMb: { idle: round(idle.rssKb / 1024, 0), connected: round(connected.rssKb / 1024, 0) },
      rssPerAttendeeKb: round((connected.rssKb - idle.rssKb) / ATTENDEES, 1),
      // The JavaScript heap after a full collection, before and after (one process only: through nginx the hook reaches either process).
      ...(heapConnected !== null ? { heapPerAttendeeKb: round((heapConnected - heapIdle) / 1024 / ATTENDEES, 1) } : {}),
    };
    log('joined', results.joins);

    // 2. Chat: attendees at RATE a second (each writes once), and the moderator a few times.
    const studioLatency = [];
    const studioSeen = new Set();
    const cpuBefore = usage().cpuMs;
    let k = 0;
    t = performance.now();
    const chatDeadline = t + CHAT_SECONDS * 1000;
    const posts = [];
    // The moderator writes MODERATOR_MESSAGES times over the phase (within the §9 limit of 5 at once).
    const moderatorEvery = Math.max(1, Math.floor((RATE * CHAT_SECONDS) / MODERATOR_MESSAGES));
    while (performance.now() < chatDeadline && k < attendees.length) {
      const a = attendees[k++];
      const marker = `a${a.i}`;
      sent.set(marker, performance.now());
      posts.push(call(base, `${audienceApi}/chat`, { method: 'POST', headers: { Cookie: a.cookie, ...a.headers }, json: { text: `hello #${marker}` } }));
      if (k % moderatorEvery === 0) {
        const mine = `m${k}`;
        sent.set(mine, performance.now());
        posts.push(call(base, `/ptapi/api/chat/v1/events/${event.eventId}/instances/${event.instanceId}/chat`, { method: 'POST', headers: bearer, json: { text: `welcome #${mine}`, channel: 'public' } }));
      }
      await new Promise((r) => setTimeout(r, 1000 / RATE));
    }
    const statuses = (await Promise.all(posts)).map((r) => r.status);
    await new Promise((r) => setTimeout(r, 3000));
    for (const { at, f } of studioFrames) {
      const marker = f.type === 'chat.msg' ? /#(\S+)$/.exec(f.message.body)?.[1] : null;
      if (marker?.startsWith('a') && sent.has(marker) && !studioSeen.has(marker)) {
        studioSeen.add(marker);
        studioLatency.push(at - sent.get(marker));
      }
    }
    const toAttendees = [...delivered.values()].flat();
    const accepted = statuses.filter((s) => s === 200).length;
    const cpuMs = usage().cpuMs - cpuBefore;
    results.chat = {
      messages: sent.size,
      refused: sent.size - accepted,
      attendeeToStudioMs: dist(studioLatency),
      toEveryAttendeeMs: dist(toAttendees),
      deliveries: toAttendees.length,
      // Every accepted public message is due on every attendee's socket.
      lost: accepted * ATTENDEES - toAttendees.length,
      cpuMsPerDelivery: round(cpuMs / Math.max(1, toAttendees.length), 3),
    };
    log('chat', results.chat);

    // 3. A poll everyone votes in within 10 s.
    const poll = (await call(base, `/ptapi/api/polling/v1/events/${event.eventId}/polls`, { method: 'POST', headers: bearer, json: { question: 'Tea or coffee?', options: [{ option: 'Tea' }, { option: 'Coffee' }] } })).body;
    await call(base, `/ptapi/api/polling/v1/events/${event.eventId}/instances/${event.instanceId}/polls/${poll.pollGuid}/manage`, { method: 'POST', headers: bearer, json: { action: 'START' } });
    const voteSent = [];
    const gap = VOTE_WINDOW_MS / attendees.length;
    const votes = [];
    t = performance.now();
    for (const a of attendees) {
      voteSent.push(performance.now());
      votes.push(call(base, `${audienceApi}/poll/${poll.pollGuid}/vote`, { method: 'POST', headers: { Cookie: a.cookie, ...a.headers }, json: { optionNumber: 1 + (a.i % 2) } }));
      await new Promise((r) => setTimeout(r, gap));
    }
    const voteStatuses = (await Promise.all(votes)).map((r) => r.status);
    await new Promise((r) => setTimeout(r, 2000));
    const counts = studioFrames
      .filter(({ f }) => f.type === 'msg' && f.msg.type === 'POLL' && f.msg.pollData?.pollGuid === poll.pollGuid && f.msg.notificationType === 'UPDATE')
      .map(({ at, f }) => ({ at, total: f.msg.pollData.results.reduce((n, r) => n + r.votes, 0) }));
    // Vote n reaches the studio's count with the first push whose total is at least n.
    const voteToCount = voteSent.map((at, n) => (counts.find((c) => c.total >= n + 1)?.at ?? NaN) - at).filter(Number.isFinite);
    const finalCount = counts.at(-1)?.total ?? 0;
    results.poll = { votes: attendees.length, accepted: voteStatuses.filter((s) => s === 200).length, voteToStudioCountMs: dist(voteToCount), studioPushes: counts.length, lost: voteStatuses.filter((s) => s === 200).length - finalCount };
    log('poll', results.poll);
    results.qna = await upvoteStorm({ call, base, audienceApi, bearer, eventId: event.eventId, attendees, studioFrames, windowMs: VOTE_WINDOW_MS });
    log('qna', results.qna);

    // 4. The flood, with the studio's socket round trip measured before and during it.
    const rtts = { before: [], during: [] };
    let phase = 'before';
    // One ping in flight at a time: a pong answers the oldest ping still waiting.
    const waiting = [];
    studio.on('message', (data) => {
      if (JSON.parse(String(data)).type !== 'pong' || !waiting.length) return;
      const { at, label } = waiting.shift();
      rtts[label].push(performance.now() - at);
    });
    const pinger = setInterval(() => {
      if (waiting.length) return; // the last one is still on its way: that wait is what is measured
      waiting.push({ at: performance.now(), label: phase });
      studio.send(JSON.stringify({ type: 'ping' }));
    }, 100);
    await new Promise((r) => setTimeout(r, 3000));
    phase = 'during';
    t = performance.now();
    const flooders = await withTimeout(joinMany(ATTENDEES, FLOOD, FLOOD), 300_000, 'flood');
    const floodSeconds = (performance.now() - t) / 1000;
    await new Promise((r) => setTimeout(r, 1000));
    clearInterval(pinger);
    results.socketResets = resets;
    results.flood = { joins: flooders.length, seconds: round(floodSeconds, 1), studioPingMs: { before: dist(rtts.before), during: dist(rtts.during) }, attendeePushes: studioFrames.filter(({ f }) => f.type === 'msg' && f.msg.type === 'Event_Attendees').length };
    log('flood', results.flood);

    for (const a of [...attendees, ...flooders]) a.ws.close();
    studio.close();
  } finally {
    results.load1 = load1();
    await stop();
  }
  return results;
}

const results = {
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? '', node: process.version },
  attendees: ATTENDEES,
  flood: FLOOD,
  // Each attendee its own address (X-Forwarded-For): JOIN_RATE and AUDIENCE_ADDRESS_RATE as in production.
  addresses: 'one per attendee',
};
log(`one process: ${ATTENDEES} attendees`);
results.oneProcess = await measure(oneProcess);
if (!ONE_ONLY) {
  log(`two processes behind nginx on PostgreSQL: ${ATTENDEES} attendees`);
  results.twoProcesses = await measure(twoProcesses);
}
const json = JSON.stringify(results, null, 2);
if (OUT) writeFileSync(OUT, json);
console.log(json);
if (!JSON_ONLY) {
  const line = (r) =>
    `chat p95 to every attendee ${r.chat.toEveryAttendeeMs.p95} ms, attendee→studio p95 ${r.chat.attendeeToStudioMs.p95} ms, lost ${r.chat.lost}; vote→studio count p95 ${r.poll.voteToStudioCountMs.p95} ms, votes lost ${r.poll.lost}; ` +
    `upvote→studio count p95 ${r.qna.upvoteToStudioCountMs.p95} ms, upvotes lost ${r.qna.lost}; ` +
    `${r.chat.cpuMsPerDelivery} CPU ms per delivery${r.joins.heapPerAttendeeKb !== undefined ? `, ${r.joins.heapPerAttendeeKb} KB heap per attendee` : ''}; studio ping p95 ${r.flood.studioPingMs.before.p95} → ${r.flood.studioPingMs.during.p95} ms during ${r.flood.joins} joins in ${r.flood.seconds} s`;
  console.log(`audience (${results.attendees} attendees, ${results.machine.cpus} cores): one process: ${line(results.oneProcess)}${results.twoProcesses ? `; two behind nginx: ${line(results.twoProcesses)}` : ''}`);
}
