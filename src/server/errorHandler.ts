/**
 * How a failed request is answered (CONTRACT.md "Errors"): a handler's HttpError as its §8 body; a
 * client mistake fastify found (a body too large, not JSON) as 4xx; a value the database refused
 * (SQLSTATE class 22, "data exception": a bad number, a character text cannot hold) as 400; anything
 * else as 500. A 500 never carries the error's own text (database messages name relations and
 * files): it is logged here with the request id, and the body carries that id so a report can be
 * matched with the log.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody, HttpError } from './errors';

/** A PostgreSQL error (pg and PGlite both carry SQLSTATE `code` and `severity`). */
export function sqlState(error: unknown): string | null {
  const e = error as { code?: unknown; severity?: unknown } | null;
  return e && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.severity === 'string' ? e.code : null;
}

/** The path of a URL without its query (tokens travel in some queries: never log them). */
export const pathOf = (url: string): string => url.split('?')[0] ?? '';

function fastifyMessage(error: FastifyError, req: FastifyRequest): string {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return `The request body is larger than ${Math.floor(req.routeOptions.bodyLimit / 1024)} KB, the limit of this call`;
  return error.message || 'Bad request';
}

export function handleError(error: FastifyError, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof HttpError) return reply.code(error.status).headers(error.headers).send(errorBody(error.status, error.message, error.code));
  const status = error.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500 && sqlState(error) === null) return reply.code(status).send(errorBody(status, fastifyMessage(error, req)));
  const state = sqlState(error);
  if (state?.startsWith('22')) return reply.code(400).send(errorBody(400, 'A value in the request is not valid'));
  console.error(`request ${req.id}: ${req.method} ${pathOf(req.url)} failed:`, error);
  return reply.code(500).send({ ...errorBody(500, `Internal error (request ${req.id})`), requestId: req.id });
}
