/** User manager `{userManager}` = /usermanager/ (CONTRACT.md). */
import type { FastifyInstance } from 'fastify';
import { issueToken, requireUser, TOKEN_TTL_S, verifyPassword } from '../auth';
import type { Ctx } from '../context';
import { badRequest, forbidden, unauthorized } from '../errors';
import { getUser, publicUser } from '../users';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export function userManagerRoutes(app: FastifyInstance, { db }: Ctx): void {
  app.post('/usermanager/oauth2/token', async (req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (str(body.grant_type) !== 'password') throw badRequest('grant_type must be password');
    const username = str(body.username);
    const row = (await db.query<{ id: string; password_hash: string }>('SELECT id, password_hash FROM users WHERE username = $1', [username]))[0];
    // The hash is checked even for an unknown user, so timing does not tell which names exist.
    const ok = await verifyPassword(str(body.password), row?.password_hash ?? 'scrypt$AAAAAAAAAAAAAAAAAAAAAA==$AAAA');
    if (!row || !ok) throw unauthorized('Wrong username or password');
    const token = await issueToken(db, row.id, 'user');
    const user = await getUser(db, row.id);
    return { access_token: token, expires_in: TOKEN_TTL_S, scope: { user: { id: user.id, username: user.username } } };
  });

  app.get('/usermanager/oauth2/tokenInfo', async (req) => ({ user: publicUser(await getUser(db, await requireUser(db, req))) }));

  app.get<{ Params: { id: string } }>('/usermanager/v1/user/:id', async (req) => {
    await requireUser(db, req);
    return publicUser(await getUser(db, req.params.id));
  });

  app.get<{ Params: { id: string } }>('/usermanager/v1/user/:id/features', async (req) => {
    const me = await requireUser(db, req);
    if (me !== req.params.id) throw forbidden('Another user’s features');
    return (await getUser(db, me)).features;
  });
}
