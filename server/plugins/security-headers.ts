/**
 * The security headers: a page's set (a strict Content-Security-Policy, Permissions-Policy, HSTS and
 * Helmet's other defaults) and an API's shorter set for JSON routes. Helmet works them out once at
 * start-up; each reply only copies them. (@fastify/helmet builds Helmet again, re-parsing the
 * Content-Security-Policy, on every request: a tenth of the server's time on a cached API answer.)
 */
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import { INSTALL_CAPTURE_SCRIPT } from '../../src/common/pwa/install-capture';
import type { Config } from '../config';
import { ERROR_PAGE_STYLE } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'json': the route answers JSON, never a document a browser renders, so it gets the short
     * set of an API (jsonApiSecurityHeaders) instead of a page's.
     */
    securityHeaders?: 'json';
  }
}

function securityHeaders(options: HelmetOptions): Record<string, string> {
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
function jsonApiSecurityHeaders(strictTransportSecurity: HelmetOptions['strictTransportSecurity']): Record<string, string> {
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

/** Denied to the site and its frames: every powerful feature it has no use for (passkeys: to frames only). */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'ambient-light-sensor=()',
  'bluetooth=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  // Passkeys: the back office's login and "A minha conta" use them, on the site's own pages only.
  'publickey-credentials-create=(self)',
  'publickey-credentials-get=(self)',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
  'browsing-topics=()',
].join(', ');

/** HTTPS only for a year, subdomains included (sent over HTTPS; browsers ignore it over HTTP). */
const HTTPS_ONLY = { maxAge: 31_536_000, includeSubDomains: true };

/** A CSP source allowing one inline element by the SHA-256 of its exact text. */
const cspHash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The two sets, worked out once: a page's and a JSON answer's. */
export interface SecurityHeaderSets {
  page: Record<string, string>;
  json: Record<string, string>;
}

/**
 * Every reply gets its set: a page's, or an API's on the routes marked `securityHeaders: 'json'`.
 * The sets are returned for the front door (server/cache/front-door.ts), which sends them itself.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'videoBase'>): SecurityHeaderSets {
  // A strict Content-Security-Policy: scripts and styles only from the site's own files (the page
  // data is a JSON block, which is never executed), no inline script, style or style attribute
  // (React sets the few computed styles through the CSSOM after mount), no plugins, no framing.
  // The two inline exceptions are allowed by their hashes: every page's install capture
  // (src/common/pwa/install-capture.ts) and the self-contained error page's <style>.
  const page = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", cspHash(INSTALL_CAPTURE_SCRIPT)],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", cspHash(ERROR_PAGE_STYLE)],
        styleSrcAttr: ["'none'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        mediaSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", config.videoBase, 'https://www.youtube.com', 'https://player.vimeo.com'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: HTTPS_ONLY,
  });
  // Powerful browser features the site never uses are denied to it and to every frame (autoplay,
  // fullscreen and picture-in-picture stay at their defaults for the trailer frames).
  page['permissions-policy'] = PERMISSIONS_POLICY;
  const json = jsonApiSecurityHeaders(HTTPS_ONLY);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.routeOptions.config.securityHeaders === 'json' ? json : page);
    done();
  });
  return { page, json };
}
