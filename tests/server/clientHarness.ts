/**
 * Shared setup of the client contract tests (clients.contract.test.ts): the studio's src/api clients
 * built on the backend's addresses as its config.json names them, each through a recording fetch, so a
 * test can check both what the client sent (and the status the server answered) and what the client
 * made of the answer.
 */
import { createServer } from 'node:net';
import { PNG } from 'pngjs';
import { assetClient, cmsClient } from '../../src/api/assets';
import { audienceClient, type AudienceScope } from '../../src/api/audience';
import { channelClient } from '../../src/api/channel';
import { eventClient } from '../../src/api/events';
import type { TokenSource } from '../../src/api/http';
import { tokenExchangeClient } from '../../src/api/tokenExchange';
import { userManagerClient } from '../../src/api/userManager';

/** One request a client sent, and the status it got (null: no answer, a network failure). */
export interface Exchange {
  method: string;
  /** The path without the backend origin, e.g. `/usermanager/oauth2/token`. */
  path: string;
  query: Record<string, string>;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** JSON parsed when it is JSON, else the text ('' when there is none). */
  body: unknown;
  status: number | null;
}

/** A fetch that records every request before passing it on to the real fetch. */
export class Recorder {
  readonly exchanges: Exchange[] = [];

  readonly fetch: typeof fetch = async (input, init) => {
    const request = input instanceof Request && (!init || Object.keys(init).length === 0) ? input : new Request(input, init);
    const text = request.body ? await request.clone().text() : '';
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : '';
    } catch {
      /* a form or raw bytes: kept as text */
    }
    const url = new URL(request.url);
    const exchange: Exchange = {
      method: request.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: Object.fromEntries(request.headers),
      body,
      status: null,
    };
    this.exchanges.push(exchange);
    const response = await fetch(request);
    exchange.status = response.status;
    return response;
  };

  /** The index the next request will have (to look only at what follows). */
  mark(): number {
    return this.exchanges.length;
  }

  since(mark: number): Exchange[] {
    return this.exchanges.slice(mark);
  }

  last(): Exchange {
    const e = this.exchanges.at(-1);
    if (!e) throw new Error('no request was recorded');
    return e;
  }
}

/** The service addresses of the backend's config.json (src/server/studio.ts RUNTIME_CONFIG), made absolute. */
export function serviceBases(url: string) {
  return {
    userManager: `${url}/usermanager/`,
    tokenExchange: `${url}/token-exchange/v1/`,
    eventApi: `${url}/ptapi/api/`,
    studioApi: `${url}/api/studio`,
    assetApi: `${url}/api/v1/`,
    cms: `${url}/cms/`,
  };
}

export interface Tokens {
  /** The user token (user manager, token exchange, events list, access token, assets, CMS, channel). */
  user: TokenSource;
  /** The event access token (every other event-platform call). */
  event: TokenSource;
}

/** Every client of src/api for one user, on `url`, through `recorder`. */
export function clientsFor(url: string, tokens: Tokens, recorder: Recorder) {
  const b = serviceBases(url);
  const f = recorder.fetch;
  return {
    userManager: userManagerClient(b.userManager, tokens.user, f),
    tokenExchange: tokenExchangeClient(b.tokenExchange, tokens.user, f),
    events: eventClient({ base: b.eventApi, userToken: tokens.user, eventToken: tokens.event, fetch: f }),
    audience: (scope: AudienceScope) => audienceClient(b.eventApi, tokens.event, scope, f),
    assets: assetClient(b.assetApi, tokens.user, f),
    cms: cmsClient(b.cms, tokens.user, f),
    channel: channelClient(b.studioApi, tokens.user, f),
  };
}
export type Clients = ReturnType<typeof clientsFor>;

/** A real PNG of `width`×`height`, a colour gradient. */
export function smallPng(width = 8, height = 8): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      png.data[i] = (x * 255) / width;
      png.data[i + 1] = (y * 255) / height;
      png.data[i + 2] = 128;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/** A loopback port nothing listens on (bound, then closed): a call there fails at the network. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
