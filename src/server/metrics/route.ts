/**
 * `GET /metrics` (Prometheus' text format) for the addresses `STUDIO_METRICS_ALLOW` lists, and the
 * hook that times every answer. The address is the client's as fastify sees it: the peer's, or, from a
 * trusted proxy (`STUDIO_TRUST_PROXY`), the one its X-Forwarded-For names — as the sign-in throttle
 * counts by.
 *
 * Refused with 403, not 404: the path is documented, and an operator whose Prometheus is refused should
 * read "not from this address" (and fix the allow list), not hunt for a missing route. The body says
 * nothing about the metrics.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorBody } from '../errors';
import type { AllowList } from './allowList';
import type { Metrics } from './metrics';

export const METRICS_PATH = '/metrics';

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * The client's address, or null when the request came through a proxy this backend does not trust:
 * then the peer is that proxy (often on loopback), and letting its address stand for the client's would
 * open /metrics to everyone the proxy serves.
 */
export function metricsClient(req: FastifyRequest): string | null {
  const forwarded = FORWARDING_HEADERS.some((h) => req.headers[h] !== undefined);
  return forwarded && req.ip === req.socket.remoteAddress ? null : req.ip;
}

export function installMetrics(app: FastifyInstance, metrics: Metrics, allow: AllowList): void {
  app.addHook('onResponse', async (req, reply) => {
    metrics.observeHttp(req.routeOptions.url, req.method, reply.statusCode, reply.elapsedTime);
  });

  app.get(METRICS_PATH, async (req, reply) => {
    const client = metricsClient(req);
    if (client === null || !allow.allows(client)) {
      return reply.code(403).send(errorBody(403, 'Metrics are not served to this address (STUDIO_METRICS_ALLOW)'));
    }
    return reply.type(metrics.contentType).send(await metrics.scrape());
  });
}
