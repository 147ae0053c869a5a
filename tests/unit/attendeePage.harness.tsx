/**
 * The attendee page on a mocked backend (issue 32): fetch answers through `setRoute`, the socket is a
 * fake the test speaks for (`deliver` is the server talking), and `calls` records what the page sent.
 */
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { act, render, waitFor } from '@testing-library/react';
import { WatchPage } from '../../src/features/watch/WatchPage';

/** A socket the test speaks for: it opens at once; `deliver` is the server talking. */
export class FakeSocket extends EventTarget {
  static made: FakeSocket[] = [];
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readyState = 0;
  binaryType = 'blob';
  sent: unknown[] = [];
  constructor(readonly url: string) {
    super();
    FakeSocket.made.push(this);
    setTimeout(() => {
      this.readyState = 1;
      this.dispatchEvent(new Event('open'));
    }, 0);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000, reason = '') {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.dispatchEvent(Object.assign(new Event('close'), { code, reason, wasClean: true }));
  }
  deliver(frame: unknown) {
    act(() => void this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(frame) })));
  }
}

export const PAGE = { eventId: 'e1', title: 'Product Launch Live', requireEmail: false, chatEnabled: true, qnaEnabled: true, one2OneModChat: true, attendee: null, removed: false };
export const ADA = { id: 'attendee-1', name: 'Ada' };
export const msg = (id: string, body: string, sender = { guid: 'producer-1', name: 'Priya Patel', role: 'Moderator' }, privateChat = false) => ({ id, body, timestamp: Date.now(), sender, privateChat, isSelf: false });

export type Route = (method: string, path: string, body: unknown) => { status: number; body: unknown };
/** What the mocked backend answers: each test sets its own. */
export const fake: { route: Route } = { route: () => ({ status: 404, body: {} }) };
export const calls: { method: string; path: string; body: unknown }[] = [];
const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const request = input as Request;
  const url = new URL(request.url);
  const text = await request.text();
  const body: unknown = text ? JSON.parse(text) : null;
  if (url.pathname.includes('/watch/')) return new Response(JSON.stringify({ title: 'Product Launch Live', state: 'not-live', hls: null }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  const path = url.pathname.replace('/api/studio/audience/product-launch', '');
  calls.push({ method: request.method, path, body });
  const answer = fake.route(request.method, path, body);
  return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json', ...(answer.status === 429 ? { 'Retry-After': '7' } : {}) } });
});

/** Installs the fakes around each test of the file that calls it. */
export function installAttendeeFakes(): void {
beforeEach(() => {
  FakeSocket.made = [];
  calls.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  vi.unstubAllGlobals();
});
}

export const open = () => render(<WatchPage studioApi="/api/studio" sharingUrl="product-launch" />);
export const socket = async () => {
  await waitFor(() => expect(FakeSocket.made.length).toBeGreaterThan(0));
  const s = FakeSocket.made.at(-1)!;
  await waitFor(() => expect(s.sent).toContainEqual({ type: 'hello' }));
  s.deliver({ type: 'joined', attendee: ADA });
  return s;
};

