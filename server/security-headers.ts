/**
 * Helmet's security headers for the site's fixed configuration, worked out once at start-up and
 * then only copied onto each reply. (@fastify/helmet builds Helmet again, re-parsing the
 * Content-Security-Policy, on every request: a tenth of the server's time on a cached API answer.)
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

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
