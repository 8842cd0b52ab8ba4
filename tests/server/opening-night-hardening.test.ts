/**
 * "Hardened for the opening night": a strict Content-Security-Policy and Permissions-Policy on
 * every page, and ticket requests only for sessions that have not started (the full disk is
 * sqlite-disk-full.test.ts).
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../src/common/api/api-types';
import { INSTALL_CAPTURE_SCRIPT } from '../../src/common/pwa/install-capture';
import { scopeCookie } from '../../src/shell/scope';
import { SESSION_STARTED } from '../../server/api/submission-routes';
import { countRows, startTestServer, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_POSTS: '10000' });
});
afterAll(() => server.close());

const get = (url: string) => server.app.inject({ method: 'GET', url });
const post = (path: string, payload: object) => server.app.inject({ method: 'POST', url: `/admin/api/${path}`, payload });

/** A CSP source for an inline element, from its exact text. */
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('the security headers, worked out once and sent on every answer', () => {
  const SECURITY_HEADERS = [
    'content-security-policy',
    'permissions-policy',
    'strict-transport-security',
    'x-content-type-options',
    'x-frame-options',
    'referrer-policy',
    'cross-origin-opener-policy',
    'cross-origin-resource-policy',
  ];

  it('are the same on a page, a 404, static files, pictures and a downloaded file', async () => {
    const page = await get('/');
    const pressItem = (JSON.parse((await get('/admin/api/press/presskit')).body) as { id: number }[])[0]!;
    const answers = [
      page,
      await get('/nao/existe'),
      await get('/admin/api/nao-existe'),
      await get('/manifest.webmanifest'),
      await get('/media/_/240/films/101-thumb.jpg.webp'),
      await get(`/admin/api/download_press/${pressItem.id}`),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 404, 404, 200, 200, 200]);
    for (const answer of answers)
      for (const name of SECURITY_HEADERS) expect(answer.headers[name], `${name} on ${answer.statusCode}`).toBe(page.headers[name]);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['x-powered-by']).toBeUndefined();
  });

  it("are an API's short set on every JSON answer: its errors, a 304 and a form's answer", async () => {
    const page = await get('/');
    const first = await get('/admin/api/movie/101');
    const answers = [
      first,
      await get('/admin/api/movie/abc'),
      await get('/admin/api/movie/999999'),
      await server.app.inject({ method: 'GET', url: '/admin/api/movie/101', headers: { 'if-none-match': String(first.headers.etag) } }),
      await post('newsletter', { email: 'nao-e-um-email', city: 'Lisboa' }),
      await get('/admin/homeprefs'),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 400, 404, 304, 400, 200]);
    for (const answer of answers) {
      const at = `on ${answer.statusCode}`;
      // Nothing may render it, frame it, guess its type or read it from another site; HTTPS only.
      expect(answer.headers['content-security-policy'], at).toBe("default-src 'none';frame-ancestors 'none'");
      expect(answer.headers['x-frame-options'], at).toBe('DENY');
      expect(answer.headers['x-content-type-options'], at).toBe('nosniff');
      expect(answer.headers['cross-origin-resource-policy'], at).toBe('same-origin');
      expect(answer.headers['strict-transport-security'], at).toBe(page.headers['strict-transport-security']);
      // A document's policies are not repeated on an answer no browser renders.
      for (const name of [
        'permissions-policy',
        'cross-origin-opener-policy',
        'referrer-policy',
        'origin-agent-cluster',
        'x-xss-protection',
      ])
        expect(answer.headers[name], `${name} ${at}`).toBeUndefined();
    }
  });
});

describe('Content-Security-Policy and Permissions-Policy', () => {
  it.each(['/', '/filme/101', '/programacao', '/pesquisa?q=ada', '/nao/existe'])('%s has a strict policy', async (url) => {
    const response = await get(url);
    const header = response.headers['content-security-policy'];
    expect(String(header)).not.toContain('unsafe-inline');
    expect(String(header)).not.toContain('unsafe-eval');
    const csp = directives(header);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    // The site's own files, and the one inline script by its hash.
    expect(csp.get('script-src')).toEqual(["'self'", sha256(INSTALL_CAPTURE_SCRIPT)]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('style-src')?.[0]).toBe("'self'");
    expect(
      csp
        .get('style-src')
        ?.slice(1)
        .every((source) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(source)),
    ).toBe(true);
    expect(csp.get('style-src-attr')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('frame-src')).toContain(server.config.videoBase);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);

    const permissions = String(response.headers['permissions-policy']);
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) expect(permissions).toContain(`${feature}=()`);
    // Passkeys (the back office's logins) for the site's own pages, never a frame's.
    expect(permissions).toContain('publickey-credentials-get=(self)');
    expect(permissions).toContain('publickey-credentials-create=(self)');
    expect(response.headers['strict-transport-security']).toMatch(/max-age=(\d{8,}|3[0-9]{7});\s*includeSubDomains/);
  });

  it.each(['/', '/filme/101', '/programacao', '/filmes', '/imprensa/presskit', '/atividades', '/noticias', '/pesquisa?q=a'])(
    '%s has no style attribute and no inline executable script but the install capture',
    async (url) => {
      const response = await get(url);
      const html = response.body;
      expect(html).toContain('id="app-data"');
      expect(html).not.toMatch(/\sstyle=/i);
      expect(html).not.toMatch(/<style[\s>]/i);
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.length).toBeGreaterThan(0);
      const allowed = directives(response.headers['content-security-policy']).get('script-src') ?? [];
      const inline: string[] = [];
      for (const [, attributes = '', body = ''] of scripts) {
        const isData = /\btype="application\/(ld\+)?json"/.test(attributes);
        const isFile = /\bsrc="\/[^"]+"/.test(attributes) && body.trim() === '';
        if (!isData && !isFile) inline.push(body);
      }
      // One inline script only, the install capture, and the policy allows exactly it.
      expect(inline).toEqual([INSTALL_CAPTURE_SCRIPT]);
      expect(allowed).toContain(sha256(inline[0]!));
      expect(html).not.toMatch(/\son[a-z]+="/i);
    },
  );

  it('allows the error page its inline style by hash', async () => {
    const response = await get('//outro.example/');
    expect(response.statusCode).toBe(404);
    const styles = [...response.body.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
    expect(styles).toHaveLength(1);
    const allowed = directives(response.headers['content-security-policy']).get('style-src') ?? [];
    for (const style of styles) expect(allowed).toContain(sha256(style));
  });

  it('writes the scope cookie Secure over HTTPS, SameSite=Lax always', () => {
    expect(scopeCookie('festa', true)).toMatch(/; SameSite=Lax; Secure$/);
    expect(scopeCookie('festa', false)).not.toContain('Secure');
    expect(scopeCookie('distrib', false)).toContain('SameSite=Lax');
  });
});

describe('ticket requests for sessions that have started', () => {
  /** A session on a given Lisbon day (the clock is pinned at 2026-04-05 15:00). */
  const sessionOn = async (day: string) => {
    const row = await server.db
      .selectFrom('sessions')
      .select('id')
      .where('starts_at', 'like', `${day}T%`)
      .orderBy('starts_at')
      .executeTakeFirstOrThrow();
    return String(row.id);
  };
  const ticket = (sessionId: string) => ({ session_id: sessionId, name: 'Rita Sousa', email: 'rita@example.pt', tickets: 2 });

  it('refuses a session on the 3rd with a pt-PT 400 on session_id, storing nothing', async () => {
    const before = await countRows(server.db, 'ticket_requests');
    const response = await post('ticket', ticket(await sessionOn('2026-04-03')));
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().fields).toEqual({ session_id: SESSION_STARTED });
    expect(await countRows(server.db, 'ticket_requests')).toBe(before);
  });

  it('accepts a session on the 8th', async () => {
    const response = await post('ticket', ticket(await sessionOn('2026-04-08')));
    expect(response.statusCode).toBe(201);
  });
});
