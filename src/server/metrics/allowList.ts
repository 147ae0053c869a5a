/**
 * Who may read /metrics (`STUDIO_METRICS_ALLOW`): addresses and CIDRs, IPv4 or IPv6, matched with
 * Node's own `net.BlockList` (no dependency; it also matches an IPv4-mapped `::ffff:a.b.c.d` peer
 * against IPv4 rules, as a dual-stack listener reports them).
 */
import { BlockList, isIP } from 'node:net';

/** Loopback only: a Prometheus on the same machine. */
export const DEFAULT_METRICS_ALLOW: readonly string[] = ['127.0.0.0/8', '::1'];

export interface AllowList {
  allows(address: string | undefined): boolean;
}

/** Throws, naming the entry, on one that is neither an address nor a CIDR: a typo must not open or shut /metrics silently. */
export function allowList(entries: readonly string[]): AllowList {
  const list = new BlockList();
  for (const raw of entries) {
    const entry = raw.trim();
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    const bits = prefix === undefined ? null : /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
    if (!family || extra !== undefined || Number.isNaN(bits) || (bits !== null && bits > (family === 4 ? 32 : 128))) {
      throw new Error(`STUDIO_METRICS_ALLOW: "${raw}" is not an address or a CIDR (e.g. 127.0.0.1, 10.0.0.0/8, ::1, fd00::/8)`);
    }
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === null) list.addAddress(address, type);
    else list.addSubnet(address, bits, type);
  }
  return {
    allows(address) {
      const family = isIP(address ?? '');
      return family !== 0 && list.check(address ?? '', family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}
