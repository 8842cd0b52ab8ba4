/**
 * "Publicar" and "Agendar" act on the drafts chosen on the publish screen: the others stay pending,
 * a scheduled publication keeps its list and says whose the changes are, and GET /draft lists each
 * record's draft with its author and what it changes. On SQLite by default, on PostgreSQL with
 * TEST_DATABASE=postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DraftAnswer, ReleaseSummary, ScheduledRelease } from '../../src/common/gestao/api/answers';
import { fieldText, type RecordView } from '../../src/common/gestao/record-schemas';
import { publishDueReleases } from '../../server/gestao/editing/scheduled-publishing';
import type { GestaoBrowser } from './gestao-browser';
import { loggedInStaff } from './gestao-browser';
import { NOW, startTestServer, type TestServer } from './helper';

let server: TestServer;
let ana: GestaoBrowser;
let rui: GestaoBrowser;

beforeAll(async () => {
  server = await startTestServer();
  ana = await loggedInStaff(server, 'ana@festa.pt', 'edicao');
  rui = await loggedInStaff(server, 'rui@festa.pt', 'edicao');
}, 60_000);
afterAll(() => server?.close());

const retitle = async (who: GestaoBrowser, record: RecordView, title: string) => {
  const saved = await who.request('PUT', `/records/news/${record.id}`, {
    baseVersion: record.version,
    fields: { ...record.fields, title },
  });
  expect(saved.statusCode).toBe(200);
};
const pending = async () => (await ana.request('GET', '/draft')).json<DraftAnswer>();
const news = (id: string) => ({ type: 'news', id });

describe('publishing and scheduling the chosen drafts', () => {
  it('"Publicar" with a choice publishes those drafts only; the others stay pending, each said with its author', async () => {
    const [first, second] = (await ana.request('GET', '/records/news')).json<RecordView[]>();
    await retitle(ana, first!, 'Escolhida para publicar');
    await retitle(rui, second!, 'Fica por publicar');

    const before = await pending();
    expect(before.drafts).toEqual([
      expect.objectContaining({
        ...news(first!.id),
        by: 'ana@festa.pt',
        changelog: ['Notícia alterada: *Escolhida para publicar* (título)'],
      }),
      expect.objectContaining({ ...news(second!.id), by: 'rui@festa.pt', changelog: ['Notícia alterada: *Fica por publicar* (título)'] }),
    ]);

    const published = await ana.request('POST', '/releases', { drafts: [news(first!.id)] });
    expect(published.statusCode).toBe(201);
    expect(published.json<ReleaseSummary>().changelog).toEqual(['Notícia alterada: *Escolhida para publicar* (título)']);
    expect((await pending()).drafts).toEqual([expect.objectContaining({ ...news(second!.id), by: 'rui@festa.pt' })]);

    // A choice of a draft no longer pending publishes nothing, and says so.
    const again = await ana.request('POST', '/releases', { drafts: [news(first!.id)] });
    expect(again.statusCode).toBe(400);
    expect(again.json<{ message: string }>().message).toBe('As alterações escolhidas já não estão por publicar.');
    // A choice that is not a list of drafts is refused in pt-PT.
    const wrong = await ana.request('POST', '/releases', { drafts: [{ type: 'nada', id: '1' }] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ message: string }>().message).toBe('Escolha as alterações a publicar na lista «Por publicar».');
  });

  it('"Agendar" keeps the chosen list and whose the changes are; when due it publishes those, a draft made later stays pending', async () => {
    const [, second, third] = (await ana.request('GET', '/records/news')).json<RecordView[]>();
    const runAt = new Date(NOW.getTime() + 3_600_000);
    const lisbon = runAt.toLocaleString('sv-SE', { timeZone: 'Europe/Lisbon' }).slice(0, 16).replace(' ', 'T');
    const set = await ana.request('POST', '/releases/scheduled', { runAt: lisbon, drafts: [news(second!.id)] });
    expect(set.statusCode).toBe(201);
    const [scheduled] = (await ana.request('GET', '/releases/scheduled')).json<ScheduledRelease[]>();
    expect(scheduled!.drafts).toEqual([{ ...news(second!.id), by: 'rui@festa.pt' }]);

    // Saved after the schedule was set: not chosen, so not published with it.
    await retitle(ana, third!, 'Feita depois do agendamento');
    // A draft not pending cannot be chosen.
    const stale = await ana.request('POST', '/releases/scheduled', { runAt: lisbon, drafts: [news('999999')] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string }>().message).toBe('Uma das alterações escolhidas já não está por publicar: veja a lista de novo.');

    expect(await publishDueReleases({ db: server.db, clock: () => runAt })).toBe(1);
    const [release] = (await ana.request('GET', '/releases')).json<ReleaseSummary[]>();
    expect(release!.changelog).toEqual(['Notícia alterada: *Fica por publicar* (título)']);
    expect(release!.publishedBy).toBe('ana@festa.pt');
    const left = (await pending()).drafts;
    expect(left).toEqual([expect.objectContaining({ ...news(third!.id), by: 'ana@festa.pt' })]);
    expect(fieldText((await ana.request('GET', `/records/news/${third!.id}`)).json<RecordView>().fields.title)).toBe(
      'Feita depois do agendamento',
    );
  });
});
