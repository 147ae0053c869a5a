/** The user manager (§7 Authentication and user): sign-in, token info, the user, features. */
import { createClient, done, json, type TokenSource } from './http';
import type { Feature, TokenAnswer, WireUser } from './types';

export function userManagerClient(base: string, token: TokenSource, fetchImpl?: typeof fetch) {
  const http = createClient({ base, token, fetch: fetchImpl });
  return {
    /** POST oauth2/token (form: username, password, grant_type=password). */
    signIn: (username: string, password: string) =>
      json<TokenAnswer>(() => http.post('oauth2/token', { body: new URLSearchParams({ username, password, grant_type: 'password' }), retry: 0 })),
    /** POST oauth2/signout: the server ends the session of `token` (every token made from that sign-in). */
    signOut: (token: string) => done(() => http.post('oauth2/signout', { headers: { Authorization: `Bearer ${token}` }, retry: 0 })),
    /** GET oauth2/tokenInfo: who the token belongs to. */
    tokenInfo: () => json<{ user: WireUser }>(() => http.get('oauth2/tokenInfo')),
    user: (id: string) => json<WireUser>(() => http.get(`v1/user/${encodeURIComponent(id)}`)),
    /** GET v1/user/{id}/features (bearer): a list of name/available. */
    features: (id: string) => json<Feature[]>(() => http.get(`v1/user/${encodeURIComponent(id)}/features`)),
  };
}
