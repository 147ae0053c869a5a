/**
 * Where backend mode keeps its tokens: in memory, and the user token also in the `token` cookie
 * (§7: it lasts expires_in/86400 days) so a reload stays signed in. Never in local or session
 * storage (RELIABILITY-NOTES §2.2). The cookie is SameSite=Strict, scoped to the app's path, and
 * Secure on https. It cannot be HttpOnly: §7 sends the token from the page (bearer headers, the event
 * access token request's userAccessToken, the CMS access_token). The event access token is never
 * stored at all.
 */
import { BASE_PATH } from '../../config';

export const TOKEN_COOKIE = 'token';

let userToken: string | null = null;
let eventToken: string | null = null;

function cookieAttributes(maxAgeSeconds: number): string {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  return `; Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}; Path=${BASE_PATH}; SameSite=Strict${secure}`;
}

export const tokens = {
  user: () => userToken,
  event: () => eventToken,
  /** A fresh sign-in: the cookie lasts as long as the token (expires_in seconds = expires_in/86400 days). */
  setUser(token: string, expiresInSeconds: number): void {
    userToken = token;
    document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}${cookieAttributes(expiresInSeconds)}`;
  },
  setEvent(token: string | null): void {
    eventToken = token;
  },
  /** The token a previous visit left in the cookie, if any. */
  fromCookie(): string | null {
    const entry = document.cookie.split('; ').find((c) => c.startsWith(`${TOKEN_COOKIE}=`));
    const value = entry ? decodeURIComponent(entry.slice(TOKEN_COOKIE.length + 1)) : '';
    if (value) userToken = value;
    return value || null;
  },
  clear(): void {
    userToken = null;
    eventToken = null;
    document.cookie = `${TOKEN_COOKIE}=${cookieAttributes(0)}`;
  },
};
