/** The token exchange service (§7): a USER grant (the user token) or a MEETING grant (a meeting token). */
import { createClient, json, type TokenSource } from './http';

export function tokenExchangeClient(base: string, token: TokenSource, fetchImpl?: typeof fetch) {
  const http = createClient({ base, token, fetch: fetchImpl });
  return {
    exchange: (grantType: 'USER' | 'MEETING', grantToken: string) =>
      json<{ token: string }>(() => http.post('accesstoken', { json: { grantType, token: grantToken }, retry: 0 })),
  };
}
