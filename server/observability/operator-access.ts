/**
 * Who may read what the site tells its operators (the metrics, why an instance is not ready): a
 * request from this machine that no proxy forwarded (the socket and the client address both
 * loopback), or one that carries `Authorization: Bearer <METRICS_TOKEN>` (a monitor or a
 * Prometheus on another machine). Everyone else is a visitor.
 */
import type { FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

const digest = (value: string) => createHash('sha256').update(value).digest();

export function isOperator(request: FastifyRequest, metricsToken: string | undefined): boolean {
  const authorization = request.headers.authorization;
  if (metricsToken && typeof authorization === 'string' && authorization.startsWith('Bearer ')) {
    // Equal-length digests, so the comparison takes the same time whatever was sent.
    return timingSafeEqual(digest(authorization.slice('Bearer '.length)), digest(metricsToken));
  }
  return LOOPBACK.test(request.socket.remoteAddress ?? '') && LOOPBACK.test(request.ip);
}
