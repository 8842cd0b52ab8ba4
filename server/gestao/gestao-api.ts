/**
 * The back office's API, /gestao/api: one encapsulated scope with the staff session (cookie,
 * @fastify/session over the database, @fastify/csrf-protection), `request.staff`, its own JSON
 * errors, and headers that keep every answer out of caches and search engines. The public site's
 * plugins never see the session, and the response cache (server/cache/response-cache.ts) never
 * keeps an answer of this scope: only the routes that call it explicitly are cached.
 *
 * Other back-office routes (content editing) are registered inside this scope by passing them as
 * `routes`, so that they have the session, `request.staff`, CSRF and these headers.
 */
import cookie from '@fastify/cookie';
import csrfProtection from '@fastify/csrf-protection';
import session from '@fastify/session';
import type { FastifyError, FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { isRole } from '../../src/common/gestao/roles';
import { describeError, HttpError, RETRY_AFTER_SECONDS } from '../api/http-errors';
import { readOrCreateSecret } from '../db/repositories/staff/staff-secrets-repository';
import { findStaffUserById } from '../db/repositories/staff/staff-users-repository';
import type { AppDeps } from '../deps';
import { AnonymousCsrf } from './auth/csrf';
import { StaffSessionStore } from './auth/session-store';
import { gestaoRouteConfig, plainBody, RetryAfterError } from './http';
import { registerAuditRoutes } from './routes/audit-routes';
import { registerSessionRoutes } from './routes/session-routes';
import { registerTotpRoutes } from './routes/totp-routes';
import { registerReauthRoute } from './routes/reauth-routes';
import { hasSecondFactor, mustEnrol, registerEnrolmentGate } from './auth/enrolment';
import { registerPasskeyRoutes } from './routes/passkey-routes';
import { registerLockoutRoutes } from './routes/lockout-routes';
import { deviceCookies, deviceCookieSecret } from './auth/device-cookies';
import { registerFormsRoutes } from './routes/forms-routes';
import { registerLastMinuteRoutes } from './routes/last-minute-routes';
import { registerPrintRoutes } from './routes/print-routes';
import { registerUserRoutes } from './routes/user-routes';
import { registerAccountRoutes } from './routes/account-routes';
import { collectRoutes, gestaoRoutes, type GestaoRoutes, type RegisteredRoute } from './gestao-endpoint-registration';
import { gestaoOpenApiDocument } from './gestao-openapi';
import { GESTAO_API_BASE, gestaoEndpoints } from '../../src/common/gestao/api/gestao-endpoints';

export { gestaoRouteConfig } from './http';

/** The routes of each app's /gestao/api scope, as registered (read by the tests). */
const gestaoRegistries = new WeakMap<FastifyInstance, RegisteredRoute[]>();
export const gestaoRoutesOf = (app: FastifyInstance): readonly RegisteredRoute[] => gestaoRegistries.get(app) ?? [];

/** The largest JSON body a /gestao/api route accepts. */
export const GESTAO_BODY_LIMIT = 256 * 1024;

/** The cookie's name: `__Host-` (browsers then insist on Secure, path / and no Domain) over HTTPS. */
export function gestaoCookieName(publicUrl: string): string {
  return publicUrl.startsWith('https:') ? '__Host-gestao' : 'gestao';
}

const CSRF_MESSAGE = 'O pedido não traz um código de segurança válido. Recarregue a página e tente de novo.';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The secret that signs the session cookie, shared by every instance (made by the first, read by the others). */
export async function sessionSecret({ db, clock }: Pick<AppDeps, 'db' | 'clock'>): Promise<string> {
  return readOrCreateSecret(db, 'session', () => randomBytes(32).toString('hex'), clock().toISOString());
}

/**
 * The staff session in a scope: the cookie, @fastify/session over the database, and
 * `request.staff` (the account read on every request). The API registers it, and so does the
 * draft's preview (server/render/preview-pages.ts), which logged-in staff open without a link.
 */
export async function registerStaffSession(scope: FastifyInstance, deps: AppDeps, secret: string): Promise<void> {
  const { db, config, clock } = deps;
  await scope.register(cookie);
  await scope.register(session, {
    secret,
    cookieName: gestaoCookieName(config.publicUrl),
    store: new StaffSessionStore(db, clock),
    // A session is stored once it holds something (a login, a passkey challenge), and saved on
    // every request after that, which is what keeps it alive until the idle limit. A visitor who
    // only reads gets a CSRF token without one (auth/csrf.ts).
    saveUninitialized: false,
    rolling: true,
    // No maxAge: a cookie for the browser's session; the limits are the server's (session-store.ts).
    cookie: { ...gestaoCookieOptions(config.publicUrl) },
  });
  scope.decorateRequest('staff', null);
  scope.decorateRequest('enrolmentRequired', false);
  scope.addHook('onRequest', async (request) => {
    request.staff = null;
    request.enrolmentRequired = false;
    const userId = request.session.userId;
    if (typeof userId !== 'number') return;
    const user = await findStaffUserById(db, userId);
    // The account is read on every request: a changed role or a disabled account counts at once.
    if (user && user.disabled_at === null && isRole(user.role)) {
      request.staff = { id: user.id, email: user.email, role: user.role };
      request.enrolmentRequired = mustEnrol(user.role, await hasSecondFactor(db, user));
    }
  });
}

/** The session cookie's attributes: the whole site's path, never read by scripts, never sent by another site. */
function gestaoCookieOptions(publicUrl: string) {
  return { path: '/', httpOnly: true, sameSite: 'strict', secure: publicUrl.startsWith('https:') } as const;
}

export async function registerGestaoApi(app: FastifyInstance, deps: AppDeps, routes: GestaoRoutes[] = []): Promise<void> {
  const { config } = deps;
  const secret = await sessionSecret(deps);
  const https = config.publicUrl.startsWith('https:');
  if (https && !config.trustProxy) {
    // @fastify/session does not save a Secure session over a connection it sees as plain HTTP:
    // behind a proxy that ends TLS, nobody could log in.
    app.log.warn('PUBLIC_URL é https mas TRUST_PROXY não está ativo: atrás de um proxy HTTPS, as sessões de /gestao não são guardadas.');
  }
  const cookieName = gestaoCookieName(config.publicUrl);
  const cookieOptions = gestaoCookieOptions(config.publicUrl);
  const devices = deviceCookies(await deviceCookieSecret(deps), config.publicUrl, deps);

  await app.register(
    async (scope) => {
      // Every answer, errors and 404s included: personal, so no shared or browser cache keeps it,
      // and no search engine lists it.
      scope.addHook('onRequest', (_request, reply, done) => {
        reply.header('cache-control', 'no-store');
        reply.header('x-robots-tag', 'noindex, nofollow');
        done();
      });
      // The API's short set of security headers, for routes added by others too (read per request).
      scope.addHook('onRoute', (route) => {
        route.config = { ...route.config, securityHeaders: 'json' };
      });
      // Every route of the scope, as registered, for the test that holds them to the endpoint table.
      const registry = collectRoutes(scope);
      gestaoRegistries.set(app, registry);

      // Before any route of the scope: staff write long texts (a film's synopsis, the team page),
      // more than a visitor's form ever needs.
      scope.addHook('onRoute', (route) => {
        route.bodyLimit ??= GESTAO_BODY_LIMIT;
      });

      scope.setErrorHandler((error: FastifyError, request, reply) => {
        let status: number;
        let message: string;
        if (error.code === 'FST_CSRF_INVALID_TOKEN' || error.code === 'FST_CSRF_MISSING_SECRET') {
          status = 403;
          message = CSRF_MESSAGE;
        } else if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
          status = 413;
          message = `O pedido é demasiado grande (máximo ${GESTAO_BODY_LIMIT / 1024} KiB).`;
        } else if (error instanceof HttpError) {
          status = error.statusCode;
          message = error.message;
        } else {
          ({ status, message } = describeError(error));
        }
        if (status >= 500) request.log.error({ err: error, code: error.code }, 'gestao request failed');
        reply.header('cache-control', 'no-store');
        if (error instanceof RetryAfterError) reply.header('retry-after', String(error.retryAfterSeconds));
        else if (status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        reply.code(status).send({ message });
      });

      // Before the session's own onSend, which stores it (auth/csrf.ts beforeSessionSave).
      scope.decorateRequest('csrfBinding', null);
      scope.addHook('onSend', (request, _reply, payload, done) => {
        scope.anonymousCsrf.beforeSessionSave(request);
        done(null, payload);
      });
      await registerStaffSession(scope, deps, secret);
      scope.decorate('anonymousCsrf', new AnonymousCsrf(secret, { name: cookieName, options: cookieOptions }));
      await scope.register(csrfProtection, {
        sessionPlugin: '@fastify/session',
        getToken: (request) => {
          const token = request.headers['x-csrf-token'];
          return typeof token === 'string' ? token : undefined;
        },
      });

      // Every change, the login and an invitation's acceptance included, carries the token that
      // GET /gestao/api/session gives: another site cannot make a logged-in browser send one.
      scope.addHook('preHandler', (request, reply, done) => {
        if (SAFE_METHODS.has(request.method)) {
          done();
          return;
        }
        // A session without a secret of its own is an anonymous visitor's: its token is checked against its cookie (auth/csrf.ts).
        if (!request.session._csrf) {
          const token = request.headers['x-csrf-token'];
          done(
            scope.anonymousCsrf.verify(request, typeof token === 'string' ? token : undefined)
              ? undefined
              : new HttpError(403, CSRF_MESSAGE),
          );
          return;
        }
        scope.csrfProtection(request, reply, done);
      });
      // Every JSON body is plain data before any route reads it (http.ts plainBody); after the CSRF check, which refuses a forged request first.
      scope.addHook('preHandler', (request, _reply, done) => {
        if (request.body !== undefined && request.headers['content-type']?.startsWith('application/json')) {
          try {
            request.body = plainBody(request.body);
          } catch (error) {
            done(error as Error);
            return;
          }
        }
        done();
      });
      // After the CSRF check, so that a forged request is refused as such.
      registerEnrolmentGate(scope, deps);

      registerSessionRoutes(scope, deps, { name: cookieName, options: cookieOptions }, devices);
      registerUserRoutes(scope, deps);
      registerLockoutRoutes(scope, deps);
      registerAuditRoutes(scope, deps);
      registerTotpRoutes(scope, deps);
      registerPasskeyRoutes(scope, deps, devices);
      registerReauthRoute(scope, deps);
      registerAccountRoutes(scope, deps, devices);
      registerFormsRoutes(scope, deps);
      await registerLastMinuteRoutes(scope, deps);
      registerPrintRoutes(scope, deps);
      for (const register of routes) await register(scope, deps);

      // Made on its first request: it holds no data, so no login is asked.
      let openApi: ReturnType<typeof gestaoOpenApiDocument> | undefined;
      gestaoRoutes(scope, deps)(
        gestaoEndpoints.openApi,
        () => (openApi ??= gestaoOpenApiDocument({ serverUrl: config.publicUrl, cookieName })),
      );

      // Unknown addresses of this scope answer here, not as one of the site's pages (GET /*).
      scope.route({
        method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
        url: '/*',
        // Not an endpoint of the API: left out of its table and its document.
        config: { ...gestaoRouteConfig(deps, 'read'), endpoint: false },
        handler: () => Promise.reject(new HttpError(404, 'Endereço desconhecido.')),
      });
    },
    { prefix: GESTAO_API_BASE },
  );
}
