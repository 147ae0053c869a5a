/**
 * Token exchange `{tokenExchange}` = /token-exchange/v1/: `{ grantType: 'USER' | 'MEETING', token }`
 * → `{ token, expires_in }`. Decided here: both grants take a valid user token and answer a new user
 * token of the same user and the same session (this backend has no separate meeting provider). The
 * new token expires with its session at the latest: exchanging again and again never extends a
 * sign-in, and signing out ends every token exchanged from it.
 */
import type { FastifyInstance } from 'fastify';
import { expiresIn, issueToken, lookupToken } from '../auth';
import type { Ctx } from '../context';
import { badRequest, unauthorized } from '../errors';

export function tokenExchangeRoutes(app: FastifyInstance, { db }: Ctx): void {
  app.post('/token-exchange/v1/accesstoken', { bodyLimit: 8 * 1024 }, async (req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (body.grantType !== 'USER' && body.grantType !== 'MEETING') throw badRequest('grantType must be USER or MEETING');
    const owner = await lookupToken(db, typeof body.token === 'string' ? body.token : null);
    if (!owner || owner.kind !== 'user') throw unauthorized();
    const issued = await issueToken(db, owner.userId, 'user', null, owner.session);
    return { token: issued.token, expires_in: expiresIn(issued.expiresAt) };
  });
}
