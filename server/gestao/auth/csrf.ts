/**
 * The CSRF token of a visitor who has not logged in, without a session row: reading
 * GET /gestao/api/session (to show the login form) stores nothing. The token is an HMAC, under a
 * key of the shared session secret, of the visitor's own session cookie, which no other site can
 * read: the login, an invitation's acceptance and the passkey login send it back with that
 * cookie. Once a session holds a secret of its own (from the login on), @fastify/csrf-protection
 * checks against that secret as before; this is only for the sessions that have none.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    anonymousCsrf: AnonymousCsrf;
  }
  interface FastifyRequest {
    /** What an anonymous request's token was made or checked against (auth/csrf.ts); null otherwise. */
    csrfBinding: string | null;
  }
}

const PREFIX = 'a.';

export class AnonymousCsrf {
  private readonly key: Buffer;

  constructor(
    sessionSecret: string,
    private readonly cookie: { name: string; options: Record<string, unknown> },
  ) {
    this.key = createHash('sha256').update(`csrf anónimo:${sessionSecret}`).digest();
  }

  /** What the token is bound to: a stored session's record of it, else the cookie the browser holds. */
  private bindingOf(request: FastifyRequest): string | undefined {
    return request.session.csrfBinding ?? request.cookies[this.cookie.name];
  }

  private sign(salt: string, binding: string): string {
    return createHmac('sha256', this.key).update(`${salt}:${binding}`).digest('base64url');
  }

  /**
   * A token for this visitor. A browser without the cookie gets one: the session id
   * @fastify/session would have set, though the session is not stored.
   */
  token(request: FastifyRequest, reply: FastifyReply): string {
    let binding = this.bindingOf(request);
    if (!binding) {
      binding = request.session.encryptedSessionId;
      reply.setCookie(this.cookie.name, binding, this.cookie.options);
    }
    request.csrfBinding = binding;
    const salt = randomBytes(12).toString('base64url');
    return `${PREFIX}${salt}.${this.sign(salt, binding)}`;
  }

  /**
   * Before @fastify/session's onSend. A session stored during an anonymous request (the passkey
   * login's challenge) keeps what the token was bound to, its cookie being about to change. A
   * session not stored leaves the visitor's cookie alone: @fastify/session would clear a cookie
   * whose session it does not store, and with it the token's binding (a cookie of no session is
   * harmless: it opens nothing).
   */
  beforeSessionSave(request: FastifyRequest): void {
    const session = request.session as Partial<FastifyRequest['session']> | null;
    if (!session?.isModified) return;
    if (session.isModified()) {
      if (request.csrfBinding && session.userId === undefined && !session._csrf) session.csrfBinding = request.csrfBinding;
    } else if (request.cookies[this.cookie.name] !== session.encryptedSessionId) {
      delete request.cookies[this.cookie.name];
    }
  }

  /** Whether the request's X-CSRF-Token is a token of this visitor's; the binding is kept on the request. */
  verify(request: FastifyRequest, token: string | undefined): boolean {
    const binding = this.bindingOf(request);
    if (!binding || !token?.startsWith(PREFIX)) return false;
    const [salt, mac] = token.slice(PREFIX.length).split('.');
    if (!salt || !mac) return false;
    const expected = Buffer.from(this.sign(salt, binding));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
    request.csrfBinding = binding;
    return true;
  }
}

/**
 * The CSRF token to give this request: from the session's own secret once it has one (set at the
 * login), else the anonymous visitor's, which stores nothing.
 */
export function csrfTokenFor(request: FastifyRequest, reply: FastifyReply): string {
  return request.session._csrf ? reply.generateCsrf() : request.server.anonymousCsrf.token(request, reply);
}
