// @vitest-environment node
/**
 * GET /metrics (issue 33) on a backend on loopback: Prometheus' text format, requests timed by route
 * pattern (never the raw path: no id, token or stream key reaches a label), sockets counted, a broadcast's
 * outputs; and refused (403, no metrics) to an address STUDIO_METRICS_ALLOW does not list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../src/server/server';
import { backendOn, call, channelOf, eventBySharingUrl, isBroadcastState, producer, removeDir, signIn, studioSocket, tempDir, type Json } from './helpers';
import { sample } from './metricsText';

const STREAM_KEY = 'live_metrics-SECRETKEY-4242';
const TOKEN_LIKE = 'tok_SECRETTOKEN_0123456789abcdef';

let dir: string;
let backend: Backend;
let base: string;

beforeAll(async () => {
  dir = tempDir();
  backend = await backendOn(dir, { janus: false });
  base = backend.url;
});
afterAll(async () => {
  await backend?.close();
  removeDir(dir);
});

const scrape = async (headers: Record<string, string> = {}) => {
  const res = await fetch(`${base}/metrics`, { headers });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
};

describe('GET /metrics from loopback', () => {
  it('answers in the Prometheus text format with the metric names', async () => {
    const { status, type, text } = await scrape();
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of ['studio_http_request_duration_seconds', 'studio_sockets', 'studio_live_jobs', 'studio_outputs', 'studio_output_fps', 'studio_output_bitrate_kbps', 'studio_output_dropped_frames_total', 'studio_output_reconnects_total', 'studio_capture_fps', 'studio_signin_throttled_total', 'studio_bus_messages_total', 'process_cpu_user_seconds_total']) {
      expect(text).toContain(`# TYPE ${name} `);
    }
  });

  it('times a request under its route pattern, never its raw path', async () => {
    const { token } = await signIn(base, 'producer1');
    const launch = await eventBySharingUrl(base, 'product-launch');
    const channel = await channelOf(base, token, launch.eventId);
    expect((await call(`${base}/api/studio/channel/${channel.uuid}`, { headers: producer(token) })).status).toBe(200);
    const { text } = await scrape();
    expect(sample(text, 'studio_http_request_duration_seconds_count', { route: '/api/studio/channel/:uuid', method: 'GET', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'studio_http_request_duration_seconds_count', { route: '/usermanager/oauth2/token', method: 'POST', status: '200' })).toBe(1);
    expect(text).not.toContain(channel.uuid);
    expect(text).not.toContain(launch.eventId);
  });

  // One row per path that carries something secret: none of it may show in the metrics.
  it.each([
    ['PUT', `/api/studio/channel/${TOKEN_LIKE}`, '/api/studio/channel/:uuid'],
    ['PUT', `/files/${TOKEN_LIKE}`, '/files/:key'],
    ['GET', `/api/studio/guest/${TOKEN_LIKE}`, '/api/studio/guest/:inviteToken'],
    ['GET', `/api/studio/live/x/recordings/y/download?access_token=${TOKEN_LIKE}`, '/api/studio/live/:eventId/recordings/:id/download'],
    ['PUT', `/rtmp/live2/${STREAM_KEY}`, 'unmatched'],
    ['PUT', `/api/studio/live/x/destinations/${STREAM_KEY}`, 'unmatched'],
  ])('%s %s shows as %s, its secret nowhere', async (method, path, route) => {
    const res = await fetch(`${base}${path}`, { method, body: method === 'PUT' ? '{}' : undefined, headers: method === 'PUT' ? { 'Content-Type': 'application/json' } : {} });
    const { text } = await scrape();
    expect(sample(text, 'studio_http_request_duration_seconds_count', { route, method, status: String(res.status) })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('SECRET');
  });

  it('counts an open socket by its kind, and forgets it once closed', async () => {
    const { token } = await signIn(base, 'producer2');
    const launch = await eventBySharingUrl(base, 'product-launch');
    const channel = await channelOf(base, token, launch.eventId);
    const before = sample((await scrape()).text, 'studio_sockets', { kind: 'studio' });
    const socket = await studioSocket(base, { channel: channel.uuid, token });
    await socket.next((m) => m.type === 'registered');
    expect(sample((await scrape()).text, 'studio_sockets', { kind: 'studio' })).toBe((before ?? 0) + 1);
    socket.close();
    await socket.closed();
    await expect.poll(async () => sample((await scrape()).text, 'studio_sockets', { kind: 'studio' })).toBe(before);
  });

  it("shows a broadcast's job and outputs by kind and id, never the destination's URL or key", async () => {
    const { token } = await signIn(base, 'producer1');
    const launch = await eventBySharingUrl(base, 'product-launch');
    const channel = await channelOf(base, token, launch.eventId);
    const live = (path: string, json: unknown) => call(`${base}/api/studio/live/${launch.eventId}${path}`, { method: 'POST', headers: producer(token), json });
    const added = (await live('/destinations', { name: 'Metrics test', serverUrl: 'rtmp://127.0.0.1/metricsapp', streamKey: STREAM_KEY })).body as Json;
    const socket = await studioSocket(base, { channel: channel.uuid, token });
    await socket.next((m) => m.type === 'registered');
    const go = (verb: string, json: unknown = {}) => call(`${base}/api/studio/channel/${channel.uuid}/${verb}`, { method: 'POST', headers: producer(token), json });
    expect((await go('golive', { quality: '720p' })).status).toBe(200);
    await socket.next(isBroadcastState('LIVE'));
    // The stand-in worker reports each destination live at 30 fps and 1000 kbps.
    const { text } = await scrape();
    expect(sample(text, 'studio_live_jobs', { state: 'live' })).toBe(1);
    expect(sample(text, 'studio_output_fps', { event: launch.eventId, output_kind: 'rtmp', output: added.id })).toBe(30);
    expect(sample(text, 'studio_output_bitrate_kbps', { output_kind: 'rtmp', output: added.id })).toBe(1000);
    expect(sample(text, 'studio_output_dropped_frames_total', { output: added.id })).toBe(0);
    expect(sample(text, 'studio_capture_fps', { event: launch.eventId })).toBe(30);
    for (const secret of ['SECRETKEY', 'metricsapp', 'Metrics test']) expect(text).not.toContain(secret);
    expect((await go('stoplive')).status).toBe(200);
    await socket.next(isBroadcastState('TERMINATED'));
    const after = (await scrape()).text;
    expect(sample(after, 'studio_live_jobs', { state: 'live' })).toBe(0);
    expect(sample(after, 'studio_output_fps', { output: added.id })).toBeUndefined();
    socket.close();
  });

  it('refuses a request forwarded by a proxy it does not trust: the proxy on loopback is not the client', async () => {
    for (const header of ['X-Forwarded-For', 'Forwarded', 'X-Real-IP']) {
      const { status, text } = await scrape({ [header]: header === 'Forwarded' ? 'for=203.0.113.9' : '203.0.113.9' });
      expect(status).toBe(403);
      expect(text).not.toContain('studio_');
    }
  });
});

describe('GET /metrics from an address the allow list does not name', () => {
  let other: Backend;
  let otherDir: string;
  beforeAll(async () => {
    otherDir = tempDir();
    // Behind a proxy on loopback that names the client; only 10.0.0.0/8 may read the metrics.
    other = await backendOn(otherDir, { janus: false, metricsAllow: ['10.0.0.0/8'], trustProxy: ['127.0.0.1'] });
  });
  afterAll(async () => {
    await other?.close();
    removeDir(otherDir);
  });
  const scrapeOther = async (headers: Record<string, string> = {}) => {
    const res = await fetch(`${other.url}/metrics`, { headers });
    return { status: res.status, body: await res.text() };
  };

  it('is refused with 403 and no metrics; the allowed client through the trusted proxy is answered', async () => {
    const loopback = await scrapeOther();
    expect(loopback.status).toBe(403);
    expect(loopback.body).not.toContain('studio_');
    expect(JSON.parse(loopback.body)).toMatchObject({ code: 'FORBIDDEN' });
    const outside = await scrapeOther({ 'X-Forwarded-For': '203.0.113.9' });
    expect(outside.status).toBe(403);
    expect(outside.body).not.toContain('studio_');
    // A client claiming 10.x through the proxy is answered only because the proxy (trusted) said so.
    expect((await scrapeOther({ 'X-Forwarded-For': '10.1.2.3' })).status).toBe(200);
    // The proxy appends the real client after what the client sent: the rightmost untrusted address counts.
    expect((await scrapeOther({ 'X-Forwarded-For': '10.1.2.3, 203.0.113.9' })).status).toBe(403);
  });

  it('counts sign-in tries the throttle refused', async () => {
    const tries = [];
    for (let i = 0; i < 7; i++) tries.push((await call(`${other.url}/usermanager/oauth2/token`, { method: 'POST', body: new URLSearchParams({ username: 'nobody', password: 'wrong-password', grant_type: 'password' }) })).status);
    const refused = tries.filter((s) => s === 429).length;
    expect(refused).toBeGreaterThan(0);
    const { body } = await scrapeOther({ 'X-Forwarded-For': '10.1.2.3' });
    expect(sample(body, 'studio_signin_throttled_total', {})).toBe(refused);
  });
});
