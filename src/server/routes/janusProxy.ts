/**
 * `/janus`: Janus' WebSocket API on the backend's own origin (CONTRACT.md "Meeting"), relayed frame
 * by frame to the Janus this backend runs on loopback. The page's CSP allows only its own origin
 * (and https/wss) for connections, so a page served over http could not reach Janus' own port; and a
 * deployment needs one public address instead of two. Only signalling passes here; media flows
 * between the browser and Janus directly.
 */
import type { FastifyInstance } from 'fastify';
import { WebSocket, type RawData } from 'ws';

export const JANUS_PUBLIC_PATH = '/janus';
const PROTOCOL = 'janus-protocol';

export function janusProxyRoute(app: FastifyInstance, janusWsUrl: string): void {
  app.get(JANUS_PUBLIC_PATH, { websocket: true }, (socket: WebSocket) => {
    const upstream = new WebSocket(janusWsUrl, PROTOCOL);
    const waiting: string[] = [];
    const text = (data: RawData) => (Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer)).toString('utf8');
    upstream.on('open', () => waiting.splice(0).forEach((m) => upstream.send(m)));
    upstream.on('message', (data) => socket.readyState === socket.OPEN && socket.send(text(data)));
    socket.on('message', (data) => (upstream.readyState === upstream.OPEN ? upstream.send(text(data)) : waiting.push(text(data))));
    const closeBoth = () => {
      if (socket.readyState === socket.OPEN) socket.close(1001, 'Media server connection closed');
      if (upstream.readyState === upstream.OPEN || upstream.readyState === upstream.CONNECTING) upstream.terminate();
    };
    upstream.on('close', closeBoth);
    upstream.on('error', closeBoth);
    socket.on('close', closeBoth);
  });
}
