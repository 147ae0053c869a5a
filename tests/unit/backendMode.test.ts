// @vitest-environment node
/** Backend mode's pure pieces: the runtime config, the §8 error mapping, socket backoff (R9), the wire ids of the own card. */
import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig } from '../../src/config';
import { API_BACKEND_ERROR, createClient, json } from '../../src/api/http';
import { seekFrame } from '../../src/api/channel';
import { reconnectDelay, socketUrl } from '../../src/realtime/socket';
import { docFromWire, toWire } from '../../src/services/channel/wireIds';
import { keyedFromDoc, type KeyedChannel } from '../../compositor/sync';
import { emptyChannel, type ChannelDoc } from '../../compositor/model/channel';
import { producerCard, withOrderRanks } from '../../compositor/model/producerCard';
import { SOCKET_MAX_RECONNECT_MS, SOCKET_MAX_RETRIES, SOCKET_MIN_RECONNECT_MS } from '../../src/lib/limits';
import type { ProducerCard } from '../../compositor/model/types';

const SERVICES = { userManager: '/um/', tokenExchange: '/te/', eventApi: '/ev/', eventSocket: '/ws', studioApi: '/api/studio', assetApi: '/api/v1/', cms: '/cms/' };

describe('runtime config.json', () => {
  it.each([
    ['no backend field', {}, 'demo', null],
    ['demo', { backend: 'demo' }, 'demo', null],
    ['every service', { backend: 'server', ...SERVICES }, 'server', null],
    ['a missing service', { backend: 'server', ...SERVICES, cms: '' }, 'demo', 'config.json lacks cms'],
    ['an unknown backend', { backend: 'mainframe' }, 'demo', 'unknown backend "mainframe"'],
    ['not an object', 'server', 'demo', 'config.json is not an object'],
  ])('%s', (_name, raw, backend, problem) => {
    const parsed = parseRuntimeConfig(raw);
    expect(parsed.config.backend).toBe(backend);
    expect(parsed.problem).toBe(problem);
  });

  it('keeps the pt_sequin flag (default: the check runs)', () => {
    const on = parseRuntimeConfig({ backend: 'server', ...SERVICES });
    const off = parseRuntimeConfig({ backend: 'server', ...SERVICES, disablePtSequinCheck: true });
    expect(on.config.backend === 'server' && on.config.disablePtSequinCheck).toBe(false);
    expect(off.config.backend === 'server' && off.config.disablePtSequinCheck).toBe(true);
  });
});

describe('§8 error mapping', () => {
  const answer = (status: number, body: unknown) => async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const call = (fetchImpl: typeof fetch) => json<unknown>(() => createClient({ base: 'http://127.0.0.1:1/x/', fetch: fetchImpl, retry: 0 }).get('thing'));

  it('a failed response throws its JSON error body', async () => {
    await expect(call(answer(403, { type: 'unknown', code: 'FORBIDDEN', message: 'You do not moderate this event' }))).rejects.toEqual({ type: 'unknown', code: 'FORBIDDEN', message: 'You do not moderate this event', status: 403 });
  });
  it('a backend failure is type unknown, API_BACKEND_ERROR, with the message', async () => {
    await expect(call(answer(500, { message: 'database is down' }))).rejects.toEqual({ type: 'unknown', code: API_BACKEND_ERROR, message: 'database is down', status: 500 });
    await expect(call(answer(502, 'Bad gateway'))).rejects.toMatchObject({ type: 'unknown', code: API_BACKEND_ERROR, status: 502 });
  });
  it('a network failure throws null', async () => {
    await expect(
      call(async () => {
        throw new TypeError('fetch failed');
      }),
    ).rejects.toBeNull();
  });
  it('a 4xx without an error body still names its status', async () => {
    await expect(call(answer(404, 'nope'))).rejects.toMatchObject({ code: 'HTTP_404', status: 404 });
  });
});

describe('socket reconnects (§9: 2 s to 30 s, 10 retries; R9)', () => {
  it('starts at 2 s, grows, never passes 30 s', () => {
    expect(reconnectDelay(0)).toBe(0);
    expect(reconnectDelay(1)).toBe(SOCKET_MIN_RECONNECT_MS);
    const delays = Array.from({ length: SOCKET_MAX_RETRIES }, (_, i) => reconnectDelay(i + 1));
    for (let i = 1; i < delays.length; i++) expect(delays[i]!).toBeGreaterThanOrEqual(delays[i - 1]!);
    expect(Math.max(...delays)).toBe(SOCKET_MAX_RECONNECT_MS);
    expect(SOCKET_MAX_RETRIES).toBe(10);
  });
  it('socket addresses follow the page: http→ws, https→wss, relative resolved', () => {
    expect(socketUrl('/ptapi/websocket', 'http://127.0.0.1:8787')).toBe('ws://127.0.0.1:8787/ptapi/websocket');
    expect(socketUrl('https://studio.example.com/api/studio/websocket')).toBe('wss://studio.example.com/api/studio/websocket');
  });
});

describe('the own card on the wire', () => {
  const card = (id: string, url: string | null, isLive = true) => producerCard({ id, name: id, url, type: id === 'self' ? 'MODERATOR' : 'PRODUCER', isLive });
  const doc = (...producers: ProducerCard[]): ChannelDoc => ({ ...emptyChannel(), producers: withOrderRanks(producers) });
  const layersOf = (keyed: KeyedChannel) => Object.entries(keyed).filter(([k]) => k.startsWith('layer:')).map(([, v]) => v as { sourceId: string; sourceUrl: string });

  it('is renamed to the producer id every other studio knows it by; its local camera travels as its meeting feed', () => {
    const here = doc(card('self', 'local:camera'), card('guest-1', 'https://cdn.example.com/g.webm'));
    const wire = keyedFromDoc(toWire(here, 'producer-u1'));
    expect(layersOf(wire).map((l) => [l.sourceId, l.sourceUrl])).toEqual([
      ['producer-u1', 'meeting:producer-u1'],
      ['guest-1', 'https://cdn.example.com/g.webm'],
    ]);
    expect(wire.producerOrder).toEqual(['producer-u1', 'guest-1']);
    const back = docFromWire(wire, here, 'producer-u1').producers.find((p) => p.id === 'self')!;
    expect([back.id, back.url, back.isLive]).toEqual(['self', 'local:camera', true]);
  });

  it('never sends another machine-local URL', () => {
    const wire = keyedFromDoc(toWire(doc(card('guest-2', 'blob:http://x/1'), card('guest-3', 'local:camera')), 'producer-u1'));
    expect(layersOf(wire).map((l) => l.sourceUrl)).toEqual(['', '']);
  });

  it('in the demo every tab is the one moderator: the own card keeps its id and its local camera', () => {
    const wire = keyedFromDoc(toWire(doc(card('self', 'local:camera')), 'self'));
    expect(layersOf(wire).map((l) => [l.sourceId, l.sourceUrl])).toEqual([['self', 'local:camera']]);
  });
});

describe('§7 layer 20000 seek', () => {
  it.each([
    [0.5, 10, 150],
    [0, 10, 0],
    [1, 2.5, 75],
    [1.5, 10, null],
    [0.5, 0, null],
    [Number.NaN, 10, null],
  ])('fraction %s of %s s → frame %s at 30 fps', (fraction, duration, frame) => {
    expect(seekFrame(fraction, duration, 30)).toBe(frame);
  });
});

describe('chat: my own messages when a server names senders by connection', () => {
  it('a message is mine by the sender guid or by the sender user id', async () => {
    const { normalizeMessage } = await import('../../src/state/chat/rules');
    const sender = (guid: string, userId?: string) => ({ guid, name: 'Priya Patel', role: 'Moderator' as const, ...(userId ? { userId } : {}) });
    expect(normalizeMessage({ id: 'm1', body: 'hi', sender: sender('socket-guid-1', 'user-1') }, 'user-1').isSelf).toBe(true);
    expect(normalizeMessage({ id: 'm2', body: 'hi', sender: sender('user-1') }, 'user-1').isSelf).toBe(true);
    expect(normalizeMessage({ id: 'm3', body: 'hi', sender: sender('socket-guid-2', 'user-2') }, 'user-1').isSelf).toBe(false);
  });
});
