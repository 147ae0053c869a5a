// @vitest-environment node
/** Where a destination may stream (src/server/live/addresses.ts): one row per rule. */
import { describe, expect, it } from 'vitest';
import { rtmpTarget } from '../../src/server/live/destinationUrl';
import { DESTINATION_CONNECT_TIMEOUT_MS } from '../../src/server/live/rules';
import { checkCaFile, checkedAddresses, destinationCas, SYSTEM_CA_BUNDLE } from '../../src/server/live/worker/destinationRelay';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import { join } from 'node:path';
import { removeDir, tempDir } from './helpers';
import {
  addressProblem, classifyAddress, destinationRules, ipBytes, IPV4_CARRIERS, LOOPBACK_RANGES, NEVER_RANGES, parseAllowEntry, parseAllowList, parseCidr, PRIVATE_RANGES,
} from '../../src/server/live/addresses';

describe('addresses as bytes', () => {
  it.each<[string, number[] | null]>([
    ['127.0.0.1', [127, 0, 0, 1]],
    ['::1', [...Array<number>(15).fill(0), 1]],
    ['::', Array<number>(16).fill(0)],
    ['::ffff:169.254.169.254', [...Array<number>(10).fill(0), 0xff, 0xff, 169, 254, 169, 254]],
    ['fd00:ec2::254', [0xfd, 0, 0x0e, 0xc2, ...Array<number>(10).fill(0), 0x02, 0x54]],
    ['1::', [0, 1, ...Array<number>(14).fill(0)]],
    ['fe80::1%eth0', null],
    ['localhost', null],
    ['0x7f.1', null],
  ])('%s', (text, bytes) => expect(ipBytes(text)).toEqual(bytes));

  it('reads CIDR ranges and refuses what is not one', () => {
    expect(parseCidr('10.0.0.0/8')).toEqual({ bytes: [10, 0, 0, 0], bits: 8 });
    expect(parseCidr('fd00::/8')?.bits).toBe(8);
    expect(parseCidr('10.0.0.0/33')).toBeNull();
    expect(parseCidr('10.0.0.0/')).toBeNull();
    expect(parseCidr('host/8')).toBeNull();
  });
});

describe('the class of an address', () => {
  it.each<[string, string, RegExp | null]>([
    // never, whatever the rules
    ['0.0.0.0', 'never', /unspecified/],
    ['::', 'never', /unspecified/],
    ['169.254.169.254', 'never', /link-local/],
    ['fe80::1', 'never', /link-local/],
    ['224.0.0.1', 'never', /multicast/],
    ['ff02::1', 'never', /multicast/],
    ['255.255.255.255', 'never', /reserved/],
    ['100.100.100.200', 'never', /metadata/],
    ['168.63.129.16', 'never', /metadata/],
    ['fd00:ec2::254', 'never', /metadata/],
    // an IPv4 address carried in IPv6 is judged as itself
    ['::ffff:169.254.169.254', 'never', /link-local/],
    ['::ffff:a9fe:a9fe', 'never', /link-local/],
    ['64:ff9b::a9fe:a9fe', 'never', /link-local/],
    ['::ffff:127.0.0.1', 'loopback', /loopback/],
    ['::7f00:1', 'loopback', /loopback/],
    ['::ffff:10.1.2.3', 'private', /private/],
    // loopback and private
    ['127.0.0.1', 'loopback', /loopback/],
    ['127.255.0.9', 'loopback', /loopback/],
    ['::1', 'loopback', /loopback/],
    ['10.1.2.3', 'private', /private/],
    ['172.16.0.1', 'private', /private/],
    ['172.31.255.255', 'private', /private/],
    ['192.168.1.1', 'private', /private/],
    ['100.64.0.1', 'private', /private/],
    ['fd12:3456::1', 'private', /private/],
    // the internet
    ['172.32.0.1', 'public', null],
    ['8.8.8.8', 'public', null],
    ['142.250.1.1', 'public', null],
    ['2001:4860:4860::8888', 'public', null],
    ['::ffff:8.8.8.8', 'public', null],
  ])('%s is %s', (address, kind, name) => {
    const cls = classifyAddress(address);
    expect(cls.kind).toBe(kind);
    if (name) expect('name' in cls ? cls.name : '').toMatch(name);
  });

  it('names every range it holds, as the issue lists them', () => {
    expect(NEVER_RANGES.map((r) => r.name)).toEqual(expect.arrayContaining([expect.stringMatching(/unspecified/), expect.stringMatching(/link-local/), expect.stringMatching(/multicast/), expect.stringMatching(/metadata/)]));
    expect(LOOPBACK_RANGES).toHaveLength(2);
    expect(PRIVATE_RANGES.length).toBeGreaterThanOrEqual(5);
    expect(IPV4_CARRIERS).toHaveLength(3);
  });
});

describe('STUDIO_DESTINATION_ALLOW', () => {
  it.each<[string, unknown]>([
    ['rtmp.internal', { host: 'rtmp.internal', port: null }],
    ['RTMP.internal:1935', { host: 'rtmp.internal', port: 1935 }],
    ['127.0.0.1:19350', { range: { bytes: [127, 0, 0, 1], bits: 32 }, port: 19350 }],
    ['10.0.0.0/8', { range: { bytes: [10, 0, 0, 0], bits: 8 }, port: null }],
    ['::1', { range: { bytes: ipBytes('::1'), bits: 128 }, port: null }],
    ['[::1]:1935', { range: { bytes: ipBytes('::1'), bits: 128 }, port: 1935 }],
    ['rtmp://host', null],
    ['host/path', null],
    ['user@host', null],
    ['host:99999', null],
  ])('%s', (text, entry) => expect(parseAllowEntry(text)).toEqual(entry));

  it('refuses a list with an unreadable entry, naming it; reads a comma-separated list', () => {
    expect(() => destinationRules(true, 'a.example, rtmp://b')).toThrow('STUDIO_DESTINATION_ALLOW: "rtmp://b" is not a host, host:port, address or CIDR range');
    expect(destinationRules(true, ' a.example , 10.0.0.0/8,, ')).toEqual({ privateAllowed: false, allow: ['a.example', '10.0.0.0/8'] });
    expect(destinationRules(false, undefined)).toEqual({ privateAllowed: true, allow: [] });
    expect(parseAllowList([])).toEqual([]);
  });
});

describe('whether a destination may stream to an address', () => {
  const production = destinationRules(true, 'rtmp.internal:1935, 127.0.0.1:19350, 10.1.0.0/16, [::1]:1936');
  const development = destinationRules(false, '');
  it.each<[string, string, string, number, RegExp | null]>([
    ['the internet, in production', 'a.rtmp.youtube.com', '142.250.1.1', 1935, null],
    ['loopback in production (a port scan of the server)', '127.0.0.1', '127.0.0.1', 22, /127\.0\.0\.1 is a loopback address: this server streams there only when STUDIO_DESTINATION_ALLOW lists it/],
    ['a name resolving to loopback in production', 'localhost', '127.0.0.1', 1935, /localhost \(127\.0\.0\.1\) is a loopback address/],
    ['a private address in production', '192.168.1.1', '192.168.1.1', 1935, /private address/],
    ['a listed address and port', '127.0.0.1', '127.0.0.1', 19350, null],
    ['a listed address on another port', '127.0.0.1', '127.0.0.1', 19351, /loopback/],
    ['a listed range', '10.1.2.3', '10.1.2.3', 1935, null],
    ['outside the listed range', '10.2.0.1', '10.2.0.1', 1935, /private/],
    ['a listed host name, whatever it resolves to', 'rtmp.internal', '10.9.9.9', 1935, null],
    ['a listed host name on another port', 'rtmp.internal', '10.9.9.9', 1936, /private/],
    ['a listed IPv6 address and port', '::1', '::1', 1936, null],
    ['loopback in development (a local RTMP server)', '127.0.0.1', '127.0.0.1', 1935, null],
    ['cloud metadata in development', '169.254.169.254', '169.254.169.254', 80, /169\.254\.169\.254 is a link-local address \(where the cloud metadata service answers\): never streamed to/],
    ['metadata behind IPv4-mapped IPv6 in development', '::ffff:a9fe:a9fe', '::ffff:a9fe:a9fe', 80, /never streamed to/],
    ['unspecified in development', '0.0.0.0', '0.0.0.0', 1935, /unspecified/],
    ['multicast in development', '224.0.0.1', '224.0.0.1', 1935, /multicast/],
  ])('%s', (_name, host, address, port, problem) => {
    const rules = /development/.test(_name) ? development : production;
    const answer = addressProblem(rules, host, address, port);
    if (problem) expect(answer).toMatch(problem);
    else expect(answer).toBeNull();
  });

  it('never lists the metadata service, even when told to', () => {
    expect(addressProblem(destinationRules(true, '169.254.0.0/16'), '169.254.169.254', '169.254.169.254', 80)).toMatch(/never streamed to/);
  });
});

describe('when an output connects (worker/destinationRelay.ts)', () => {
  const target = (host: string, port = 1935) => rtmpTarget(`rtmp://${host}:${port}/live`);
  const answers = (addresses: string[]) => async () => addresses;
  const production = destinationRules(true, '');

  it('judges every address a name resolves to, and connects only to those', async () => {
    await expect(checkedAddresses(target('a.example'), production, answers(['142.250.1.1', '2001:4860:4860::8888']))).resolves.toEqual(['142.250.1.1', '2001:4860:4860::8888']);
    // A name that answers the internet and loopback at once is refused, not half-trusted.
    await expect(checkedAddresses(target('rebind.example'), production, answers(['142.250.1.1', '127.0.0.1']))).rejects.toThrow('The destination rebind.example (127.0.0.1) is a loopback address: this server streams there only when STUDIO_DESTINATION_ALLOW lists it');
    await expect(checkedAddresses(target('meta.example'), destinationRules(false, ''), answers(['169.254.169.254']))).rejects.toThrow(/never streamed to/);
  });

  it('says a name that resolves to nothing; asks no resolver for an address', async () => {
    await expect(checkedAddresses(target('nowhere.example'), production, () => Promise.reject(new Error('ENOTFOUND')))).rejects.toThrow('Could not find the destination nowhere.example');
    await expect(checkedAddresses(target('8.8.8.8'), production, () => Promise.reject(new Error('asked')))).resolves.toEqual(['8.8.8.8']);
  });

  it(`gives a connection ${DESTINATION_CONNECT_TIMEOUT_MS / 1000} s to open`, () => expect(DESTINATION_CONNECT_TIMEOUT_MS).toBe(10_000));
});

describe('the CAs of an RTMPS destination', () => {
  it("are the system's, plus STUDIO_DESTINATION_CA_FILE; Node's own list where the system has none", () => {
    const dir = tempDir();
    try {
      const ca = join(dir, 'ca.pem');
      writeFileSync(ca, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
      if (existsSync(SYSTEM_CA_BUNDLE)) expect(destinationCas(null)).toEqual([readFileSync(SYSTEM_CA_BUNDLE, 'utf8')]);
      expect(destinationCas(ca).at(-1)).toBe(readFileSync(ca, 'utf8'));
      expect(destinationCas(null, join(dir, 'none.crt'))).toEqual([...rootCertificates]);
      expect(() => checkCaFile(ca)).not.toThrow();
      expect(() => checkCaFile(join(dir, 'none.pem'))).toThrow(/STUDIO_DESTINATION_CA_FILE: .*none\.pem cannot be read/);
      writeFileSync(join(dir, 'text.pem'), 'not a certificate');
      expect(() => checkCaFile(join(dir, 'text.pem'))).toThrow(/holds no PEM certificate/);
    } finally {
      removeDir(dir);
    }
  });
});
