/**
 * The demo build's routes (§2): the root path shows the demo page (reading the `code` parameter),
 * /select-channel is where a confirmed exit lands, /output is the program output alone, /gallery the
 * template gallery for designers (every graphic drawn by the compositor, side by side), and
 * /event/{sharingUrl} is the moderator join link of backend mode, /guest/{inviteToken} a guest's,
 * /watch/{sharingUrl} the audience's public watch page (issue 23).
 * Paths are relative to the base path.
 */
import { useSyncExternalStore } from 'react';
import { BASE_PATH } from '../config';

export type Route =
  | { name: 'demo'; code: string }
  /** §2 moderator join link {dashboard}/studio/instant-demo/event/{sharingUrl} (backend mode). */
  | { name: 'event'; sharingUrl: string }
  /** A guest's invite link {base}guest/{inviteToken} (backend mode). */
  | { name: 'guest'; inviteToken: string }
  /** The public watch page {base}watch/{sharingUrl} (backend mode; no sign-in). */
  | { name: 'watch'; sharingUrl: string }
  | { name: 'select-channel' }
  | { name: 'output' }
  | { name: 'gallery' }
  | { name: 'not-found'; path: string };

export function parseRoute(pathname: string, search: string, base = BASE_PATH): Route {
  const baseNoSlash = base.replace(/\/$/, '');
  const path = pathname.startsWith(baseNoSlash) ? pathname.slice(baseNoSlash.length) : pathname;
  const clean = path.replace(/^\/+|\/+$/g, '');
  if (clean === '' || clean === 'index.html') return { name: 'demo', code: new URLSearchParams(search).get('code') ?? '' };
  if (clean === 'select-channel') return { name: 'select-channel' };
  if (clean === 'output') return { name: 'output' };
  if (clean === 'gallery') return { name: 'gallery' };
  const join = /^event\/([^/]+)$/.exec(clean);
  if (join) return { name: 'event', sharingUrl: decodeURIComponent(join[1]!) };
  const guest = /^guest\/([^/]+)$/.exec(clean);
  if (guest) return { name: 'guest', inviteToken: decodeURIComponent(guest[1]!) };
  const watch = /^watch\/([^/]+)$/.exec(clean);
  if (watch) return { name: 'watch', sharingUrl: decodeURIComponent(watch[1]!) };
  return { name: 'not-found', path: clean };
}

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());
if (typeof window !== 'undefined') window.addEventListener('popstate', notify);

export function navigate(relativePath: string): void {
  window.history.pushState(null, '', `${BASE_PATH}${relativePath.replace(/^\//, '')}`);
  notify();
}

const snapshot = () => `${window.location.pathname}${window.location.search}`;

export function useRoute(): Route {
  const key = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    snapshot,
  );
  const [pathname, search = ''] = key.split(/(?=\?)/);
  return parseRoute(pathname ?? '/', search);
}
