/**
 * User manager `{userManager}` = /usermanager/ (CONTRACT.md): sign-in (throttled per user name and
 * address and per address, signInThrottle.ts), sign-out (revokes the session on the server), token info, users.
 */
import type { FastifyInstance } from 'fastify';
import { issueToken, newSession, requireUser, requireUserToken, revokeSession, TOKEN_TTL_S } from '../auth';
import type { Ctx } from '../context';
import { badRequest, forbidden, HttpError, unauthorized } from '../errors';
import { NO_USER_HASH, PASSWORD_MAX, verifyPassword } from '../passwords';
import { SignInThrottle } from '../signInThrottle';
import { CLOSE_UNAUTHORIZED, SIGNED_OUT_REASON } from '../sockets/messages';
import { getUser, publicUser, USERNAME_MAX } from '../users';

const str = (v: unknown) => (typeof v === 'string' ? v : '');
/** A sign-in's form is a name and a password: a few KB at most. */
const SIGN_IN_BODY_LIMIT = 8 * 1024;

const tooManyTries = (seconds: number) =>
  new HttpError(429, `Too many sign-in attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`, { 'Retry-After': String(seconds) });

export function userManagerRoutes(app: FastifyInstance, { db, hub, now, metrics }: Ctx): void {
  const throttle = new SignInThrottle(db, now);

  app.post('/usermanager/oauth2/token', { bodyLimit: SIGN_IN_BODY_LIMIT }, async (req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (str(body.grant_type) !== 'password') throw badRequest('grant_type must be password');
    const username = str(body.username);
    const password = str(body.password);
    if (!username || username.length > USERNAME_MAX) throw badRequest(`username must be 1..${USERNAME_MAX} characters`);
    if (password.length > PASSWORD_MAX) throw badRequest(`password must be at most ${PASSWORD_MAX} characters`);
    // Counted before the password is checked: a burst of guesses gets no more checks than guesses one by one.
    const attempt = await throttle.begin(username, req.ip);
    if (typeof attempt === 'number') {
      metrics.signInThrottled();
      throw tooManyTries(attempt);
    }
    let row: { id: string; password_hash: string } | undefined;
    let ok: boolean;
    try {
      row = (await db.query<{ id: string; password_hash: string }>('SELECT id, password_hash FROM users WHERE username = $1', [username]))[0];
      // The hash is checked even for an unknown user, so timing does not tell which names exist.
      ok = await verifyPassword(password, row?.password_hash ?? NO_USER_HASH);
    } catch (error) {
      await throttle.cancelled(attempt);
      throw error;
    }
    if (!row || !ok) {
      await throttle.failed(attempt);
      throw unauthorized('Wrong username or password');
    }
    await throttle.succeeded(attempt);
    const { token } = await issueToken(db, row.id, 'user', null, newSession());
    const user = await getUser(db, row.id);
    return { access_token: token, expires_in: TOKEN_TTL_S, scope: { user: { id: user.id, username: user.username } } };
  });

  // Sign-out: every token of this sign-in's session stops working, and the sockets it opened close (CONTRACT.md "Sign-out").
  app.post('/usermanager/oauth2/signout', async (req) => {
    const owner = await requireUserToken(db, req);
    await revokeSession(db, owner);
    hub.closeSession(owner.session.id, CLOSE_UNAUTHORIZED, SIGNED_OUT_REASON);
    return {};
  });

  app.get('/usermanager/oauth2/tokenInfo', async (req) => ({ user: publicUser(await getUser(db, await requireUser(db, req))) }));

  // A user reads their own record only (it holds their e-mail address).
  app.get<{ Params: { id: string } }>('/usermanager/v1/user/:id', async (req) => {
    const me = await requireUser(db, req);
    if (me !== req.params.id) throw forbidden('Another user’s record');
    return publicUser(await getUser(db, me));
  });

  app.get<{ Params: { id: string } }>('/usermanager/v1/user/:id/features', async (req) => {
    const me = await requireUser(db, req);
    if (me !== req.params.id) throw forbidden('Another user’s features');
    return (await getUser(db, me)).features;
  });
}
