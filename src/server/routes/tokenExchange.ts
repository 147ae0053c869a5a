/**
 * Token exchange `{tokenExchange}` = /token-exchange/v1/: `{ grantType: 'USER' | 'MEETING', token }`
 * → `{ token }`. Decided here: both grants take a valid user token and answer a new user token
 * of the same user (this backend has no separate meeting provider).
 */
import type { FastifyInstance } from 'fastify';
import { issueToken, lookupToken } from '../auth';
import type { Ctx } from '../context';
import { badRequest, unauthorized } from '../errors';

export function tokenExchangeRoutes(app: FastifyInstance, { db }: Ctx): void {
  app.post('/token-exchange/v1/accesstoken', async (req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (body.grantType !== 'USER' && body.grantType !== 'MEETING') throw badRequest('grantType must be USER or MEETING');
    const owner = await lookupToken(db, typeof body.token === 'string' ? body.token : null);
    if (!owner || owner.kind !== 'user') throw unauthorized();
    return { token: await issueToken(db, owner.userId, 'user') };
  });
}
