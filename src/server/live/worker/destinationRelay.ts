/**
 * An RTMP destination's connection is made here, not by ffmpeg (issue 31). ffmpeg publishes to a
 * loopback relay; the relay carries its bytes over a connection this process opened beforehand:
 *
 * - to an address checked against the backend's rules (live/addresses.ts): every address the host
 *   name resolves to is judged, and the one connected to is one that was judged — so a name cannot
 *   answer differently to the check and to the connection;
 * - for RTMPS, over TLS with the server's certificate verified against the system's CAs (plus
 *   STUDIO_DESTINATION_CA_FILE) for the host name typed: ffmpeg verified nothing unless told.
 *
 * A refusal or a failure reads the same whether or not anything listens at that port.
 */
import { lookup } from 'node:dns/promises';
import { existsSync, readFileSync } from 'node:fs';
import { connect as tcpConnect, createServer, isIP, type Socket } from 'node:net';
import { connect as tlsConnect, rootCertificates } from 'node:tls';
import { addressProblem, type DestinationRules } from '../addresses';
import type { RtmpTarget } from '../destinationUrl';
import { DESTINATION_CONNECT_TIMEOUT_MS } from '../rules';

/** Debian's bundle of the system's CAs (Node's own list where it is missing). */
export const SYSTEM_CA_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';

/** The CAs an RTMPS server's certificate is verified against. */
export function destinationCas(caFile: string | null, systemBundle = SYSTEM_CA_BUNDLE): string[] {
  const system = existsSync(systemBundle) ? [readFileSync(systemBundle, 'utf8')] : [...rootCertificates];
  return caFile ? [...system, readFileSync(caFile, 'utf8')] : system;
}

/** Checks STUDIO_DESTINATION_CA_FILE at the backend's start: a file of PEM certificates; throws saying what is wrong. */
export function checkCaFile(caFile: string): void {
  let text: string;
  try {
    text = readFileSync(caFile, 'utf8');
  } catch {
    throw new Error(`STUDIO_DESTINATION_CA_FILE: ${caFile} cannot be read`);
  }
  if (!text.includes('-----BEGIN CERTIFICATE-----')) throw new Error(`STUDIO_DESTINATION_CA_FILE: ${caFile} holds no PEM certificate`);
}

/** Why a destination cannot be reached: said as is on the destination (no errno, no port state). */
export class DestinationError extends Error {}

export type Lookup = (host: string) => Promise<string[]>;
const systemLookup: Lookup = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** The addresses to connect to, in the resolver's order, once every address the host name resolves to passed the rules. */
export async function checkedAddresses(target: RtmpTarget, rules: DestinationRules, resolve: Lookup = systemLookup): Promise<string[]> {
  let addresses: string[];
  try {
    addresses = isIP(target.host) ? [target.host] : await resolve(target.host);
  } catch {
    addresses = [];
  }
  if (!addresses.length) throw new DestinationError(`Could not find the destination ${target.host}`);
  for (const address of addresses) {
    const problem = addressProblem(rules, target.host, address, target.port);
    if (problem) throw new DestinationError(problem);
  }
  return addresses;
}

/** A certificate the TLS layer refused, rather than a connection that failed. */
const CERTIFICATE_ERROR = /CERT|SELF_SIGNED|UNABLE_TO|ALTNAME|ISSUER/;

interface ConnectOptions {
  rules: DestinationRules;
  ca: string[];
  resolve?: Lookup;
  timeoutMs?: number;
}

class CertificateRefused extends DestinationError {}

function connectTo(target: RtmpTarget, address: string, o: ConnectOptions): Promise<Socket> {
  const where = `${target.host}:${target.port}`;
  return new Promise<Socket>((resolve, reject) => {
    const socket: Socket = target.tls
      ? tlsConnect({ host: address, port: target.port, ca: o.ca, rejectUnauthorized: true, ...(isIP(target.host) ? {} : { servername: target.host }) })
      : tcpConnect({ host: address, port: target.port });
    const timer = setTimeout(() => socket.destroy(new Error('timeout')), o.timeoutMs ?? DESTINATION_CONNECT_TIMEOUT_MS);
    socket.once(target.tls ? 'secureConnect' : 'connect', () => {
      clearTimeout(timer);
      socket.removeAllListeners('error');
      // From now on an error ends the connection (the relay and ffmpeg see it close).
      socket.on('error', () => socket.destroy());
      resolve(socket);
    });
    socket.once('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      socket.destroy();
      if (target.tls && CERTIFICATE_ERROR.test(e.code ?? '')) reject(new CertificateRefused(`The RTMPS server ${where} did not show a certificate this server trusts (${e.code})`));
      else reject(new DestinationError(`Could not connect to the destination ${where}`));
    });
  });
}

/**
 * A connection to the destination, checked and (RTMPS) verified: each checked address in turn
 * until one answers; throws a DestinationError saying why not (a refused certificate at once).
 */
export async function connectDestination(target: RtmpTarget, o: ConnectOptions): Promise<Socket> {
  let failure: unknown = null;
  for (const address of await checkedAddresses(target, o.rules, o.resolve)) {
    try {
      return await connectTo(target, address, o);
    } catch (e) {
      if (e instanceof CertificateRefused) throw e;
      failure = e;
    }
  }
  throw failure;
}

/**
 * A loopback RTMP address for ffmpeg (`port`) that carries its one connection to `upstream`; a
 * second connection is refused. close() ends both sides.
 */
export async function openRelay(upstream: Socket): Promise<{ port: number; close(): void }> {
  let taken = false;
  const server = createServer((local) => {
    if (taken) return local.destroy();
    taken = true;
    server.close();
    local.pipe(upstream).pipe(local);
    const end = () => {
      local.destroy();
      upstream.destroy();
    };
    local.once('close', end);
    upstream.once('close', end);
    local.on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    close() {
      server.close();
      upstream.destroy();
    },
  };
}
