/**
 * The staff's heavy work off the event loop (server/workers/): while a programme's dry run runs in
 * a worker thread, a visitor's GET is answered before it ends (an order, not a time); applying an
 * import from a worker leaves exactly the drafts, versions and import record that applying it in
 * place leaves; an application worked out elsewhere is written only while the programme still
 * reads as it did, and a session saved meanwhile writes nothing of it; an .xlsx zip bomb is
 * refused in pt-PT naming its limit, and audited; a thread that cannot start fails its job rather
 * than leave its request waiting; with DATABASE=:memory: (which no thread can open) the import
 * still runs; every job is counted in the metrics.
 *
 * Two servers on identical seeded databases: one imports through its routes, the other has the
 * same file applied in place, as the main thread did before the worker threads.
 */
import { parse } from 'csv-parse/sync';
import { once } from 'node:events';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHEET_COLUMNS, type DryRun, type SheetUpload } from '../../src/common/gestao/programme-sheet';
import type { RecordView } from '../../src/common/gestao/record-schemas';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { importContent } from '../../server/content/import';
import { openDatabase, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { listAudit } from '../../server/db/repositories/audit/audit-log-repository';
import type { AppDeps } from '../../server/deps';
import {
  appliedWrites,
  applyImport,
  exportProgramme,
  importedState,
  uploadProgramme,
  writeApplied,
} from '../../server/gestao/editing/programme-spreadsheets';
import type { Actor } from '../../server/gestao/editing/records';
import { writeCsv } from '../../server/gestao/editing/sheet-files';
import { HeavyJobs, heavyJobsOf } from '../../server/workers/heavy-jobs';
import { xlsxBomb } from '../support/xlsx-bomb';
import { loggedInStaff, type GestaoBrowser } from './gestao-browser';
import { createTestDatabase, FESTIVAL_START, NOW } from './helper';

interface Served {
  app: Awaited<ReturnType<typeof buildApp>>;
  db: Db;
  deps: AppDeps;
  close: () => Promise<void>;
}

/** A server as helper.ts's startTestServer makes one, keeping the deps its pool is known by. */
async function serve(memory = false): Promise<Served> {
  const { location, dir, drop } = await createTestDatabase();
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE: memory ? ':memory:' : location,
      FESTIVAL_START,
      MEDIA_CACHE_DIR: join(dir, 'media-variants'),
    },
    NOW,
  );
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  await importContent(db, { ...config, clock: () => NOW });
  const deps: AppDeps = { db, config, clock: () => NOW };
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    db,
    deps,
    close: async () => {
      await app.close();
      await db.destroy();
      await drop();
    },
  };
}

/** POSTs one file as the import screen's file input does. */
async function upload(server: Served, browser: GestaoBrowser, name: string, data: Buffer) {
  const boundary = '----festa-trabalho-pesado';
  return await server.app.inject({
    method: 'POST',
    url: '/gestao/api/programme/imports',
    headers: {
      cookie: `gestao=${browser.cookie}`,
      'x-csrf-token': browser.csrf!,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="ficheiro"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}

async function uploaded(server: Served, browser: GestaoBrowser, name: string, data: Buffer): Promise<SheetUpload> {
  const response = await upload(server, browser, name, data);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<SheetUpload>();
}

/** The draft's programme exported, `moved` of its sessions half an hour later, and `fresh` new ones coded `{prefix}-n`. */
async function programmeFile(db: Db, { moved, fresh, prefix }: { moved: number; fresh: number; prefix: string }): Promise<Buffer> {
  const exported: string[][] = parse((await exportProgramme(db, 'csv')).toString('utf8'), { bom: true });
  const rows = exported.slice(1).map((cells) => Object.fromEntries(SHEET_COLUMNS.map((c, i) => [c, cells[i] ?? ''])));
  for (const row of rows.slice(0, moved)) row.hora = row.hora === '10:30' ? '11:00' : '10:30';
  const added = Array.from({ length: fresh }, (_, i) => ({
    ...rows[i % rows.length]!,
    codigo: `${prefix}-${i + 1}`,
    hora: `${String(10 + (i % 13)).padStart(2, '0')}:${i % 2 ? '05' : '35'}`,
    estado: '',
    motivo: '',
  }));
  return writeCsv(SHEET_COLUMNS, [...rows, ...added]);
}

/** Every draft and every version, as stored. */
async function drafted(db: Db) {
  return {
    drafts: await db.selectFrom('content_drafts').selectAll().orderBy('record_type').orderBy('record_id').execute(),
    history: await db.selectFrom('content_history').selectAll().orderBy('record_type').orderBy('record_id').orderBy('version').execute(),
  };
}

async function importRow(db: Db, id: number) {
  const { id: _id, ...row } = await db.selectFrom('programme_imports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return row;
}

const metricsText = (server: Served) => server.deps.metrics!.registry.getSingleMetricAsString('festa_heavy_job_duration_seconds');
const jobCount = async (server: Served, job: string, outcome: string) =>
  Number(
    new RegExp(`festa_heavy_job_duration_seconds_count\\{job="${job}",outcome="${outcome}"\\} (\\d+)`).exec(
      await metricsText(server),
    )?.[1] ?? 0,
  );

describe('heavy staff work runs in worker threads', () => {
  let routed: Served;
  let inPlace: Served;
  let programmer: GestaoBrowser;
  let actor: Actor;
  let jobs: HeavyJobs;
  const at = NOW.toISOString();

  beforeAll(async () => {
    [routed, inPlace] = await Promise.all([serve(), serve()]);
    programmer = await loggedInStaff(routed, 'prog@festa.pt', 'programacao');
    const staff = await routed.db
      .selectFrom('staff_users')
      .select(['id', 'email'])
      .where('email', '=', 'prog@festa.pt')
      .executeTakeFirstOrThrow();
    actor = { id: Number(staff.id), email: staff.email, role: 'programacao' };
    jobs = heavyJobsOf(routed.deps)!;
  }, 120_000);
  afterAll(async () => {
    await Promise.all([routed?.close(), inPlace?.close()]);
  });

  it('applying a 1,000-row file from a worker leaves exactly the drafts, versions and import record that applying it in place leaves', async () => {
    const csv = await programmeFile(routed.db, { moved: 50, fresh: 700, prefix: 'W' });
    const file = await uploaded(routed, programmer, 'programa.csv', csv);
    const applied = await programmer.request('POST', `/programme/imports/${file.id}/apply`, { mapping: file.mapping });
    expect(applied.statusCode, applied.body).toBe(200);

    const same = await uploadProgramme(inPlace.db, actor, NOW, { data: csv, name: 'programa.csv' });
    const inPlaceAnswer = await applyImport(inPlace.db, actor, at, same.id, same.mapping);
    expect(applied.json()).toEqual(inPlaceAnswer);
    expect(inPlaceAnswer).toMatchObject({ created: 700, changed: 50 });
    expect(await jobCount(routed, 'sheet-apply', 'ok')).toBe(1);
    expect(await drafted(routed.db)).toEqual(await drafted(inPlace.db));
    expect(await importRow(routed.db, file.id)).toEqual(await importRow(inPlace.db, same.id));
  }, 120_000);

  it('while a 2,000-row dry run runs in a worker thread, a public GET is answered before the dry run ends', async () => {
    const file = await uploaded(routed, programmer, 'programa.csv', await programmeFile(routed.db, { moved: 0, fresh: 1000, prefix: 'G' }));
    // Over a socket, as a visitor's: an answer that needs the event loop's turn (app.inject would
    // interleave with a dry run on the main thread between its promises, and prove nothing).
    const address = await routed.app.listen({ port: 0, host: '127.0.0.1' });
    const visit = () => fetch(`${address}/admin/api/cities`);
    expect((await visit()).status).toBe(200);
    const order: string[] = [];
    const begun = once(jobs, 'start');
    const dryRun = programmer.request('POST', `/programme/imports/${file.id}/dry-run`, { mapping: file.mapping }).then((response) => {
      order.push('dry run');
      return response;
    });
    expect(await begun).toEqual(['sheet-dry-run']);
    const cities = await visit();
    order.push('GET /admin/api/cities');
    expect(cities.status).toBe(200);
    const answer = await dryRun;
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<DryRun>().counts).toMatchObject({ erro: 0, novo: 1000, alterado: 0 });
    expect(order).toEqual(['GET /admin/api/cities', 'dry run']);
    expect(await jobCount(routed, 'sheet-read', 'ok')).toBeGreaterThanOrEqual(1);
    expect(await jobCount(routed, 'sheet-dry-run', 'ok')).toBe(1);
  }, 120_000);

  it('an application worked out elsewhere is written in one go while the programme reads the same, and not at all once a session was saved meanwhile', async () => {
    // Both programmes are alike (the first test says so): one works the file out, the other takes what it wrote.
    const written = async (csv: Buffer, before?: () => Promise<void>) => {
      const here = await uploadProgramme(routed.db, actor, NOW, { data: csv, name: 'p.csv' });
      const there = await uploadProgramme(inPlace.db, actor, NOW, { data: csv, name: 'p.csv' });
      const state = await importedState(inPlace.db);
      expect(state).toBe(await importedState(routed.db));
      await applyImport(inPlace.db, actor, at, there.id, there.mapping);
      const writes = await appliedWrites(inPlace.db, there.id);
      await before?.();
      return { here, there, done: await writeApplied(routed.db, actor, at, here.id, here.mapping, writes, state) };
    };

    const first = await written(await programmeFile(routed.db, { moved: 20, fresh: 100, prefix: 'E' }));
    expect(first.done).toBe(true);
    expect(await drafted(routed.db)).toEqual(await drafted(inPlace.db));
    expect(await importRow(routed.db, first.here.id)).toEqual(await importRow(inPlace.db, first.there.id));

    const session = await routed.db.selectFrom('sessions').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    let saved: Awaited<ReturnType<typeof drafted>> | undefined;
    const second = await written(await programmeFile(routed.db, { moved: 40, fresh: 100, prefix: 'F' }), async () => {
      const view = (await programmer.request('GET', `/records/sessions/${session.id}`)).json<RecordView>();
      const put = await programmer.request('PUT', `/records/sessions/${session.id}`, {
        baseVersion: view.version,
        fields: { ...view.fields, guest: 'Paolo Sorrentino' },
      });
      expect(put.statusCode, put.body).toBe(200);
      saved = await drafted(routed.db);
    });
    expect(second.done).toBe(false);
    expect(await drafted(routed.db)).toEqual(saved);
    expect((await importRow(routed.db, second.here.id)).applied_at).toBeNull();
  }, 120_000);

  it('a 100 MB-inflating .xlsx whose directory says 4 KB is refused in pt-PT naming the limit, and audited', async () => {
    const response = await upload(routed, programmer, 'programa.xlsx', await xlsxBomb(100 * 1024 * 1024, { lying: true }));
    const message =
      'Este XLSX descomprime-se mais de 100 vezes, o limite de uma folha de cálculo: não foi lido. Guarde-o de novo no Excel ou envie a folha em CSV.';
    expect([response.statusCode, response.json()]).toEqual([400, { message }]);
    const audit = await listAudit(routed.db, { action: 'programme.upload', outcome: 'failed' });
    expect(audit[0]).toMatchObject({ actorEmail: 'prog@festa.pt', subject: 'programa.xlsx', after: { message } });
    expect(await jobCount(routed, 'sheet-read', 'refused')).toBe(1);
  });

  it('a thread that cannot start fails its job instead of leaving it waiting, and the next job tries a new thread', async () => {
    const broken = new HeavyJobs({ config: routed.deps.config, db: routed.db }, routed.app.log, 'file:///nao/existe/worker.mjs');
    for (let attempt = 0; attempt < 2; attempt++) {
      await expect(broken.readSheet({ data: Buffer.from('codigo\nA-1\n'), name: 'p.csv' })).rejects.toThrow();
    }
    await broken.close();
  });

  it('a city programme is printed in a worker thread', async () => {
    const city = await routed.db.selectFrom('cities').select('id').orderBy('id').executeTakeFirstOrThrow();
    const begun = once(jobs, 'start');
    const response = await programmer.request('GET', `/print/programme?city=${city.id}`);
    expect(await begun).toEqual(['pdf']);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await jobCount(routed, 'pdf', 'ok')).toBe(1);
  });
});

describe('with DATABASE=:memory:, which no worker thread can open', () => {
  let server: Served;
  beforeAll(async () => {
    server = await serve(true);
  }, 60_000);
  afterAll(() => server?.close());

  it('the dry run and the application run on the main thread, counted all the same', async () => {
    const programmer = await loggedInStaff(server, 'prog@festa.pt', 'programacao');
    const started: string[] = [];
    heavyJobsOf(server.deps)!.on('start', (job) => started.push(job));
    const file = await uploaded(server, programmer, 'programa.csv', await programmeFile(server.db, { moved: 10, fresh: 20, prefix: 'M' }));
    const dryRun = await programmer.request('POST', `/programme/imports/${file.id}/dry-run`, { mapping: file.mapping });
    expect(dryRun.json<DryRun>().counts).toEqual({ erro: 0, novo: 20, alterado: 10, 'sem alterações': 290 });
    const applied = await programmer.request('POST', `/programme/imports/${file.id}/apply`, { mapping: file.mapping });
    expect(applied.json()).toMatchObject({ created: 20, changed: 10 });
    expect(started).toEqual(['sheet-read']);
    expect(await jobCount(server, 'sheet-dry-run', 'ok')).toBe(1);
    expect(await jobCount(server, 'sheet-apply', 'ok')).toBe(1);
  });
});
