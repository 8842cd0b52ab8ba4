/**
 * The draft's preview: the real server-rendered public pages as the draft would publish them, for
 * staff with a content role and through a signed link valid 24 h (altered: 403, expired: 410),
 * never cached nor indexed, without a script, its links kept inside the preview. The pages need
 * the built entry (dist/, `npm run build`), as tests/server/pages.test.ts does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { RecordFields, RecordView } from '../../src/common/gestao/record-schemas';
import { PREVIEW_BANNER } from '../../src/common/gestao/preview-paths';
import { listAudit } from '../../server/db/repositories/audit/audit-log-repository';
import { DraftPreview } from '../../server/gestao/editing/draft-preview';
import { PreviewLinks } from '../../server/gestao/editing/preview-links';
import type { GestaoBrowser } from './gestao-browser';
import { loggedInStaff } from './gestao-browser';
import { NOW, startTestServer, type TestServer } from './helper';

const TITLE = 'Il Giardino di Marzo';
// Free slots of the seeded first venue: a session on top of another would stop publishing.
const TIMES = ['2026-04-06T17:10', '2026-04-07T19:40', '2026-04-08T16:20'];
let server: TestServer;

const staff = (email: string, role: string) => loggedInStaff(server, email, role);

/** A GET of a page, as the browser of `who` (its session cookie) or of someone without an account. */
const page = (url: string, who?: GestaoBrowser) =>
  server.app.inject({ method: 'GET', url, headers: who?.cookie ? { cookie: `gestao=${who.cookie}` } : {} });

/** What every answer of the preview carries, a refusal included. */
function expectPrivate(response: LightMyRequestResponse): void {
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
}

const film = (sectionId: number): RecordFields => ({
  is_movie: 1,
  title: TITLE,
  original_title: TITLE,
  director: 'Marta Bellini',
  year: 2025,
  country: 'Itália',
  duration_min: 98,
  language: 'Italiano',
  subtitles: 'Português',
  section_id: sectionId,
  scope: 'festa',
  highlight: 0,
  keywords: 'jardim',
  logline: 'Um jardim em Turim.',
  description_html: '<p>Um jardim em Turim.</p>',
  technical_info_html: '',
  video_id: '',
  buy_label: '',
  buy_link: '',
  from_festival: 1,
  thumb: '',
  poster: '',
});

describe('the draft preview', () => {
  let programmer: GestaoBrowser;
  let reader: GestaoBrowser;
  let filmId: string;
  beforeAll(async () => {
    server = await startTestServer();
    programmer = await staff('prog@festa.pt', 'programacao');
    reader = await staff('leitura@festa.pt', 'leitura');
    const sectionId = (
      await server.db.selectFrom('sections').select('id').where('asset_type', '=', 'movies').orderBy('id').executeTakeFirstOrThrow()
    ).id;
    const venueId = (await server.db.selectFrom('venues').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const created = await programmer.request('POST', '/records/movies', { fields: film(sectionId) });
    expect(created.statusCode).toBe(201);
    filmId = created.json<RecordView>().id;
    for (const starts_at of TIMES) {
      const session = await programmer.request('POST', '/records/sessions', {
        fields: { movie_id: Number(filmId), venue_id: venueId, starts_at },
      });
      expect(session.statusCode).toBe(201);
    }
  }, 60_000);
  afterAll(() => server?.close());

  it("shows the draft's new film with its three sessions to staff, and the public page still does not have it", async () => {
    const preview = await page(`/gestao/pre-visualizar/filme/${filmId}`, programmer);
    expect(preview.statusCode).toBe(200);
    expectPrivate(preview);
    const html = preview.body;
    expect(html).toContain(`<title>${TITLE} | 8½ Festa do Cinema Italiano</title>`);
    expect(html).toContain(PREVIEW_BANNER);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    for (const time of TIMES) expect(html).toContain(time.slice(-5));
    // A static page: nothing that would hydrate from the live API or register the service worker.
    expect(html).not.toMatch(/<script(?![^>]*application\/json)/);
    expect(html).not.toContain('rel="manifest"');
    expect(html).not.toContain('rel="modulepreload"');
    // Links to the site's pages stay in the preview; the stylesheet and pictures are the site's own.
    expect(html).toMatch(/href="\/gestao\/pre-visualizar\/filmes/);
    expect(html).not.toMatch(/href="\/(filme|filmes|noticias|programacao)\b/);
    expect(html).toMatch(/<link rel="stylesheet"[^>]* href="\/assets\/[^"]+\.css">/);
    // Its forms are shown, never sent: the ticket request posts into the preview, which refuses it.
    expect(html).toContain(`action="/gestao/pre-visualizar/filme/${filmId}"`);
    const posted = await server.app.inject({
      method: 'POST',
      url: `/gestao/pre-visualizar/filme/${filmId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `gestao=${programmer.cookie}` },
      payload: 'name=Ana&email=ana%40exemplo.pt&tickets=1&session_id=301',
    });
    expect(posted.statusCode).toBe(403);
    expectPrivate(posted);
    expect(posted.body).toContain('Na pré-visualização os formulários não são enviados.');

    const list = await page('/gestao/pre-visualizar/filmes', programmer);
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(TITLE);

    const live = await page(`/filme/${filmId}`);
    expect(live.statusCode).toBe(404);
    expect(live.body).not.toContain(TITLE);
    expect((await page('/filmes')).body).not.toContain(TITLE);
  });

  it('follows the draft as it changes', async () => {
    const stored = (await programmer.request('GET', `/records/movies/${filmId}`)).json<RecordView>();
    const renamed = await programmer.request('PUT', `/records/movies/${filmId}`, {
      baseVersion: stored.version,
      fields: { ...stored.fields, title: `${TITLE} (versão do realizador)` },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await page(`/gestao/pre-visualizar/filme/${filmId}`, programmer)).body).toContain(`${TITLE} (versão do realizador)`);
    expect((await page(`/filme/${filmId}`)).statusCode).toBe(404);
  });

  it('keeps one copy of the draft while it stays as it is, and makes another once it changes', async () => {
    const preview = new DraftPreview({ db: server.db, config: server.config, clock: () => NOW });
    try {
      const first = await preview.reader();
      expect(await preview.reader()).toBe(first);
      const stored = (await programmer.request('GET', `/records/movies/${filmId}`)).json<RecordView>();
      const saved = await programmer.request('PUT', `/records/movies/${filmId}`, {
        baseVersion: stored.version,
        fields: { ...stored.fields, logline: 'Um jardim em Turim, em março.' },
      });
      expect(saved.statusCode).toBe(200);
      const second = await preview.reader();
      expect(second).not.toBe(first);
      expect((await second(`/api/movie/${filmId}`)).data).toMatchObject({ logline: 'Um jardim em Turim, em março.' });
    } finally {
      await preview.close();
    }
  });

  it('is refused without a login (401) or a content role (403), in pt-PT and never kept', async () => {
    const anonymous = await page(`/gestao/pre-visualizar/filme/${filmId}`);
    expect(anonymous.statusCode).toBe(401);
    expectPrivate(anonymous);
    expect(anonymous.body).toContain('Inicie sessão para pré-visualizar.');
    expect(anonymous.body).not.toContain(TITLE);
    const readOnly = await page(`/gestao/pre-visualizar/filme/${filmId}`, reader);
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.body).toContain('O seu perfil não pode pré-visualizar.');
    expect((await reader.request('POST', '/draft/preview-links')).statusCode).toBe(403);
  });

  it('a signed link opens the preview without an account for 24 h; making one is audited', async () => {
    const made = await programmer.request('POST', '/draft/preview-links');
    expect(made.statusCode).toBe(201);
    const { url, expiresAt } = made.json<{ url: string; expiresAt: string }>();
    expect(Date.parse(expiresAt) - NOW.getTime()).toBe(24 * 3_600_000);
    const path = new URL(url).pathname;
    expect(path).toMatch(/^\/gestao\/ligacao\/[^/]+\/$/);
    const entries = await listAudit(server.db, { actorEmail: 'prog@festa.pt' });
    expect(entries.find((entry) => entry.action === 'preview.link')?.outcome).toBe('ok');

    const home = await page(path);
    expect(home.statusCode).toBe(200);
    expectPrivate(home);
    expect(home.body).toContain(PREVIEW_BANNER);
    const token = path.split('/')[3]!;
    // Inside the link's preview, links keep the token.
    expect(home.body).toContain(`href="/gestao/ligacao/${token}/`);
    const filmPage = await page(`/gestao/ligacao/${token}/filme/${filmId}`);
    expect(filmPage.statusCode).toBe(200);
    expect(filmPage.body).toContain(TITLE);
    expect((await page(`/filme/${filmId}`)).statusCode).toBe(404);
  });

  it('an altered link is refused (403) and an expired one is gone (410), in pt-PT', async () => {
    const { token } = await new PreviewLinks({ db: server.db, clock: () => NOW }).create();
    const [expires, id, sig] = token.split('.') as [string, string, string];
    const flip = (text: string) => (text.endsWith('A') ? `${text.slice(0, -1)}B` : `${text.slice(0, -1)}A`);
    for (const altered of [
      `${Number(expires) + 86_400}.${id}.${sig}`,
      `${expires}.${flip(id.replace(/[a-f]/, '0'))}.${sig}`,
      `${expires}.${id}.${flip(sig)}`,
      `${expires}.${id}`,
    ]) {
      const refused = await page(`/gestao/ligacao/${altered}/filme/${filmId}`);
      expect(refused.statusCode, altered).toBe(403);
      expectPrivate(refused);
      expect(refused.body).toContain('Esta ligação de pré-visualização não é válida.');
      expect(refused.body).not.toContain(TITLE);
    }
    // Made 24 h and a minute ago, by another instance sharing the key: expired.
    const old = await new PreviewLinks({ db: server.db, clock: () => new Date(NOW.getTime() - 24 * 3_600_000 - 60_000) }).create();
    const expired = await page(`/gestao/ligacao/${old.token}/filme/${filmId}`);
    expect(expired.statusCode).toBe(410);
    expectPrivate(expired);
    expect(expired.body).toContain('Esta ligação de pré-visualização expirou.');
    expect((await page(`/gestao/ligacao/${token}/filme/${filmId}`)).statusCode).toBe(200);
  });

  it('once published, the public page shows what the preview showed', async () => {
    const before = (await page(`/gestao/pre-visualizar/filme/${filmId}`, programmer)).body;
    expect((await programmer.request('POST', '/releases')).statusCode).toBe(201);
    const live = await page(`/filme/${filmId}`);
    expect(live.statusCode).toBe(200);
    const main = (html: string) =>
      /<main[\s\S]*<\/main>/
        .exec(html)?.[0]
        .replace(/\/gestao\/pre-visualizar/g, '')
        .replace(/[0-9a-f-]{36}/g, 'chave');
    expect(main(live.body)).toBe(main(before));
    expect((await page(`/gestao/pre-visualizar/filme/${filmId}`, programmer)).body).toContain(`${TITLE} (versão do realizador)`);
  });
});
