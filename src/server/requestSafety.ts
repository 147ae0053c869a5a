/**
 * Checks and headers every request gets, whatever its route:
 * - no NUL character anywhere in the path parameters, the query or a parsed body: PostgreSQL text
 *   cannot hold one, so it would otherwise surface as a database error (400 here, before any query);
 * - `X-Content-Type-Options: nosniff` and `Referrer-Policy: no-referrer` on every answer (output and
 *   invite links carry their token in the URL: no Referer may take it elsewhere);
 * - `Cache-Control: no-store` on every answer that does not set its own (tokens, channels, people:
 *   nothing an API answers belongs in a cache).
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/**
 * A parsed body, query or params object: its prototype is null or has a null prototype (plain
 * objects, and the null-prototype objects fastify parses queries and params into). Streams, buffers
 * and other class instances are not walked.
 */
function isPlainData(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === null || Object.getPrototypeOf(proto) === null;
}

/** Whether `value` (a JSON-like tree) holds a string or key with a NUL; iterative, so a deep body cannot overflow the stack. */
export function holdsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (Array.isArray(v)) {
      for (const inner of v) stack.push(inner);
    } else if (isPlainData(v)) {
      for (const [k, inner] of Object.entries(v)) {
        if (k.includes('\u0000')) return true;
        stack.push(inner);
      }
    }
  }
  return false;
}

export function installRequestSafety(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    if (holdsNul(req.params) || holdsNul(req.query) || holdsNul(req.body)) throw badRequest('The request holds a NUL character, which no text may contain');
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff').header('Referrer-Policy', 'no-referrer');
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
