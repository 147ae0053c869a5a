// @vitest-environment node
/** Which media a channel may show (src/server/mediaUrls.ts): the capture on the server fetches each of them. */
import { describe, expect, it } from 'vitest';
import { keyProblem } from '../../src/server/channelLimits';
import { FEED_SCHEMES, mediaOriginsFrom, mediaUrlProblem, OWN_MEDIA_PATHS } from '../../src/server/mediaUrls';

const OWN = 'http://127.0.0.1:8787';
const PUBLIC = 'https://studio.example.com';
const MEDIA = { own: (origin: string) => origin === OWN || origin === PUBLIC, listed: ['https://cdn.example.com'] };

describe('a media URL', () => {
  it.each<[string, string, boolean]>([
    ['an upload on this backend', `${OWN}/files/abc.png`, true],
    ['an upload on its public origin', `${PUBLIC}/files/abc.png`, true],
    ['an upload as a path', '/files/abc.png', true],
    ['a predefined background (a path of the build)', '/studio/instant-demo/assets/background-4-Ab12.jpg', true],
    ['a predefined asset on this backend', `${OWN}/studio/instant-demo/assets/logo-1.png`, true],
    ['any URL of a listed origin', 'https://cdn.example.com/brand/logo.png', true],
    ['none (no picture)', '', true],
    // The attack: the server's Chromium was sent to a service of the server's own network.
    ['a loopback HTTPS service', 'https://127.0.0.1:19443/bg.jpg', false],
    ['this backend, outside its uploads and assets', `${OWN}/api/studio/channel/list`, false],
    ['out of the uploads by dot segments', '/files/../api/studio/channel/list', false],
    ['out of the uploads by encoded dot segments', '/files/%2e%2e/usermanager/v1/user/1', false],
    ['a protocol-relative host', '//169.254.169.254/latest/meta-data/', false],
    ['a backslash host', '/\\169.254.169.254/latest', false],
    ['a relative path (resolved against the page, not the root)', 'files/abc.png', false],
    ['the cloud metadata service', 'http://169.254.169.254/latest/meta-data/', false],
    ['another origin over https', 'https://example.com/bg.jpg', false],
    ['a listed host on another port', 'https://cdn.example.com:8443/logo.png', false],
    ['the listed origin over http', 'http://cdn.example.com/logo.png', false],
    ['a blob: of this backend (means nothing on the server)', `blob:${OWN}/0b6c-11`, false],
    ['javascript:', 'javascript:alert(1)', false],
    ['data:', 'data:image/png;base64,AAAA', false],
    ['a leading space', ' /files/abc.png', false],
    ['a tab in the scheme', 'ht\ttps://127.0.0.1:19443/bg.jpg', false],
    ['a meeting feed, where a picture is expected', 'meeting:producer-1', false],
  ])('%s', (_name, url, allowed) => expect(mediaUrlProblem(url, MEDIA) === null).toBe(allowed));

  it('a producer layer may name a feed, never fetched', () => {
    for (const scheme of FEED_SCHEMES) expect(mediaUrlProblem(`${scheme}producer-1`, MEDIA, true)).toBeNull();
    expect(mediaUrlProblem('https://127.0.0.1:19443/v.mp4', MEDIA, true)).toMatch(/STUDIO_MEDIA_ORIGINS/);
  });

  it('names the paths of this backend that hold media', () => expect(OWN_MEDIA_PATHS).toEqual(['/files/', '/studio/instant-demo/assets/']));
});

describe('a refused media URL names the key and the field', () => {
  it.each<[string, string, unknown, RegExp]>([
    ['a background', 'media:background', { id: 'b', type: 'image', url: 'https://127.0.0.1:19443/bg.jpg', name: 'b' }, /^media:background url is not one of this server's uploads or assets, nor on an origin of STUDIO_MEDIA_ORIGINS$/],
    ['a logo', 'tpl:lg1', { id: 'lg1', type: 'LOGO', source: 'http://10.0.0.5/logo.png' }, /^tpl:lg1 source is not one of/],
    ['a shared video layer', 'layer:share', { sourceId: 'share', type: 'CONTENT_SHARING', sourceUrl: 'https://127.0.0.1:19443/v.mp4' }, /^layer:share sourceUrl is not one of/],
  ])('%s', (_name, key, value, message) => expect(keyProblem(key, value as never, MEDIA)).toMatch(message));
});

describe('STUDIO_MEDIA_ORIGINS', () => {
  it('reads origins, and stops the start naming an entry that is none', () => {
    expect(mediaOriginsFrom(' https://cdn.example.com , https://media.example.com:8443/ ')).toEqual(['https://cdn.example.com', 'https://media.example.com:8443']);
    expect(mediaOriginsFrom(undefined)).toEqual([]);
    expect(() => mediaOriginsFrom('https://cdn.example.com/media')).toThrow('STUDIO_MEDIA_ORIGINS: "https://cdn.example.com/media" is not an origin (https://host or https://host:port)');
    expect(() => mediaOriginsFrom('ftp://x')).toThrow(/not an origin/);
  });
});
