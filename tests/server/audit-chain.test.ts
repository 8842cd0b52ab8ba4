/**
 * The audit log's hash chain (server/db/audit-chain.ts) and `npm run audit:verify`: entries the
 * app writes (logins, a record saved, the staff command, many at once) verify intact; then the
 * database is tampered with as someone holding the file or the owner's role would (triggers off,
 * plain SQL), and the command, run as a process, exits 1 naming the first entry changed, removed
 * or inserted; the tampering is undone and the log verifies again. The app seals its entries
 * (AUDIT_MAC_KEYS): a rewrite of every hash, which the chain alone lets through, breaks their seals
 * (audit-seal.test.ts has the rest). Also: the migration chains the entries written before it, and
 * MIGRATION_DATABASE is checked at start-up. On SQLite by default,
 * on PostgreSQL with TEST_DATABASE=postgres (where the table's trigger writes the chain).
 */
import type { FastifyRequest } from 'fastify';
import { Migrator, sql, type Selectable } from 'kysely';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordView } from '../../src/common/gestao/record-schemas';
import { ConfigError, loadConfig } from '../../server/config';
import { AUDIT_GENESIS_HASH, auditEntryHash } from '../../server/db/audit-chain';
import { openDatabase, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { migrations } from '../../server/db/migrations/migration-list';
import { appendAudit } from '../../server/db/repositories/audit/audit-log-repository';
import type { AuditLogTable } from '../../server/db/schema';
import { auditFrom } from '../../server/gestao/auth/staff';
import { runAuditVerify } from '../../server/operations/audit-verify';
import { REPOSITORY } from '../support/server-process';
import { GestaoBrowser, loggedInStaff } from './gestao-browser';
import { countRows, createTestDatabase, NOW, onPostgres, startTestServer, type TestServer } from './helper';

const run = promisify(execFile);

/** The key the test server seals with, and the command verifies with. */
const AUDIT_MAC_KEYS = `teste:${'5c'.repeat(32)}`;

/** `npm run audit:verify` as a process of its own on `database`. */
async function auditVerify(
  database: string,
  args: string[] = [],
  env: Record<string, string> = {},
): Promise<{ code: number; out: string; err: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'server/cli/audit-verify-command.ts', ...args], {
      cwd: REPOSITORY,
      env: { ...process.env, DATABASE: database, MIGRATION_DATABASE: '', AUDIT_MAC_KEYS, ...env },
    });
    return { code: 0, out: stdout, err: stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, out: failed.stdout ?? '', err: failed.stderr ?? '' };
  }
}

/** Text that a careless serialization would get wrong: quotes, backslashes, control characters, accents, emoji, U+2028. */
const AWKWARD = 'Ação "especial" \\ com\ttab\nlinha\u0001\u001f\u2028 e 😀 — fim';

type Row = Selectable<AuditLogTable>;
type Head = { last_id: number; last_hash: string };

async function readRows(db: Db): Promise<Row[]> {
  const rows = await db.selectFrom('audit_log').selectAll().orderBy('id').execute();
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

async function readHead(db: Db): Promise<Head> {
  const head = await db.selectFrom('audit_chain_head').select(['last_id', 'last_hash']).executeTakeFirstOrThrow();
  return { last_id: Number(head.last_id), last_hash: head.last_hash };
}

/**
 * Runs `change` as someone who can do anything to the database: on PostgreSQL the owner (or a
 * superuser) turns the table's triggers off, on SQLite anyone with the file drops them.
 */
async function asTamperer(db: Db, change: () => Promise<void>): Promise<void> {
  if (onPostgres) {
    await sql`ALTER TABLE audit_log DISABLE TRIGGER USER`.execute(db);
    try {
      await change();
    } finally {
      await sql`ALTER TABLE audit_log ENABLE TRIGGER USER`.execute(db);
    }
    return;
  }
  const { rows: triggers } = await sql<{ name: string; sql: string }>`
    SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'audit_log'`.execute(db);
  for (const trigger of triggers) await sql`DROP TRIGGER ${sql.id(trigger.name)}`.execute(db);
  try {
    await change();
  } finally {
    for (const trigger of triggers) await sql.raw(trigger.sql).execute(db);
  }
}

/** Puts every row and the head back as they were. */
async function restore(db: Db, rows: Row[], head: Head): Promise<void> {
  await asTamperer(db, async () => {
    await db.deleteFrom('audit_log').execute();
    for (const row of rows) await db.insertInto('audit_log').values(row).execute();
    await db.updateTable('audit_chain_head').set(head).where('id', '=', 1).execute();
  });
}

/** An entry's content as a forger would write it, linked to `prevHash`, with the hash it should have. */
function forged(id: number, prevHash: string): Row {
  const content = {
    at: NOW.toISOString(),
    actor_id: 1,
    actor_email: 'intruso@festa.pt',
    ip: '203.0.113.9',
    action: 'login',
    subject: 'intruso@festa.pt',
    outcome: 'ok' as const,
    before_json: null,
    after_json: null,
    prev_hash: prevHash,
  };
  return { id, ...content, hash: auditEntryHash(content) };
}

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ AUDIT_MAC_KEYS });
}, 60_000);
afterAll(() => server?.close());

describe('the audit chain, written by the app', () => {
  it('logins, a refused login, a record saved and the staff command verify intact, and the command prints the head', async () => {
    const editor = await loggedInStaff(server, 'edicao@festa.pt', 'edicao');
    expect((await new GestaoBrowser(server.app).login('edicao@festa.pt', 'palavra-passe errada')).statusCode).toBe(401);
    const news = (await editor.request('GET', '/records/news')).json<RecordView[]>()[0]!;
    const saved = await editor.request('PUT', `/records/news/${news.id}`, {
      baseVersion: news.version,
      fields: { ...news.fields, title: 'Título revisto' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await appendAudit(server.db, {
      at: NOW.toISOString(),
      actorId: 7,
      actorEmail: AWKWARD,
      ip: '2001:db8::1',
      action: 'teste.texto',
      subject: AWKWARD,
      outcome: 'denied',
      before: { nome: AWKWARD, lista: [1, null, 'ç'] },
      after: AWKWARD,
    });

    const rows = await readRows(server.db);
    expect(rows.map((row) => row.action)).toEqual(expect.arrayContaining(['user.create', 'login', 'record.save', 'teste.texto']));
    expect(rows[0]!.prev_hash).toBe(AUDIT_GENESIS_HASH);
    // On PostgreSQL the trigger wrote these hashes; the app's serialization gives the same.
    for (const row of rows) expect(row.hash).toBe(auditEntryHash(row));

    const last = rows.at(-1)!;
    const verified = await auditVerify(server.config.database);
    expect(verified).toEqual({
      code: 0,
      out: [
        `Registo íntegro: ${rows.length} entradas verificadas.`,
        `Selos: ${rows.length} com a chave «teste».`,
        `Última entrada: #${last.id} (${last.at}), hash ${last.hash}.`,
        `Para confirmar mais tarde que nada até ela foi reescrito, guarde fora do servidor: npm run audit:verify -- --ancora ${last.id}:${last.hash}`,
        '',
      ].join('\n'),
      err: '',
    });
    const anchored = await auditVerify(server.config.database, ['--ancora', `${last.id}:${last.hash}`]);
    expect(anchored.code).toBe(0);
    expect(anchored.out).toContain(`A entrada #${last.id} confere com a âncora.`);
  });

  it('many entries written at once stay one chain, in id order', async () => {
    const before = await countRows(server.db, 'audit_log');
    const request = { ip: '192.0.2.7', staff: null } as unknown as FastifyRequest;
    const deps = { db: server.db, clock: () => NOW };
    await Promise.all(
      Array.from({ length: 60 }, (_, n) =>
        auditFrom(request, deps, { action: 'teste.concorrente', subject: `n.º ${n}`, outcome: 'ok' }, null),
      ),
    );
    expect(await countRows(server.db, 'audit_log')).toBe(before + 60);
    const result = await runAuditVerify([], { db: server.db });
    expect(result.out).toContain(`Registo íntegro: ${before + 60} entradas verificadas.`);
    expect(result.code).toBe(0);
    const rows = await readRows(server.db);
    expect((await readHead(server.db)).last_id).toBe(rows.at(-1)!.id);
  });

  it('reads the database DATABASE names, whatever MIGRATION_DATABASE names (the live one, beside a restored copy); a bad setting is one pt-PT line, exit 2', async () => {
    const live = 'postgres://festa_dono:segredo@127.0.0.1:9/festa_ao_vivo';
    const beside = await auditVerify(server.config.database, [], { MIGRATION_DATABASE: live });
    expect(beside.err).toBe('');
    expect(beside.out).toMatch(/^Registo íntegro: \d+ entradas verificadas\.\n/);
    expect(beside.code).toBe(0);
    expect(await auditVerify(server.config.database, [], { FESTIVAL_DAYS: 'nove' })).toEqual({
      code: 2,
      out: '',
      err: 'Não foi possível verificar o registo: Configuração inválida:\n  - FESTIVAL_DAYS tem de ser um número\n',
    });
  });

  it('refuses an anchor that is not an id and a hash (exit code 2)', async () => {
    const refused = await runAuditVerify(['--ancora', 'ontem'], { db: server.db });
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('Uso: npm run audit:verify [-- --ancora <id>:<hash>]');
  });
});

describe('npm run audit:verify names the first entry tampered with', () => {
  let rows: Row[];
  let head: Head;
  beforeAll(async () => {
    rows = await readRows(server.db);
    head = await readHead(server.db);
    expect(rows.length).toBeGreaterThan(20);
  });

  /** Tampers, runs the command as a process, checks its first line; then undoes it and checks the log is intact again. */
  async function expectFound(tamper: () => Promise<unknown>, message: string | (() => string), args: string[] = []) {
    await asTamperer(server.db, async () => {
      await tamper();
    });
    const found = await auditVerify(server.config.database, args);
    expect(found.err).toBe('');
    expect(found.out.split('\n')[0]).toBe(`Registo adulterado: ${typeof message === 'string' ? message : message()}`);
    expect(found.code).toBe(1);
    await restore(server.db, rows, head);
    expect((await runAuditVerify([], { db: server.db })).code).toBe(0);
  }

  it('a changed field', async () => {
    const target = rows[5]!;
    await expectFound(
      () => db().updateTable('audit_log').set({ outcome: 'ok', ip: '198.51.100.1' }).where('id', '=', target.id).execute(),
      `A entrada #${target.id} foi alterada: o seu conteúdo não corresponde ao hash guardado.`,
    );
  });

  it('a changed field whose hash was recomputed', async () => {
    const target = rows[6]!;
    const changed = { ...target, subject: 'outra coisa' };
    await expectFound(
      () =>
        db()
          .updateTable('audit_log')
          .set({ subject: changed.subject, hash: auditEntryHash(changed) })
          .where('id', '=', target.id)
          .execute(),
      `A entrada #${target.id} foi alterada e o seu hash recalculado, ou foram removidas entradas logo a seguir: a entrada #${rows[7]!.id} não se liga a ela.`,
    );
  });

  it('a deleted entry in the middle', async () => {
    const target = rows[8]!;
    await expectFound(
      () => db().deleteFrom('audit_log').where('id', '=', target.id).execute(),
      `A entrada #${target.id} foi removida: a entrada #${rows[9]!.id} não se liga à #${rows[7]!.id}.`,
    );
  });

  it('the first and the last entries deleted', async () => {
    await expectFound(
      () => db().deleteFrom('audit_log').where('id', '=', rows[0]!.id).execute(),
      `Foram removidas entradas do início do registo: a primeira que resta, #${rows[1]!.id}, não se liga ao início.`,
    );
    const last = rows.at(-1)!;
    await expectFound(
      () => db().deleteFrom('audit_log').where('id', '=', last.id).execute(),
      `A entrada #${last.id} foi removida: a última entrada que a aplicação escreveu foi a #${last.id}.`,
    );
  });

  it('a forged entry inserted in the middle, with a plausible link and hash (the entries after it moved up one id)', async () => {
    const after = rows[10]!;
    const slot = after.id + 1;
    await expectFound(
      async () => {
        await db()
          .updateTable('audit_log')
          .set({ id: sql`id + 1000000` })
          .where('id', '>', after.id)
          .execute();
        await db()
          .updateTable('audit_log')
          .set({ id: sql`id - 999999` })
          .where('id', '>', 1000000)
          .execute();
        await db().insertInto('audit_log').values(forged(slot, after.hash)).execute();
        await db()
          .updateTable('audit_chain_head')
          .set({ last_id: head.last_id + 1 })
          .execute();
      },
      `A entrada #${slot} foi inserida: a entrada #${slot + 1} liga-se à #${after.id}.`,
    );
  });

  it('a forged entry with a made-up link, in a free id between two entries', async () => {
    const after = rows[11]!;
    await expectFound(
      async () => {
        await db()
          .updateTable('audit_log')
          .set({ id: sql`id + 1000000` })
          .where('id', '>', after.id)
          .execute();
        await db()
          .updateTable('audit_log')
          .set({ id: sql`id - 999998` })
          .where('id', '>', 1000000)
          .execute();
        await db()
          .insertInto('audit_log')
          .values(forged(after.id + 1, 'f'.repeat(64)))
          .execute();
      },
      `A entrada #${after.id + 1} foi inserida: a entrada seguinte, #${rows[12]!.id + 2}, liga-se à #${after.id}.`,
    );
  });

  it('a forged entry added after the last, with a plausible link and hash', async () => {
    const last = rows.at(-1)!;
    await expectFound(
      () =>
        db()
          .insertInto('audit_log')
          .values(forged(last.id + 1, last.hash))
          .execute(),
      `A entrada #${last.id + 1} foi inserida fora da aplicação: a última que a aplicação escreveu foi a #${last.id}.`,
    );
  });

  it('a rewrite of every hash from a changed entry on, head included, passes the chain but not the seals, nor an anchor', async () => {
    const last = rows.at(-1)!;
    const from = 3;
    let rewritten = '';
    const rewrite = async () => {
      let prev = rows[from - 1]!.hash;
      for (const row of rows.slice(from)) {
        const content = { ...row, actor_email: row.id === rows[from]!.id ? 'outra@festa.pt' : row.actor_email, prev_hash: prev };
        prev = auditEntryHash(content);
        await db()
          .updateTable('audit_log')
          .set({ actor_email: content.actor_email, prev_hash: content.prev_hash, hash: prev })
          .where('id', '=', row.id)
          .execute();
      }
      await db().updateTable('audit_chain_head').set({ last_hash: prev }).execute();
      rewritten = prev;
    };
    await asTamperer(server.db, rewrite);
    const sealed = await auditVerify(server.config.database);
    expect(sealed.out.split('\n')[0]).toBe(`Registo adulterado: ${rows.length - from} entradas não conferem:`);
    expect(sealed.out).toContain(`  #${rows[from]!.id}: o seu selo (chave «teste») não confere`);
    expect(sealed.code).toBe(1);
    await restore(server.db, rows, head);
    await expectFound(
      rewrite,
      () => `A entrada #${last.id} não corresponde à âncora: o registo foi reescrito até ela (hash ${rewritten}, esperado ${last.hash}).`,
      ['--ancora', `${last.id}:${last.hash}`],
    );
  });
});

describe('the migration that started the chain', () => {
  it('chains the entries already there, awkward text included, and the app goes on from them', async () => {
    const database = await createTestDatabase();
    const legacy = openDatabase(database.location);
    try {
      const names = Object.keys(migrations).sort();
      const before = names[names.indexOf('2026-11-27T07-00_audit-chain') - 1]!;
      const migrated = await new Migrator({ db: legacy, provider: { getMigrations: () => Promise.resolve(migrations) } }).migrateTo(before);
      expect(migrated.error).toBeUndefined();
      for (const [n, text] of [AWKWARD, 'simples', '{"json":"já"}'].entries()) {
        await legacy
          .insertInto('audit_log')
          .values({
            at: `2026-03-0${n + 1}T10:00:00.000Z`,
            actor_id: n === 1 ? null : n,
            actor_email: text,
            ip: n === 2 ? null : '192.0.2.1',
            action: 'antes.do.encadeamento',
            subject: text,
            outcome: 'failed',
            before_json: n === 0 ? JSON.stringify({ texto: text }) : null,
            after_json: n === 2 ? text : null,
          })
          .execute();
      }
      await migrateToLatest(legacy);
      const chained = await readRows(legacy);
      expect(chained.map((row) => row.prev_hash)).toEqual([AUDIT_GENESIS_HASH, chained[0]!.hash, chained[1]!.hash]);
      expect(await readHead(legacy)).toEqual({ last_id: chained[2]!.id, last_hash: chained[2]!.hash });

      await appendAudit(legacy, {
        at: NOW.toISOString(),
        actorId: null,
        actorEmail: null,
        ip: null,
        action: 'depois',
        subject: null,
        outcome: 'ok',
      });
      const verified = await auditVerify(database.location);
      expect(verified.out.split('\n')[0]).toBe('Registo íntegro: 4 entradas verificadas.');
      expect(verified.code).toBe(0);
    } finally {
      await legacy.destroy();
      await database.drop();
    }
  });
});

describe('MIGRATION_DATABASE', () => {
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig({ NODE_ENV: 'test', ...env });
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  };
  const OWNER = 'postgres://festa_dono:segredo@db.festa.pt:5432/festa';
  const APP = 'postgres://festa_app:outro@db.festa.pt/festa';

  it('is the same PostgreSQL database as DATABASE, as another role; unset, DATABASE migrates', () => {
    expect(loadConfig({ NODE_ENV: 'test', DATABASE: APP, MIGRATION_DATABASE: OWNER }).migrationDatabase).toBe(OWNER);
    expect(loadConfig({ NODE_ENV: 'test', DATABASE: APP }).migrationDatabase).toBeUndefined();
    expect(problems({ DATABASE: APP, MIGRATION_DATABASE: 'festa.sqlite' })).toEqual([
      'MIGRATION_DATABASE tem de ser um URL postgres:// (o papel dono das tabelas, que aplica as migrações)',
    ]);
    expect(problems({ DATABASE: 'data/festa.sqlite', MIGRATION_DATABASE: OWNER })).toEqual([
      'MIGRATION_DATABASE só serve com PostgreSQL: DATABASE tem de ser um URL postgres:// da mesma base de dados',
    ]);
    expect(problems({ DATABASE: APP, MIGRATION_DATABASE: 'postgres://festa_dono:segredo@db.festa.pt:5432/festa_ensaio' })).toEqual([
      'MIGRATION_DATABASE e DATABASE têm de apontar para a mesma base de dados (db.festa.pt:5432/festa_ensaio não é db.festa.pt:5432/festa), com papéis diferentes',
    ]);
  });
});

const db = () => server.db;
