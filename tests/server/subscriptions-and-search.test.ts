/**
 * One newsletter subscription per (email, city), also for rows stored before the rule (the
 * migration collapses them); search by word beginnings, ranked title first, with `found` counting
 * exactly the results answered.
 */
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchHit, SearchResults, SubmissionAck } from '../../src/common/api/api-types';
import { MESSAGES } from '../../src/common/forms/form-schemas';
import type { Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { migrations } from '../../server/db/migrations/migration-list';
import { searchFold, searchSite, SEARCH_LIMIT } from '../../server/db/repositories/content/search-repository';
import type { NewMovie } from '../../server/db/schema';
import { countRows, openEmptyTestDatabase, startTestServer, type TestServer } from './helper';

// API prefix: the API is moving from /admin/api/api/... to /admin/api/...; the posts below use
// whichever of the two this build serves, so the switch needs no change here.
const API_PREFIXES = ['/admin/api', '/admin/api/api'];

let server: TestServer;
let api: string;
beforeAll(async () => {
  server = await startTestServer();
  const prefix = API_PREFIXES.find((p) => server.app.hasRoute({ method: 'POST', url: `${p}/newsletter` }));
  if (!prefix) throw new Error(`No newsletter route under ${API_PREFIXES.join(' or ')}`);
  api = prefix;
});
afterAll(() => server.close());

const post = (form: string, payload: object) => server.app.inject({ method: 'POST', url: `${api}/${form}`, payload });

const subscriptions = (email: string) =>
  server.db.selectFrom('newsletter_subscriptions').select(['id', 'email', 'city']).where('email', '=', email).orderBy('city').execute();

describe('newsletter: one subscription per email and city', () => {
  it('stores a repeated subscription once and answers it exactly like the first', async () => {
    const first = await post('newsletter', { email: 'ana@example.pt', city: 'Lisboa' });
    const second = await post('newsletter', { email: ' Ana@Example.PT ', city: 'Lisboa' });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(first.json()).toEqual({ ok: true, id: expect.any(String) as unknown, message: MESSAGES.newsletterSuccess });
    expect(second.json()).toEqual(first.json());
    expect(await subscriptions('ana@example.pt')).toEqual([
      { id: first.json<SubmissionAck>().id, email: 'ana@example.pt', city: 'Lisboa' },
    ]);
  });

  it('stores the same email for another city as a second subscription', async () => {
    const lisboa = await post('newsletter', { email: 'rui@example.pt', city: 'Lisboa' });
    const porto = await post('newsletter', { email: 'RUI@example.pt', city: 'Porto' });
    expect(porto.statusCode).toBe(201);
    expect(porto.json<SubmissionAck>().message).toBe(lisboa.json<SubmissionAck>().message);
    expect(porto.json<SubmissionAck>().id).not.toBe(lisboa.json<SubmissionAck>().id);
    expect((await subscriptions('rui@example.pt')).map((r) => r.city)).toEqual(['Lisboa', 'Porto']);
  });

  it('keeps simultaneous repeats to one row, each answered 201 with its id', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => post('newsletter', { email: i % 2 ? 'EVA@example.pt' : 'eva@example.pt', city: 'Faro' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((a) => a.json<SubmissionAck>().id)).size).toBe(1);
    expect(await subscriptions('eva@example.pt')).toHaveLength(1);
  });

  it('still stores every accreditation request, even a repeated one', async () => {
    const before = await countRows(server.db, 'accreditation_requests');
    const body = { name: 'Rita Lopes', company: 'Público', email: 'rita@publico.pt', telf: '912345678' };
    const answers = [await post('accreditation', body), await post('accreditation', body)];
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(answers[0]!.json<SubmissionAck>().id).not.toBe(answers[1]!.json<SubmissionAck>().id);
    expect(await countRows(server.db, 'accreditation_requests')).toBe(before + 2);
  });
});

describe('migration to unique subscriptions', () => {
  it('collapses the duplicates stored before it to the oldest row and then refuses new ones', async () => {
    // An empty database of the engine under test (SQLite, or PostgreSQL with TEST_DATABASE=postgres).
    const { db, close } = await openEmptyTestDatabase();
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
      const first = Object.keys(migrations)[0]!;
      expect((await migrator.migrateTo(first)).error).toBeUndefined();
      await db
        .insertInto('newsletter_subscriptions')
        .values([
          { id: 'a2', email: 'Ana@Example.pt', city: 'Lisboa', created_at: '2026-01-02T10:00:00.000Z' },
          { id: 'a1', email: ' ana@example.pt ', city: 'Lisboa', created_at: '2026-01-01T10:00:00.000Z' },
          { id: 'a3', email: 'ana@example.pt', city: 'Lisboa', created_at: '2026-01-03T10:00:00.000Z' },
          { id: 'a4', email: 'ana@example.pt', city: 'Porto', created_at: '2026-01-04T10:00:00.000Z' },
          { id: 'b2', email: 'rui@example.pt', city: 'Lisboa', created_at: '2026-01-05T10:00:00.000Z' },
          { id: 'b1', email: 'RUI@example.pt', city: 'Lisboa', created_at: '2026-01-05T10:00:00.000Z' },
        ])
        .execute();
      await migrateToLatest(db);
      const rows = await db.selectFrom('newsletter_subscriptions').select(['id', 'email', 'city']).orderBy('id').execute();
      expect(rows).toEqual([
        { id: 'a1', email: 'ana@example.pt', city: 'Lisboa' },
        { id: 'a4', email: 'ana@example.pt', city: 'Porto' },
        { id: 'b1', email: 'rui@example.pt', city: 'Lisboa' },
      ]);
      await expect(
        db
          .insertInto('newsletter_subscriptions')
          .values({ id: 'a5', email: 'ana@example.pt', city: 'Lisboa', created_at: '2026-02-01' })
          .execute(),
      ).rejects.toThrow(/UNIQUE/i);
    } finally {
      await close();
    }
  });

  it('brings search columns stored before word matching to space-separated words', async () => {
    // An empty database of the engine under test (SQLite, or PostgreSQL with TEST_DATABASE=postgres).
    const { db, close } = await openEmptyTestDatabase();
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
      await migrator.migrateTo(Object.keys(migrations)[0]!);
      await db
        .insertInto('sections')
        .values({ id: 1, name: 'Competição', scope: 'festa', asset_type: 'movies_festa', position: 0 })
        .execute();
      await db
        .insertInto('movies')
        .values({ ...movie(1, 'x', 'x'), title_folded: "l'estrada—ada", search_text: "l'estrada—ada «adamo», pre-estreia" })
        .execute();
      await migrateToLatest(db);
      expect(await db.selectFrom('movies').select(['title_folded', 'search_text']).executeTakeFirstOrThrow()).toEqual({
        title_folded: 'l estrada ada',
        search_text: 'l estrada ada adamo pre estreia',
      });
    } finally {
      await close();
    }
  });
});

/** A film row as the import writes it, with the searchable text folded the same way. */
function movie(id: number, title: string, text: string, sectionId = 1, isMovie = 1): NewMovie {
  return {
    id,
    is_movie: isMovie,
    title,
    original_title: title,
    director: '',
    year: null,
    country: '',
    duration_min: null,
    section_id: sectionId,
    scope: 'festa',
    highlight: 0,
    keywords: '',
    logline: text,
    description_html: '',
    technical_info_html: '',
    video_id: '',
    buy_label: '',
    buy_link: '',
    from_festival: 1,
    thumb: '',
    poster: '',
    title_folded: searchFold(title),
    search_text: searchFold(`${title} ${text}`),
  };
}

/** What a visitor can reach: every list, and found as their lengths. */
const lengths = (r: SearchResults) => [r.movies.length, r.festivals.length, r.news.length];
const titles = (hits: SearchHit[]) => hits.map((h) => h.title);

/** The rows whose folded text has, for every query word, a word beginning with it (computed here, not in SQL). */
async function expectedIds(db: Db, table: 'movies' | 'news', query: string, isMovie?: number) {
  const words = searchFold(query).split(' ');
  const rows =
    table === 'news'
      ? await db.selectFrom('news').select(['id', 'search_text']).execute()
      : await db
          .selectFrom('movies')
          .select(['id', 'search_text'])
          .where('is_movie', '=', isMovie ?? 1)
          .execute();
  return rows
    .filter((r) => words.every((w) => r.search_text.split(' ').some((stored) => stored.startsWith(w))))
    .map((r) => String(r.id))
    .sort();
}
const ids = (hits: SearchHit[]) => hits.map((h) => h.id).sort();

describe('search by word beginnings', () => {
  beforeAll(async () => {
    const section = (await server.db.selectFrom('sections').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    await server.db
      .insertInto('movies')
      .values([
        movie(9001, 'Cartas da Estrada', 'Uma viagem pela estrada nacional, de Lisboa à Calábria.', section),
        movie(9002, 'Noite em Roma', 'Com Ada Merini no papel principal.', section),
        movie(9003, 'Adamo e a Cidade', 'Um jovem chega a Turim.', section),
      ])
      .execute();
  });

  it('finds "O Verão de Ada" first for "ada", and nothing that only holds "ada" inside a word', async () => {
    const results = await searchSite(server.db, 'ada');
    expect(results.movies[0]!.title).toBe('O Verão de Ada');
    const all = [...results.movies, ...results.festivals, ...results.news];
    expect(titles(all)).not.toEqual(expect.arrayContaining(['Cartas da Estrada']));
    for (const title of ['A Estrada dos Girassóis', 'Estrada Sem Fim', 'Terra Queimada', 'A Última Chamada']) {
      const [row] = await server.db.selectFrom('movies').select('search_text').where('title', '=', title).execute();
      if (row && !row.search_text.split(' ').some((w) => w.startsWith('ada'))) expect(titles(results.movies)).not.toContain(title);
    }
    expect(ids(results.movies)).toEqual(await expectedIds(server.db, 'movies', 'ada', 1));
    expect(ids(results.festivals)).toEqual(await expectedIds(server.db, 'movies', 'ada', 0));
    expect(ids(results.news)).toEqual(await expectedIds(server.db, 'news', 'ada'));
  });

  it('ignores accents and case', async () => {
    const plain = await searchSite(server.db, 'verao');
    expect(titles(plain.movies)).toContain('O Verão de Ada');
    expect(await searchSite(server.db, 'VERÃO')).toEqual(plain);
    expect((await searchSite(server.db, 'o verao de ada')).movies[0]!.title).toBe('O Verão de Ada');
  });

  it('ranks the exact title, then titles whose words begin with the query, then matches in the text only', async () => {
    const { movies } = await searchSite(server.db, 'ada');
    const inTitle = (title: string) =>
      searchFold(title)
        .split(' ')
        .some((w) => w.startsWith('ada'));
    const firstTextOnly = movies.findIndex((m) => !inTitle(m.title));
    const lastInTitle = movies.map((m) => inTitle(m.title)).lastIndexOf(true);
    expect(firstTextOnly).toBeGreaterThan(0);
    expect(lastInTitle).toBeLessThan(firstTextOnly);
    expect(titles(movies)).toEqual(expect.arrayContaining(['Noite em Roma', 'Adamo e a Cidade']));
    // A whole title word ("Ada") before a word that merely begins with it ("Adamo").
    expect(titles(movies).indexOf('O Verão de Ada')).toBeLessThan(titles(movies).indexOf('Adamo e a Cidade'));
    expect((await searchSite(server.db, 'adamo e a cidade')).movies[0]!.title).toBe('Adamo e a Cidade');
  });

  it('requires every word to begin some word of the item', async () => {
    const { movies } = await searchSite(server.db, 'estrada nac');
    expect(titles(movies)).toEqual(['Cartas da Estrada']);
    expect((await searchSite(server.db, 'estrada acional')).found).toEqual([0, 0, 0]);
  });

  it('answers every match, and found counts exactly the results answered', async () => {
    for (const query of ['de', 'a', 'ada', 'festa', 'cinema italiano']) {
      const results = await searchSite(server.db, query);
      expect(results.found, query).toEqual(lengths(results));
      expect(ids(results.movies), query).toEqual(await expectedIds(server.db, 'movies', query, 1));
      expect(ids(results.news), query).toEqual(await expectedIds(server.db, 'news', query));
    }
    // More than the 24 a page used to show: the count a visitor sees is the list they can reach.
    expect((await searchSite(server.db, 'de')).found[0]).toBeGreaterThan(24);
    const capped = await searchSite(server.db, 'de', 'pt-PT', 5);
    expect(capped.found).toEqual(lengths(capped));
    expect(capped.movies).toHaveLength(5);
    expect(SEARCH_LIMIT).toBe(200);
  });

  it('imports the searchable text as words separated by single spaces', async () => {
    for (const table of ['movies', 'news'] as const) {
      const rows = await server.db.selectFrom(table).select(['title_folded', 'search_text']).where('id', '<', 9000).execute();
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.search_text).toMatch(/^[\p{L}\p{N}]+( [\p{L}\p{N}]+)*$/u);
        expect(row.title_folded).toMatch(/^[\p{L}\p{N}]+( [\p{L}\p{N}]+)*$/u);
      }
    }
  });
});
