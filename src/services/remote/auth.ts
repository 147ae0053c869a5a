/**
 * Sign-in, restore and sign-out (§7 Authentication and user): the token, the user (tokenInfo, then
 * v1/user/{id}), and the pt_sequin feature check (§6: without it the fatal §8 dialog, unless the
 * configuration flag disables the check).
 */
import { apiErrorMessage, isApiError } from '../../api/http';
import type { WireUser } from '../../api/types';
import { errorMessage, log } from '../../log';
import { useRemoteStore } from '../../state/remoteStore';
import type { StudioUser } from '../../state/session';
import { readKey, removeKey, STORAGE_KEYS, writeKey } from '../../state/storage';
import { showError } from '../show/alerts';
import type { Clients } from './clients';
import { tokens } from './tokens';

export const PT_SEQUIN = 'pt_sequin';

const toUser = (u: WireUser): StudioUser => ({
  id: String(u.id),
  username: String(u.username ?? ''),
  firstName: String(u.firstName ?? ''),
  lastName: String(u.lastName ?? ''),
  emailId: String(u.emailId ?? ''),
  profilePicture: String(u.profilePicture ?? ''),
});

/** A sign-in the server throttled (429, CONTRACT.md "Sign-in"): how many seconds it asks to wait, if it said. */
export function signInThrottled(error: unknown): { retryAfter: number | undefined } | null {
  return isApiError(error) && error.status === 429 ? { retryAfter: error.retryAfter } : null;
}

export interface AuthOptions {
  clients: Clients;
  disablePtSequinCheck: boolean;
}

export function createAuth({ clients, disablePtSequinCheck }: AuthOptions) {
  let featureOk = disablePtSequinCheck;

  /** §6: the studio needs pt_sequin; a failed check is fatal (§8 NO_PT_SEQUIN_FEATURE). */
  async function checkFeature(userId: string): Promise<boolean> {
    if (disablePtSequinCheck) return (featureOk = true);
    try {
      const features = await clients.users.features(userId);
      featureOk = Array.isArray(features) && features.some((f) => f.name === PT_SEQUIN && f.available === true);
    } catch (error) {
      log.warn('auth', `feature check failed: ${apiErrorMessage(error)}`);
      featureOk = false;
    }
    if (!featureOk) showError('NO_PT_SEQUIN_FEATURE');
    return featureOk;
  }

  async function loadUser(): Promise<StudioUser> {
    const info = await clients.users.tokenInfo();
    const user = toUser(await clients.users.user(String(info.user.id)));
    useRemoteStore.setState({ auth: 'signed-in', user });
    await checkFeature(user.id);
    return user;
  }

  return {
    featureOk: () => featureOk,
    /** The username remembered by "remember me" (never the password). */
    rememberedUsername: () => readKey(STORAGE_KEYS.rememberedUsername),
    /** Signs in; rejects with the §8 error (its message is shown under the form). */
    async signIn(username: string, password: string, remember: boolean): Promise<StudioUser> {
      const answer = await clients.users.signIn(username, password);
      tokens.setUser(answer.access_token, answer.expires_in);
      if (remember) writeKey(STORAGE_KEYS.rememberedUsername, username);
      else removeKey(STORAGE_KEYS.rememberedUsername);
      return loadUser();
    },
    /** A reload: the token cookie signs the user in again, if it is still good. */
    async restore(): Promise<StudioUser | null> {
      if (!tokens.fromCookie()) {
        useRemoteStore.setState({ auth: 'signed-out', user: null });
        return null;
      }
      try {
        return await loadUser();
      } catch (error) {
        if (!(isApiError(error) && error.status === 401)) log.warn('auth', `restoring the session failed: ${errorMessage(error) || apiErrorMessage(error)}`);
        tokens.clear();
        useRemoteStore.setState({ auth: 'signed-out', user: null });
        return null;
      }
    },
    /** Signs out here at once, and on the server (the session's tokens stop working there too). */
    async signOut(): Promise<void> {
      const token = tokens.user();
      tokens.clear();
      useRemoteStore.setState({ auth: 'signed-out', user: null, events: [], eventsNextPage: null, eventsStatus: 'idle' });
      if (token) await clients.users.signOut(token).catch((error: unknown) => log.warn('auth', `signing out on the server failed: ${apiErrorMessage(error)}`));
    },
  };
}
export type Auth = ReturnType<typeof createAuth>;
