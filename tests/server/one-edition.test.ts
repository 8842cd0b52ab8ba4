/**
 * One coherent edition: every year, edition number and date of the content follows
 * FESTIVAL_START. The content is imported for two editions years apart; every page a visitor can
 * reach (crawled from the homes through the site's own links), every GET of the API and the
 * downloadable PDFs tell that edition and no other, and no news is dated after "today".
 */
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type EndpointName } from '../../src/common/api/endpoints';
import { LOCALES, localeOfPath, localizedPath } from '../../src/common/i18n/locales';
import type { CustomPage, FestivalProgrammeEntry, HomePrefs, NewsItem, PressItem } from '../../src/common/api/api-types';
import { startTestServer, type TestServer } from './helper';

/** Years the seed states as history: the first edition (2008), the distribution (2013), classics' years. */
const LAST_FIXED_YEAR = 2013;
/** The archive holds the three editions before the configured one. */
const ARCHIVE = 3;

interface Edition {
  start: string;
  end: string;
  /** The import's "today" and the server's clock: during the edition, as on the opening weekend. */
  now: Date;
  year: number;
  number: number;
}

const EDITIONS: Edition[] = [
  { start: '2031-06-12', end: '2031-06-20', now: new Date('2031-06-14T16:00:00Z'), year: 2031, number: 24 },
  { start: '2037-11-26', end: '2037-12-04', now: new Date('2037-11-28T16:00:00Z'), year: 2037, number: 30 },
];

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const POSTAL_CODE = /(?<!\d)\d{4}-\d{3}(?!\d)/g;
/** "%2C%2015-17" is ", 15-17" in an address; a file's size is a count of bytes. */
const PERCENT_ESCAPE = /%[0-9A-Fa-f]{2}/g;
const FILE_SIZE = /"size":\s*\d+/g;
const YEAR = /(?<![\p{L}\p{N}_])(?:19|20)\d{2}(?![\p{L}\p{N}_])/gu;
const ORDINAL = /(?<![\p{N}])(\d{1,3})\.ª/gu;

function yearsIn(text: string): number[] {
  const words = text.replace(UUID, '').replace(PERCENT_ESCAPE, ' ').replace(FILE_SIZE, '').replace(POSTAL_CODE, '');
  return [...words.matchAll(YEAR)].map((m) => Number(m[0]));
}

/** What is stale in a text for an edition: a year outside history and the archive, an edition number that is not one. */
function staleIn(text: string, edition: Edition): string[] {
  const stale = yearsIn(text).filter((y) => y > LAST_FIXED_YEAR && (y < edition.year - ARCHIVE || y > Number(edition.end.slice(0, 4))));
  const ordinals = [...text.matchAll(ORDINAL)].map((m) => Number(m[1])).filter((n) => n > edition.number || n < edition.number - ARCHIVE);
  return [...new Set([...stale.map(String), ...ordinals.map((n) => `${n}.ª`)])];
}

/** The text drawn on a PDF's pages (pdf-lib writes hex strings in deflated content streams). */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const begin = match.index + match[0].length;
    const end = raw.indexOf('endstream', begin);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(begin, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const hex of content.matchAll(/<([0-9A-Fa-f]+)> Tj/g)) texts.push(Buffer.from(hex[1]!, 'hex').toString('latin1'));
  }
  return texts.join('\n');
}

interface Walk {
  pages: Map<string, string>;
  api: Map<string, string>;
}

/**
 * Every pt-PT page reachable from the homes through internal links (query strings included), once.
 * The English and Italian twins draw the same content through other catalogs: one page of each kind
 * in each of them (`twinsOfEachKind`) is enough, where the whole crawl three times over took a minute.
 */
async function crawlPages(server: TestServer): Promise<Map<string, string>> {
  const seen = new Map<string, string>();
  const queue = ['/', '/festa', '/distribuicao', '/pesquisa?q=festa'];
  while (queue.length > 0 && seen.size < 600) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    const response = await server.app.inject({ method: 'GET', url });
    seen.set(url, response.body);
    if (response.statusCode !== 200) continue;
    for (const match of response.body.matchAll(/href="(\/[^"#]*)"/g)) {
      const href = match[1]!.replace(/&amp;/g, '&');
      if (/^\/(media|admin|assets)\//.test(href) || /\.(css|js|json|png|svg|ico|webmanifest|xml|txt)$/.test(href) || href.startsWith('//'))
        continue;
      if (localeOfPath(href) !== 'pt-PT') continue;
      if (!seen.has(href)) queue.push(href);
    }
  }
  return seen;
}

/** The English and Italian twins of the first crawled page of each kind (its first path segment). */
async function twinsOfEachKind(server: TestServer, pages: Map<string, string>): Promise<Map<string, string>> {
  const firstOfKind = new Map<string, string>();
  for (const url of pages.keys()) {
    const kind = url.split(/[/?]/)[1] ?? '';
    if (!firstOfKind.has(kind)) firstOfKind.set(kind, url);
  }
  const twins = new Map<string, string>();
  for (const url of firstOfKind.values())
    for (const locale of LOCALES.filter((l) => l !== 'pt-PT')) {
      const twin = localizedPath(url, locale);
      twins.set(twin, (await server.app.inject({ method: 'GET', url: twin })).body);
    }
  return twins;
}

/** Sample values of each path and query parameter of the registry, from the content itself. */
async function apiSamples(server: TestServer): Promise<Record<string, string[]>> {
  const json = async <T>(path: string) => (await server.app.inject({ method: 'GET', url: `/admin${path}` })).json<T>();
  const prefs = await json<HomePrefs>('/homeprefs');
  const films = [
    ...(await json<{ id: string }[]>('/api/movies_from_categ/0/festa')),
    ...(await json<{ id: string }[]>('/api/movies_from_categ/0/distrib')),
  ];
  const activities = await json<{ id: string }[]>('/api/activities');
  const news = [...(await json<NewsItem[]>('/api/news/festa')), ...(await json<NewsItem[]>('/api/news/distrib'))];
  const cities = await json<{ id: string }[]>('/api/cities');
  const menus = [...Object.values(await json<Record<string, unknown>>('/api/menus/festa'))];
  const slugs = JSON.stringify(menus).match(/t[1-4]\/[a-z0-9-]+/g) ?? [];
  return {
    category: ['0'],
    scope: ['festa', 'distrib'],
    news_id: news.map((n) => n.id),
    city: cities.map((c) => c.id),
    id: [...films, ...activities].map((f) => f.id),
    edition: prefs.historyEditions,
    assetType: ['movies_festa', 'movies_distrib', 'activities'],
    press_type: ['pressrelease', 'presskit', 'support'],
    sponsor_id: ['0'],
    venue_id: ['1', '4'],
    '*': [...new Set(slugs.map((s) => s.slice(3)))],
    q: ['festa', 'edição', 'cinema italiano'],
    // Every language: the translations' markers are replaced too, in their own language.
    lang: ['pt-PT', 'en', 'it'],
    // The version held: today's (nothing changed) and one the server never knew (the whole programme).
    since: [prefs.contentVersion, 'versao-desconhecida'],
  };
}

/** Every answer of every GET of the registry, for every sample of its parameters. */
async function walkApi(server: TestServer): Promise<Map<string, string>> {
  const samples = await apiSamples(server);
  const answers = new Map<string, string>();
  for (const name of Object.keys(endpoints) as EndpointName[]) {
    const endpoint = endpoints[name];
    let paths = [endpoint.path];
    const names = [
      ...[...endpoint.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!),
      ...(endpoint.path.endsWith('*') ? ['*'] : []),
      ...Object.keys((endpoint as { query?: { fields: object } }).query?.fields ?? {}),
    ];
    for (const param of names) {
      const values = samples[param];
      if (!values?.length) throw new Error(`${name}: sem valores de exemplo para o parâmetro ${param} (acrescente-os em apiSamples)`);
      paths = paths.flatMap((path) =>
        values.map((value) => {
          if (param === '*') return path.replace(/\*$/, value);
          if (path.includes(`:${param}`)) return path.replace(`:${param}`, encodeURIComponent(value));
          return `${path}${path.includes('?') ? '&' : '?'}${param}=${encodeURIComponent(value)}`;
        }),
      );
    }
    let answered = 0;
    for (const path of paths) {
      const response = await server.app.inject({ method: 'GET', url: `/admin${path}` });
      if (response.statusCode === 200) {
        answered++;
        answers.set(path, response.body);
      }
    }
    expect(answered, `${name} answers 200 for some sample`).toBeGreaterThan(0);
  }
  return answers;
}

describe.each(EDITIONS)('the content imported for an edition starting $start', (edition) => {
  let server: TestServer;
  let walk: Walk;
  beforeAll(async () => {
    server = await startTestServer({ FESTIVAL_START: edition.start, FESTIVAL_DAYS: '9' }, edition.now);
    const pages = await crawlPages(server);
    walk = { pages: new Map([...pages, ...(await twinsOfEachKind(server, pages))]), api: await walkApi(server) };
  }, 240_000);
  afterAll(() => server.close());

  it('reaches the whole site', () => {
    expect(walk.pages.size).toBeGreaterThan(120);
    for (const home of ['/en/', '/it/']) expect(walk.pages.get(home), home).toContain(`${edition.year}`);
    for (const prefix of ['/filme/', '/actividade/', '/noticia/', '/historico/', '/t1/', '/t4/'])
      expect(
        [...walk.pages.keys()].some((url) => url.startsWith(prefix)),
        prefix,
      ).toBe(true);
    expect(walk.api.size).toBeGreaterThan(100);
  });

  it('finds no year, edition number or date of another edition on any page or in any API answer', () => {
    const problems: string[] = [];
    for (const [where, texts] of [
      ['page', walk.pages],
      ['API', walk.api],
    ] as const) {
      for (const [url, body] of texts) {
        const stale = staleIn(body, edition);
        if (stale.length) problems.push(`${where} ${url}: ${stale.join(', ')}`);
        // The seed's own dates, before the edition was derived from FESTIVAL_START.
        if (/30 de março|7 de abril/.test(body)) problems.push(`${where} ${url}: 30 de março / 7 de abril`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('tells this edition: its number, year and dates on the pages and in the preferences', async () => {
    const prefs = (await server.app.inject({ method: 'GET', url: '/admin/homeprefs' })).json<HomePrefs>();
    expect(prefs).toMatchObject({
      year: edition.year,
      editionNumber: edition.number,
      festivalStart: edition.start,
      festivalEnd: edition.end,
    });
    expect(prefs.historyEditions).toEqual([1, 2, 3].map((back) => String(edition.year - back)));
    const home = walk.pages.get('/festa')!;
    expect(home).toContain(`${edition.number}.ª Festa do Cinema Italiano`);
    expect(home).toContain(`8 1/2 Festa do Cinema Italiano © ${edition.year} Todos os direitos reservados`);
    const team = walk.pages.get('/equipa') ?? (await server.app.inject({ method: 'GET', url: '/equipa' })).body;
    const day = Number(edition.start.slice(8, 10));
    expect(team).toContain(`Equipa da ${edition.number}.ª edição`);
    expect(team).toMatch(new RegExp(`decorre em Lisboa de ${day} (de [a-zç]+ )?a \\d+ de [a-zç]+ de ${edition.year}`));
    const history = (await server.app.inject({ method: 'GET', url: '/historico/programacao' })).body;
    expect(history).toContain(`${edition.number - 1}.ª Festa do Cinema Italiano`);
  });

  it('dates news and press in the weeks before the edition and never after today', async () => {
    const today = edition.now.toISOString().slice(0, 10);
    const news = [
      ...(await server.app.inject({ method: 'GET', url: '/admin/api/news/festa' })).json<NewsItem[]>(),
      ...(await server.app.inject({ method: 'GET', url: '/admin/api/news/distrib' })).json<NewsItem[]>(),
    ];
    expect(news.length).toBeGreaterThanOrEqual(15);
    const first = new Date(`${edition.start}T12:00:00Z`).getTime() - 70 * 86_400_000;
    for (const item of news) {
      expect(item.published_at.slice(0, 10) <= today, `${item.title} ${item.published_at}`).toBe(true);
      expect(new Date(`${item.published_at.slice(0, 10)}T12:00:00Z`).getTime()).toBeGreaterThanOrEqual(first);
    }
    // The mid-festival review is dated after this "today": not published yet.
    expect(news.some((n) => n.title.startsWith('Balanço a meio'))).toBe(false);
  });

  it('writes the programme attachments and press files for this edition', async () => {
    const [entry] = (await server.app.inject({ method: 'GET', url: '/admin/api/festival_program' })).json<FestivalProgrammeEntry[]>();
    const press = (['pressrelease', 'presskit', 'support'] as const).flatMap(
      (type) => JSON.parse(walk.api.get(`/api/press/${type}?lang=pt-PT`)!) as PressItem[],
    );
    const files = [
      ...entry!.attachments.map((a) => ({ title: a.title, url: `/admin/api/download_attach/${a.id}` })),
      ...press.map((p) => ({ title: p.title, url: `/admin/api/download_press/${p.id}` })),
    ];
    const texts = new Map<string, string>();
    for (const file of files) {
      const response = await server.app.inject({ method: 'GET', url: file.url });
      expect(response.statusCode, file.url).toBe(200);
      texts.set(file.title, pdfText(response.rawPayload));
    }
    for (const [title, text] of texts) {
      expect(text.length, title).toBeGreaterThan(100);
      expect(staleIn(text, edition), title).toEqual([]);
    }
    const day = Number(edition.start.slice(8, 10));
    expect(texts.get('Grelha de horários')).toMatch(new RegExp(`, ${day} de [a-z]+ \\(abertura\\)`));
  });

  it('opens the history menu on the latest past edition', async () => {
    const menus = (await server.app.inject({ method: 'GET', url: '/admin/api/menus/festa' })).json<{
      top: { childs: { title: string; menu_url: string }[] }[];
    }>();
    const history = menus.top.flatMap((item) => item.childs).find((child) => child.title === 'Histórico')!;
    const page = await server.app.inject({ method: 'GET', url: `/${history.menu_url}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`${edition.number - 1}.ª Festa do Cinema Italiano`);
    const custom = (await server.app.inject({ method: 'GET', url: '/admin/api/custompage/sobre-o-festival' })).json<CustomPage>();
    expect(custom.mainhtml).toContain(`${edition.number} edições`);
  });
});

describe('the stale check', () => {
  const edition = EDITIONS[0]!;
  it('catches a year, an edition number and spares history and the archive', () => {
    expect(staleIn('Lisboa, 30 de março a 7 de abril de 2016', edition)).toEqual(['2016']);
    expect(staleIn('a 9.ª Festa do Cinema Italiano', edition)).toEqual(['9.ª']);
    expect(staleIn('nasceu em 2008; distribuição desde 2013; 1954; edição de 2030; 24.ª edição; 2031-06-12', edition)).toEqual([]);
    expect(staleIn('7f3e2015-aaaa-4bbb-8ccc-0123456789ab index-2015abc.js Loreto%2C%2015-17 "size":2015 2015-241', edition)).toEqual([]);
  });
});
