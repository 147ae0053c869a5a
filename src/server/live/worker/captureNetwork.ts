/**
 * The capture Chromium reaches nothing but what its page needs (issue 31): the backend that serves
 * the page, the worker's ingest, and the media and public origins. Every other request is sent to
 * a proxy that is not there, and fails: without this, a media URL (or anything the page was made
 * to load) was a request from the server to wherever it pointed, the server's own network included.
 */

/** Where every other request goes: port 9 (discard) on loopback, where nothing proxies and only root could listen. */
export const NOWHERE_PROXY = 'http://127.0.0.1:9';
const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'ws:': '80', 'https:': '443', 'wss:': '443' };

/** Chromium's flags for a browser that reaches only the `reachable` origins (`http://127.0.0.1:8787`, `ws://127.0.0.1:4321`). */
export function captureNetworkArgs(reachable: readonly string[]): string[] {
  const hosts = reachable.map((origin) => {
    const url = new URL(origin);
    return `${url.hostname}:${url.port || DEFAULT_PORTS[url.protocol]}`;
  });
  // <-loopback> takes back Chromium's own exception for loopback: 127.0.0.1 too is reached only on the ports listed.
  return [`--proxy-server=${NOWHERE_PROXY}`, `--proxy-bypass-list=${['<-loopback>', ...new Set(hosts)].join(';')}`];
}
