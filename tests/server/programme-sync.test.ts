import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProgrammeChanges, ProgrammeSync } from '../../src/common/api/api-types';
import { fieldText } from '../../src/common/gestao/record-schemas';
import { applyProgrammeDelta, sessionVersionsOf, type ProgrammeDelta } from '../../src/common/programme/programme-delta';
import { listRecords, saveRecord } from '../../server/gestao/editing/records';
import { publishDraft } from '../../server/gestao/editing/staff-releases';
import { importContent } from '../../server/content/import';
import { FESTIVAL_START, NOW, startTestServer, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET sync/programme', () => {
  it('holds, under their own paths, exactly the answers the API gives for the agenda', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/admin/sync/programme' });
    expect(response.statusCode).toBe(200);
    const sync = response.json<ProgrammeSync>();
    const paths = Object.keys(sync.answers);
    expect(paths).toContain('/api/cities');
    expect(paths.filter((p) => p.startsWith('/api/movies_from_festival/'))).toHaveLength(4);
    expect(paths.filter((p) => p.startsWith('/api/movie/'))).toHaveLength(60);
    expect(paths.filter((p) => p.startsWith('/api/activity/'))).toHaveLength(15);
    for (const path of ['/api/movie/101', '/api/movies_from_festival/1', '/api/movies_from_categ/0/festa', '/homeprefs']) {
      const direct = await server.app.inject({ method: 'GET', url: `/admin${path}` });
      expect(sync.answers[path]).toEqual(direct.json());
    }
  });

  it('carries the films and activities in the language asked for, under that language’s paths, and keeps its own snapshot for the changes', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/admin/sync/programme?lang=it' });
    expect(response.statusCode).toBe(200);
    const sync = response.json<ProgrammeSync>();
    const paths = Object.keys(sync.answers);
    expect(paths.filter((p) => p.startsWith('/api/movie/'))).toHaveLength(60);
    expect(paths.filter((p) => p.startsWith('/api/movie/') && !p.endsWith('?lang=it'))).toEqual([]);
    const direct = await server.app.inject({ method: 'GET', url: '/admin/api/movie/101?lang=it' });
    expect(sync.answers['/api/movie/101?lang=it']).toEqual(direct.json());
    expect((sync.answers['/api/movie/101?lang=it'] as { title: string }).title).toBe("L'estate di Ada");
    // The changes since this version, in Italian, are none: the Italian snapshot was kept, not the pt-PT one.
    const changes = (
      await server.app.inject({ method: 'GET', url: `/admin/sync/changes/${sync.version}?lang=it` })
    ).json<ProgrammeChanges>();
    expect(changes.full).toBe(false);
    expect(changes.patched ?? {}).toEqual({});
  });

  it('stays small on the wire (the figure is measured by npm run bench:offline)', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/admin/sync/programme' });
    // A guard against accidental growth, well above the 150 KiB target the benchmark reports on.
    expect(gzipSync(response.rawPayload).length).toBeLessThan(300 * 1024);
  });
});

describe('GET sync/version', () => {
  const ask = (headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url: '/admin/sync/version', headers });

  it('answers the content version the sync carries, always revalidated, 304 while it is unchanged', async () => {
    const first = await ask();
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const { version } = first.json<{ version: string }>();
    const sync = (await server.app.inject({ method: 'GET', url: '/admin/sync/programme' })).json<ProgrammeSync>();
    expect(version).toBe(sync.version);
    const etag = String(first.headers.etag);
    expect(etag).not.toBe('undefined');
    const again = await ask({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
  });

  it('changes once an import changes the programme', async () => {
    const before = (await ask()).json<{ version: string }>().version;
    const shifted = new Date(Date.parse(`${FESTIVAL_START}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    try {
      await importContent(server.db, { contentDir: server.config.contentDir, festivalStart: shifted, festivalDays: 9, clock: () => NOW });
      // The response cache re-reads the version at most once a second.
      await expect.poll(async () => (await ask()).json<{ version: string }>().version, { timeout: 5000 }).not.toBe(before);
    } finally {
      await importContent(server.db, {
        contentDir: server.config.contentDir,
        festivalStart: FESTIVAL_START,
        festivalDays: 9,
        clock: () => NOW,
      });
    }
  });
});

describe('GET sync/changes/:since', () => {
  const programmer = { id: 1, email: 'programacao@festa.test', role: 'programacao' } as const;
  const AT = '2026-04-05T14:00:00.000Z';
  const whole = async () => (await server.app.inject({ method: 'GET', url: '/admin/sync/programme' })).json<ProgrammeSync>();
  const changes = async (since: string) => server.app.inject({ method: 'GET', url: `/admin/sync/changes/${encodeURIComponent(since)}` });

  it('after one moved session, carries only patches that turn the answers held into today’s, at a fraction of the bytes', async () => {
    const before = await whole();
    // A session still to come: the city's programme only carries today and the days after.
    const session = (await listRecords(server.db, 'sessions')).find((s) => fieldText(s.fields.starts_at) > '2026-04-06')!;
    const startsAt = fieldText(session.fields.starts_at);
    await saveRecord(server.db, programmer, AT, 'sessions', session.id, {
      baseVersion: session.version,
      // Early in the morning, when no venue shows anything: a move that clashes with no other session.
      fields: { ...session.fields, starts_at: `${startsAt.slice(0, 11)}${startsAt.endsWith('05:50') ? '05:45' : '05:50'}` },
    });
    await publishDraft(server.db, programmer, AT);
    await server.app.responseCache.refreshVersion();
    const after = await whole();
    expect(after.version).not.toBe(before.version);

    const response = await changes(before.version);
    expect(response.statusCode).toBe(200);
    const delta = response.json<ProgrammeChanges>();
    expect(delta).toMatchObject({ full: false, since: before.version, version: after.version });
    const changedPaths = Object.keys(delta.patched ?? {});
    // The session list, its city's programme and its film's page, and the version the settings carry.
    expect(changedPaths).toEqual(
      expect.arrayContaining([
        '/api/sessions',
        `/api/movie/${fieldText(session.fields.movie_id)}`,
        expect.stringMatching(/^\/api\/movies_from_festival\//),
      ]),
    );
    expect(changedPaths.length).toBeLessThan(8);
    expect(delta.removed).toEqual([]);
    expect(delta.added).toEqual({});

    // Applied to what the browser held, the patches give exactly what a whole sync gives now.
    const patched = await applyProgrammeDelta(delta as ProgrammeDelta, (path) => Promise.resolve(structuredClone(before.answers[path])));
    expect(patched).not.toBeNull();
    for (const path of changedPaths) expect(patched![path], path).toEqual(after.answers[path]);
    for (const path of Object.keys(after.answers).filter((p) => !changedPaths.includes(p)))
      expect(after.answers[path], path).toEqual(before.answers[path]);
    expect(sessionVersionsOf({ ...before.answers, ...patched })).toEqual(after.sessionVersions);

    // Measured by scripts/desk/bench-delta.ts; here a guard that the delta stays a delta.
    const wholeBytes = gzipSync((await server.app.inject({ method: 'GET', url: '/admin/sync/programme' })).rawPayload).length;
    expect(gzipSync(response.rawPayload).length).toBeLessThan(wholeBytes / 10);

    // A stored answer in another state than the one a patch was made for is never patched blind.
    const moved = structuredClone(before.answers['/api/sessions']) as { starts_at: string }[];
    moved[0]!.starts_at = '2026-04-01T10:00';
    const refused = await applyProgrammeDelta(delta as ProgrammeDelta, (path) =>
      Promise.resolve(path === '/api/sessions' ? moved : structuredClone(before.answers[path])),
    );
    expect(refused).toBeNull();

    // Nothing changed since today's version: nothing to download.
    const none = (await changes(after.version)).json<ProgrammeChanges>();
    expect(none).toMatchObject({ full: false, patched: {}, added: {}, removed: [] });
  });

  it('answers the whole programme for a version it does not know, and a pt-PT 400 for one that cannot be a version', async () => {
    const unknown = (await changes('nunca-existiu')).json<ProgrammeChanges>();
    const current = await whole();
    expect(unknown.full).toBe(true);
    expect(unknown.answers).toEqual(current.answers);
    expect(unknown.sessionVersions).toEqual(current.sessionVersions);
    const bad = await changes('não é versão');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('Versão dos conteúdos inválida.');
  });
});
