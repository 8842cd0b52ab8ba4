/**
 * Helmet's security headers for the site's fixed configuration, worked out once at start-up and
 * then only copied onto each reply. (@fastify/helmet builds Helmet again, re-parsing the
 * Content-Security-Policy, on every request: a tenth of the server's time on a cached API answer.)
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'json': the route answers JSON, never a document a browser renders, so it gets the short
     * set of an API (jsonApiSecurityHeaders) instead of a page's.
     */
    securityHeaders?: 'json';
  }
}

export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  // Helmet only sets and removes headers: a response that records them is all it needs.
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  // Helmet 8 throws a bad option itself; its callback never carries an error.
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * The headers of a JSON answer (OWASP's REST Security Cheat Sheet): nothing may render or frame it
 * (default-src 'none', frame-ancestors 'none', X-Frame-Options DENY), no browser guesses its type,
 * no other site reads it (Cross-Origin-Resource-Policy), HTTPS only. The rest of a page's set (its
 * script and style sources, Permissions-Policy, opener and referrer policies) governs documents:
 * on an API answer it is 1 KB of header text that no browser reads.
 */
export function jsonApiSecurityHeaders(strictTransportSecurity: HelmetOptions['strictTransportSecurity']): Record<string, string> {
  return securityHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    originAgentCluster: false,
    referrerPolicy: false,
    strictTransportSecurity,
    xContentTypeOptions: true,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: false,
    xPoweredBy: true,
    xXssProtection: false,
  });
}
