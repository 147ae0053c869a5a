// @vitest-environment node
/** Who may read /metrics (src/server/metrics/allowList.ts): the matcher at its edges, one row each. */
import { describe, expect, it } from 'vitest';
import { allowList, DEFAULT_METRICS_ALLOW } from '../../src/server/metrics/allowList';

describe('the metrics allow list', () => {
  it.each([
    // [entries, address, allowed]
    [DEFAULT_METRICS_ALLOW, '127.0.0.1', true],
    [DEFAULT_METRICS_ALLOW, '127.255.255.254', true],
    [DEFAULT_METRICS_ALLOW, '::1', true],
    [DEFAULT_METRICS_ALLOW, '0:0:0:0:0:0:0:1', true],
    // A dual-stack listener reports an IPv4 peer as IPv4-mapped IPv6.
    [DEFAULT_METRICS_ALLOW, '::ffff:127.0.0.1', true],
    [DEFAULT_METRICS_ALLOW, '128.0.0.1', false],
    [DEFAULT_METRICS_ALLOW, '10.0.0.1', false],
    [DEFAULT_METRICS_ALLOW, '::2', false],
    [DEFAULT_METRICS_ALLOW, '', false],
    [DEFAULT_METRICS_ALLOW, undefined, false],
    [DEFAULT_METRICS_ALLOW, 'localhost', false],
    [['10.0.0.0/8'], '10.255.255.255', true],
    [['10.0.0.0/8'], '11.0.0.0', false],
    [['10.0.0.0/8'], '9.255.255.255', false],
    [['10.0.0.0/8'], '127.0.0.1', false],
    [['192.168.1.10'], '192.168.1.10', true],
    [['192.168.1.10'], '192.168.1.11', false],
    [['192.168.1.10/32'], '192.168.1.10', true],
    [['192.168.1.10/32'], '192.168.1.11', false],
    [['fd00::/8'], 'fd12:3456::1', true],
    [['fd00::/8'], 'fe80::1', false],
    [['2001:db8::/32'], '2001:db8:ffff::1', true],
    [['2001:db8::/32'], '2001:db9::1', false],
    [[], '127.0.0.1', false],
    [[' 10.0.0.1 '], '10.0.0.1', true],
  ] as const)('%j allows %s: %s', (entries, address, allowed) => {
    expect(allowList(entries).allows(address)).toBe(allowed);
  });

  it.each(['localhost', '10.0.0.0/33', '::1/129', '10.0.0.0/8/8', '10.0.0.0/', '10.0.0.0/x', '10.0.0.0/-1', '300.0.0.1', 'https://10.0.0.1', '*'])('refuses the entry %j, naming it', (entry) => {
    expect(() => allowList([entry])).toThrow(`"${entry}" is not an address or a CIDR`);
  });
});
