// @vitest-environment node
/**
 * Going live to real servers (issue 31): the real capture worker with its page replaced by ffmpeg's
 * test picture (syntheticCaptureWorker.ts), Debian's nginx as the RTMP server and, through its
 * stream module, as RTMPS servers (one certificate signed by a test CA the backend is given, one
 * no CA vouches for). The backend runs with production's rules: loopback only where listed.
 *
 * One broadcast carries every case: what is listed streams (RTMP and verified RTMPS) and no
 * process' arguments hold a key; an untrusted certificate fails its destination with the reason;
 * a name resolving to loopback is refused when the output connects, with the same words whether
 * its port is open or closed; nothing of the refused ones reaches nginx.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Backend } from '../../src/server/server';
import { probe } from '../e2e/mediaProbe';
import { backendOn, call, channelOf, eventBySharingUrl, producer, removeDir, signIn, tempDir, type Json } from './helpers';
import { freePort, startRtmpServer, testCertificates, type RtmpServer } from '../../src/server/dev/servers/rtmpServer';

const SYNTHETIC_CAPTURE_WORKER = fileURLToPath(new URL('./syntheticCaptureWorker.ts', import.meta.url));
const run = Date.now().toString(36);
const KEYS = { plain: `plain-${run}-KEY`, tls: `tls-${run}-KEY`, rogue: `rogue-${run}-KEY`, closed: `closed-${run}-KEY`, open: `open-${run}-KEY` };

let dir: string;
let rtmp: RtmpServer;
let backend: Backend;
let token: string;
let eventId: string;
let channel: Json;

beforeAll(async () => {
  dir = tempDir();
  const certs = testCertificates(dir);
  rtmp = await startRtmpServer({ tls: [certs.signed, certs.rogue] });
  backend = await backendOn(join(dir, 'data'), {
    captureWorkerEntry: SYNTHETIC_CAPTURE_WORKER,
    destinationRules: { privateAllowed: false, allow: [`127.0.0.1:${rtmp.port}`, `localhost:${rtmp.tlsPorts[0]}`, `localhost:${rtmp.tlsPorts[1]}`] },
    destinationCaFile: certs.caFile,
  });
  token = (await signIn(backend.url, 'producer1')).token;
  eventId = (await eventBySharingUrl(backend.url, 'product-launch')).eventId;
  channel = await channelOf(backend.url, token, eventId);
});
afterAll(async () => {
  await backend?.close();
  await rtmp?.close();
  if (dir) removeDir(dir);
});

const live = (path = '', init: { method?: string; json?: unknown } = {}) =>
  call(`${backend.url}/api/studio/live/${eventId}${path}`, { method: init.method ?? 'GET', headers: producer(token), ...(init.json !== undefined ? { json: init.json } : {}) });
const add = (name: string, serverUrl: string, streamKey: string) => live('/destinations', { method: 'POST', json: { name, serverUrl, streamKey } });
const outputs = async (): Promise<Json[]> => ((await live()).body as Json).status.job?.outputs ?? [];
const outputNamed = (all: Json[], name: string): Json => all.find((o) => o.name === name) ?? {};

/** Every process' arguments on this machine, as `/proc/<pid>/cmdline` shows them to any user. */
function allCommandLines(): string[] {
  const lines: string[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      lines.push(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' '));
    } catch {
      /* gone meanwhile */
    }
  }
  return lines;
}

describe('production rules on save', () => {
  it.each([
    ['a loopback port not listed (a scan of the server)', 'rtmp://127.0.0.1:22/live', /127\.0\.0\.1 is a loopback address: this server streams there only when STUDIO_DESTINATION_ALLOW lists it/],
    ['the same as a hexadecimal host', 'rtmp://0x7f.1:22/live', /loopback address/],
    ['a private address', 'rtmp://10.2.3.4/live', /10\.2\.3\.4 is a private address/],
  ])('%s: 400 with the reason', async (_name, serverUrl, reason) => {
    const answer = await add('Refused', serverUrl, 'some-key');
    expect(answer.status).toBe(400);
    expect((answer.body as Json).message).toMatch(reason);
  });
});

describe('a broadcast to real servers', () => {
  it('streams to what is listed, verifies RTMPS, refuses what is not, and no process shows a key', async () => {
    const backendPort = Number(new URL(backend.url).port);
    const closedPort = await freePort();
    for (const [name, url, key] of [
      ['Plain', `rtmp://127.0.0.1:${rtmp.port}/live`, KEYS.plain],
      ['Verified', `rtmps://localhost:${rtmp.tlsPorts[0]}/live`, KEYS.tls],
      ['Rogue', `rtmps://localhost:${rtmp.tlsPorts[1]}/live`, KEYS.rogue],
      ['Closed', `rtmp://localhost:${closedPort}/live`, KEYS.closed],
      ['Open', `rtmp://localhost:${backendPort}/live`, KEYS.open],
    ] as const) expect((await add(name, url, key)).status).toBe(200);

    const go = (path: string) => call(`${backend.url}/api/studio/channel/${channel.uuid}/${path}`, { method: 'POST', headers: producer(token), json: { quality: '560p' } });
    expect((await go('golive')).status).toBe(200);
    let seen: Json[] = [];
    await vi.waitFor(
      async () => {
        seen = await outputs();
        expect(outputNamed(seen, 'Plain').state).toBe('live');
        expect(outputNamed(seen, 'Verified').state).toBe('live');
        for (const name of ['Rogue', 'Closed', 'Open']) expect(outputNamed(seen, name).error).toBeTruthy();
      },
      { timeout: 45_000, interval: 500 },
    );

    // 3: the keys are in no process' arguments while they stream.
    const lines = allCommandLines();
    expect(lines.some((l) => l.includes('ffmpeg') && l.includes('-fpre'))).toBe(true);
    for (const key of Object.values(KEYS)) expect(lines.filter((l) => l.includes(key))).toEqual([]);

    // 4: a certificate no CA of the server vouches for fails its destination, saying so.
    expect(outputNamed(seen, 'Rogue').error).toMatch(/The RTMPS server localhost:\d+ did not show a certificate this server trusts \(\w+\)/);
    // 1: a name resolving to loopback is refused when the output connects; an open port reads as a closed one.
    expect(outputNamed(seen, 'Closed').error).toMatch(/^The destination localhost \((127\.0\.0\.1|::1)\) is a loopback address: this server streams there only when STUDIO_DESTINATION_ALLOW lists it$/);
    expect(outputNamed(seen, 'Open').error).toBe(outputNamed(seen, 'Closed').error);

    // The untrusted one keeps failing until it is failed (the §8 dialog's case), while the others stream on.
    await vi.waitFor(async () => expect(outputNamed(await outputs(), 'Rogue').state).toBe('failed'), { timeout: 40_000, interval: 500 });
    await vi.waitFor(() => expect(rtmp.recordings(KEYS.tls).length).toBeGreaterThan(0), { timeout: 10_000 });
    expect((await go('stoplive')).status).toBe(200);
    await vi.waitFor(async () => expect(((await live()).body as Json).status.job.state).toBe('stopped'), { timeout: 30_000, interval: 500 });

    for (const key of [KEYS.plain, KEYS.tls]) {
      const files = rtmp.recordings(key);
      expect(files.length, key).toBeGreaterThan(0);
      const got = probe(files[files.length - 1]!);
      expect(got.video).toMatchObject({ codec: 'h264', width: 320, height: 180 });
      expect(got.audio).toMatchObject({ codec: 'aac' });
    }
    for (const key of [KEYS.rogue, KEYS.closed, KEYS.open]) expect(rtmp.recordings(key)).toEqual([]);
    // Nor does a key reach the broadcasts' log.
    const log = readFileSync(join(dir, 'data', 'live.log'), 'utf8');
    for (const key of Object.values(KEYS)) expect(log).not.toContain(key);
  });
});
