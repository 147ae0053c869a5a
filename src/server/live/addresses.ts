/**
 * Which addresses a destination may stream to (issue 31): without this, any `rtmp://host:port` made
 * the server connect there, and the error it showed told an open port from a closed one: a moderator
 * could scan the server's own network. An address is judged by its class:
 *
 * - never: unspecified, link-local, multicast, reserved, and the clouds' metadata services;
 * - loopback and private ranges: only where the rules allow them (the sample backend, or the
 *   operator's STUDIO_DESTINATION_ALLOW: hosts, host:port or CIDR ranges);
 * - everything else (the internet): always.
 *
 * An IPv6 address that carries an IPv4 one (mapped, NAT64, the old compatible form) is judged as
 * that IPv4 address. The same judgement applies to a host typed as an address (on save) and to
 * every address a host name resolves to (when the output connects: worker/destinationRelay.ts).
 */
import { isIP } from 'node:net';

type Bytes = readonly number[];
interface Range {
  bytes: Bytes;
  bits: number;
}
interface NamedRange extends Range {
  name: string;
}

/** The bytes of an IPv4 or IPv6 address (no zone), or null. */
export function ipBytes(address: string): Bytes | null {
  const version = isIP(address);
  if (version === 4) return address.split('.').map(Number);
  if (version !== 6 || address.includes('%')) return null;
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::') as [string, string | undefined];
  const groups = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = groups(head);
  const right = rest === undefined ? [] : groups(rest);
  const all = [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  return all.flatMap((g) => [g >> 8, g & 0xff]);
}

/** A range in CIDR text (`10.0.0.0/8`, `fd00::/8`), or null. */
export function parseCidr(text: string): Range | null {
  const slash = text.lastIndexOf('/');
  if (slash < 0) return null;
  const bytes = ipBytes(text.slice(0, slash));
  const bitsText = text.slice(slash + 1);
  const bits = Number(bitsText);
  if (!bytes || !/^\d{1,3}$/.test(bitsText) || bits > bytes.length * 8) return null;
  return { bytes, bits };
}

function inRange(bytes: Bytes, range: Range): boolean {
  if (bytes.length !== range.bytes.length) return false;
  for (let bit = 0; bit < range.bits; bit += 8) {
    const mask = (0xff << (8 - Math.min(8, range.bits - bit))) & 0xff;
    const i = bit / 8;
    if ((bytes[i]! & mask) !== (range.bytes[i]! & mask)) return false;
  }
  return true;
}

const named = (name: string, cidrs: string[]): NamedRange[] => cidrs.map((cidr) => ({ name, ...parseCidr(cidr)! }));

/** Never streamed to, whatever the rules list. */
export const NEVER_RANGES: readonly NamedRange[] = [
  ...named('an unspecified address', ['0.0.0.0/8', '::/128']),
  ...named('a link-local address (where the cloud metadata service answers)', ['169.254.0.0/16', 'fe80::/10']),
  ...named('a multicast address', ['224.0.0.0/4', 'ff00::/8']),
  ...named('a reserved address', ['240.0.0.0/4']),
  ...named('a cloud metadata address', ['100.100.100.200/32', '168.63.129.16/32', 'fd00:ec2::254/128']),
];
export const LOOPBACK_RANGES: readonly NamedRange[] = named('a loopback address', ['127.0.0.0/8', '::1/128']);
export const PRIVATE_RANGES: readonly NamedRange[] = named('a private address', ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10', 'fc00::/7', 'fec0::/10']);
/** IPv6 prefixes whose last 32 bits are an IPv4 address the packets really go to. */
export const IPV4_CARRIERS: readonly Range[] = ['::ffff:0:0/96', '64:ff9b::/96', '::/96'].map((cidr) => parseCidr(cidr)!);

export type AddressClass = { kind: 'never' | 'loopback' | 'private'; name: string } | { kind: 'public' };

/** The class of an IP address (an IPv4 one carried in IPv6 judged as itself). */
export function classifyAddress(address: string): AddressClass {
  let bytes = ipBytes(address);
  if (!bytes) return { kind: 'never', name: 'not an IP address' };
  const exact = [...NEVER_RANGES, ...LOOPBACK_RANGES].find((r) => r.bits === 128 && inRange(bytes!, r));
  if (!exact && IPV4_CARRIERS.some((r) => inRange(bytes!, r))) bytes = bytes.slice(12);
  const hit = (ranges: readonly NamedRange[]) => ranges.find((r) => inRange(bytes!, r));
  const never = hit(NEVER_RANGES);
  if (never) return { kind: 'never', name: never.name };
  const loopback = hit(LOOPBACK_RANGES);
  if (loopback) return { kind: 'loopback', name: loopback.name };
  const priv = hit(PRIVATE_RANGES);
  return priv ? { kind: 'private', name: priv.name } : { kind: 'public' };
}

/** One entry of STUDIO_DESTINATION_ALLOW: addresses (a range, or one address) or a host name, with a port or any. */
export type AllowEntry = { range: Range; port: number | null } | { host: string; port: number | null };

/** `host`, `host:port`, an address, `[v6]:port` or a CIDR range; null when the text is none of them. */
export function parseAllowEntry(text: string): AllowEntry | null {
  const range = parseCidr(text);
  if (range) return { range, port: null };
  if (text.includes('/')) return null;
  // A bare IPv6 address has colons of its own: it takes no port unless bracketed.
  const bare = isIP(text) === 6;
  let url: URL;
  try {
    url = new URL(`http://${bare ? `[${text}]` : text}`);
  } catch {
    return null;
  }
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash || !url.hostname) return null;
  const portText = bare ? undefined : /:(\d+)$/.exec(text)?.[1];
  const port = portText === undefined ? null : Number(portText);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const bytes = ipBytes(host);
  return bytes ? { range: { bytes, bits: bytes.length * 8 }, port } : { host, port };
}

/** The entries of STUDIO_DESTINATION_ALLOW (comma-separated) as text. */
export const allowListEntries = (text: string | undefined): string[] => (text ?? '').split(',').map((e) => e.trim()).filter(Boolean);

/** Reads the entries; throws naming one it cannot read (the backend refuses to start with it). */
export function parseAllowList(entries: readonly string[]): AllowEntry[] {
  return entries.map((entry) => {
    const parsed = parseAllowEntry(entry);
    if (!parsed) throw new Error(`STUDIO_DESTINATION_ALLOW: "${entry}" is not a host, host:port, address or CIDR range`);
    return parsed;
  });
}

/** What a backend streams to, as the worker is told it (plain data: it crosses the IPC). */
export interface DestinationRules {
  /** Loopback and private addresses are allowed (the sample backend: a local RTMP server works). */
  privateAllowed: boolean;
  /** STUDIO_DESTINATION_ALLOW's entries, as text. */
  allow: string[];
}

/** The rules of a start: a production one refuses loopback and private ranges unless listed. Throws on an unreadable list. */
export function destinationRules(production: boolean, allowText = process.env.STUDIO_DESTINATION_ALLOW): DestinationRules {
  const allow = allowListEntries(allowText);
  parseAllowList(allow);
  return { privateAllowed: !production, allow };
}

function listed(entries: readonly AllowEntry[], host: string, address: string, port: number): boolean {
  const bytes = ipBytes(address);
  const matches = (e: AllowEntry) => ('range' in e ? bytes !== null && inRange(bytes, e.range) : e.host === host);
  return entries.some((e) => matches(e) && (e.port === null || e.port === port));
}

/**
 * Why `address` (what `host` resolved to, or `host` itself) may not be streamed to on `port`, or
 * null. The reason names the address's class, never whether anything listens there.
 */
export function addressProblem(rules: DestinationRules, host: string, address: string, port: number): string | null {
  const cls = classifyAddress(address);
  if (cls.kind === 'public') return null;
  const shown = host === address ? address : `${host} (${address})`;
  if (cls.kind === 'never') return `The destination ${shown} is ${cls.name}: never streamed to`;
  if (rules.privateAllowed || listed(parseAllowList(rules.allow), host, address, port)) return null;
  return `The destination ${shown} is ${cls.name}: this server streams there only when STUDIO_DESTINATION_ALLOW lists it`;
}
