import { describe, expect, it } from 'vitest';
import { platformVerdict } from '../../src/app/platform';
import { parseRoute } from '../../src/ui/router';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const EDGE = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36 Edg/156.0.0.0';
const HEADLESS = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
const SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const OPERA = `${CHROME} OPR/110.0.0.0`;
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/156.0 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';

describe('supported platforms (§5)', () => {
  it.each([
    ['Chrome', CHROME, 0, 'supported'],
    ['Edge', EDGE, 0, 'supported'],
    ['headless Chrome', HEADLESS, 0, 'supported'],
    ['Firefox', FIREFOX, 0, 'unsupported-browser'],
    ['Safari', SAFARI, 0, 'unsupported-browser'],
    ['Opera', OPERA, 0, 'unsupported-browser'],
    ['iPhone', IPHONE, 5, 'mobile'],
    ['Android Chrome', ANDROID, 5, 'mobile'],
    ['iPad in desktop mode', SAFARI, 5, 'mobile'],
  ] as const)('%s', (_, ua, touch, verdict) => {
    expect(platformVerdict(ua, touch)).toBe(verdict);
  });
});

describe('routes (§2)', () => {
  const base = '/studio/instant-demo/';
  it.each([
    ['/studio/instant-demo/', '', { name: 'demo', code: '' }],
    ['/studio/instant-demo/', '?code=XYZ', { name: 'demo', code: 'XYZ' }],
    ['/studio/instant-demo', '', { name: 'demo', code: '' }],
    ['/studio/instant-demo/select-channel', '', { name: 'select-channel' }],
    ['/studio/instant-demo/output', '', { name: 'output' }],
    ['/studio/instant-demo/nope', '', { name: 'not-found', path: 'nope' }],
    ['/studio/instant-demo/watch/product-launch', '', { name: 'watch', sharingUrl: 'product-launch' }],
    ['/studio/instant-demo/watch/a%20b/', '', { name: 'watch', sharingUrl: 'a b' }],
    ['/studio/instant-demo/watch/', '', { name: 'not-found', path: 'watch' }],
  ])('%s%s', (path, search, route) => {
    expect(parseRoute(path, search, base)).toEqual(route);
  });
});
