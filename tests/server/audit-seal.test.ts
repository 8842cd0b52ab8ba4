/**
 * The audit log's seals (server/db/audit-seal.ts, AUDIT_MAC_KEYS) and what `npm run audit:verify`
 * says of them and of each entry's time: entries written before the seals are reported as such,
 * genuine entries verify across a key rotation, and a row added straight into audit_log, chained
 * as the app or PostgreSQL's trigger would chain it but without the key, is named by its id, as
 * is an entry whose `at` is malformed, in the future or before the previous one. A log of its own
 * per test, migrated only (no content): on SQLite by default, on PostgreSQL with
 * TEST_DATABASE=postgres. The app's own role on PostgreSQL: pg-audit-roles.test.ts.
 */
import { sql } from 'kysely';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { auditEntryHash } from '../../server/db/audit-chain';
import { auditKeysOf } from '../../server/db/audit-seal';
import { openDatabase, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { appendAudit, type AuditEntry } from '../../server/db/repositories/audit/audit-log-repository';
import { runAuditVerify } from '../../server/operations/audit-verify';
import { runSecretsCommand } from '../../server/operations/secrets';
import { REPOSITORY } from '../support/server-process';
import { createTestDatabase, NOW, onPostgres } from './helper';

const run = promisify(execFile);

const K1 = `k1:${'1a'.repeat(32)}`;
const K2 = `k2:${'2b'.repeat(32)}`;
/** After a rotation: k2 seals, k1 still verifies. */
const ROTATED = `${K2},${K1}`;
const LATER = new Date(NOW.getTime() + 60 * 60_000);

const open: Db[] = [];
const drops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.destroy();
  for (const drop of drops.splice(0)) await drop();
});

/** A migrated, empty log, and a way to open it again with other keys (none: unsealed). */
async function freshLog(): Promise<{ location: string; as: (keys?: string) => Db }> {
  const { location, drop } = await createTestDatabase();
  drops.push(drop);
  const as = (keys?: string) => {
    const db = openDatabase(location, { auditKeys: auditKeysOf(keys) });
    open.push(db);
    return db;
  };
  await migrateToLatest(as());
  return { location, as };
}

const entry = (action: string, at = NOW.toISOString()): AuditEntry => ({
  at,
  actorId: 1,
  actorEmail: 'direcao@festa.pt',
  ip: '192.0.2.1',
  action,
  subject: null,
  outcome: 'ok',
});

/**
 * Adds a row straight into audit_log, as whoever holds the database's role can: on PostgreSQL the
 * trigger chains it; on SQLite it is chained here as the app would, head moved. Its id.
 */
async function insertStraight(db: Db, at = NOW.toISOString()): Promise<number> {
  const content = {
    at,
    actor_id: 1,
    actor_email: 'intruso@festa.pt',
    ip: '203.0.113.9',
    action: 'user.role',
    subject: 'staff_users/1',
    outcome: 'ok' as const,
    before_json: null,
    after_json: '{"role":"administracao"}',
  };
  if (onPostgres) {
    const { rows } = await sql<{ id: number }>`
      INSERT INTO audit_log (at, actor_id, actor_email, ip, action, subject, outcome, before_json, after_json)
      VALUES (${content.at}, ${content.actor_id}, ${content.actor_email}, ${content.ip}, ${content.action},
        ${content.subject}, ${content.outcome}, ${content.before_json}, ${content.after_json})
      RETURNING id`.execute(db);
    return Number(rows[0]!.id);
  }
  const head = await db.selectFrom('audit_chain_head').select('last_hash').executeTakeFirstOrThrow();
  const hash = auditEntryHash({ ...content, prev_hash: head.last_hash });
  const { id } = await db
    .insertInto('audit_log')
    .values({ ...content, prev_hash: head.last_hash, hash })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('audit_chain_head').set({ last_id: id, last_hash: hash }).execute();
  return Number(id);
}

/** `npm run audit:verify` as a process of its own, with these keys. */
async function auditVerify(database: string, keys: string): Promise<{ code: number; out: string; err: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'server/cli/audit-verify-command.ts'], {
      cwd: REPOSITORY,
      env: { ...process.env, DATABASE: database, MIGRATION_DATABASE: '', AUDIT_MAC_KEYS: keys },
    });
    return { code: 0, out: stdout, err: stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, out: failed.stdout ?? '', err: failed.stderr ?? '' };
  }
}

describe('the audit log sealed with AUDIT_MAC_KEYS', () => {
  it('entries from before the seals are reported as unsealed; genuine entries verify across a key rotation, each with its key', async () => {
    const log = await freshLog();
    const legacy = log.as();
    await appendAudit(legacy, entry('antes.dos.selos'));
    await appendAudit(legacy, entry('antes.dos.selos'));
    const first = log.as(K1);
    for (let n = 0; n < 3; n += 1) await appendAudit(first, entry('com.k1'));
    // The rotation: a new key in front, the old one kept behind it.
    const rotated = log.as(ROTATED);
    await first.transaction().execute((trx) => appendAudit(trx, entry('com.k2.numa.transacao')));
    await appendAudit(rotated, entry('com.k2'));
    await rotated.transaction().execute((trx) => appendAudit(trx, entry('com.k2.numa.transacao')));

    const seals = await rotated.selectFrom('audit_log_seal').select(['entry_id', 'key_id']).orderBy('entry_id').execute();
    expect(seals.map((s) => [Number(s.entry_id), s.key_id])).toEqual([
      [3, 'k1'],
      [4, 'k1'],
      [5, 'k1'],
      [6, 'k1'],
      [7, 'k2'],
      [8, 'k2'],
    ]);

    const verified = await runAuditVerify([], { db: rotated, now: LATER });
    expect(verified.code).toBe(0);
    expect(verified.out.split('\n').slice(0, 3)).toEqual([
      'Registo íntegro: 8 entradas verificadas.',
      'Selos: 4 com a chave «k1», 2 com a chave «k2».',
      `Sem selo: 2 entradas (#1 a #2), anteriores a ${NOW.toISOString()} (a primeira selada, #3): escritas antes dos selos, a cadeia responde por elas, o selo não.`,
    ]);

    // The old key taken out too soon: what it sealed can no longer be told from a forgery.
    const tooSoon = await runAuditVerify([], { db: log.as(K2), now: LATER });
    expect(tooSoon.code).toBe(1);
    expect(tooSoon.out.split('\n')[0]).toBe('Registo adulterado: 4 entradas não conferem:');
    expect(tooSoon.out).toContain('  #3: está selada com a chave «k1», que AUDIT_MAC_KEYS não tem');
    // No keys at all: the seals cannot be checked, which is not "intact".
    const none = await runAuditVerify([], { db: log.as(), now: LATER });
    expect(none.code).toBe(2);
    expect(none.err).toContain('6 entradas estão seladas e AUDIT_MAC_KEYS não está definida');
  }, 60_000);

  it('names a row added straight into audit_log, chained but without the key, and one with a made-up seal; never a stack trace', async () => {
    const log = await freshLog();
    const app = log.as(K1);
    await appendAudit(app, entry('login'));
    await appendAudit(app, entry('record.save'));
    const forged = await insertStraight(app);
    await appendAudit(app, entry('logout'));
    const alsoForged = await insertStraight(app);
    await app
      .insertInto('audit_log_seal')
      .values({ entry_id: alsoForged, key_id: 'k1', mac: 'f'.repeat(64) })
      .execute();
    await appendAudit(app, entry('login'));

    const found = await auditVerify(log.location, K1);
    expect(found).toEqual({
      code: 1,
      out: [
        'Registo adulterado: 2 entradas não conferem:',
        `  #${forged}: não tem selo, e a primeira entrada selada é a #1: foi inserida fora da aplicação, por quem não tem a chave do registo (ou por uma instância sem AUDIT_MAC_KEYS).`,
        `  #${alsoForged}: o seu selo (chave «k1») não confere: foi inserida ou alterada fora da aplicação, por quem não tem a chave do registo.`,
        '',
      ].join('\n'),
      err: '',
    });
    // The seals are append-only too: the made-up one cannot be taken back or rewritten.
    await expect(app.deleteFrom('audit_log_seal').where('entry_id', '=', alsoForged).execute()).rejects.toThrow(/append-only/);
    await expect(app.updateTable('audit_log_seal').set({ key_id: 'k2' }).execute()).rejects.toThrow(/append-only/);
  }, 60_000);

  it("names each entry whose `at` is malformed, in the future, or before the previous entry's", async () => {
    const log = await freshLog();
    const app = log.as(K1);
    const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000).toISOString();
    await appendAudit(app, entry('a.tempo', minutes(0)));
    await appendAudit(app, entry('mal.formada', 'ontem às 21h'));
    await appendAudit(app, entry('dia.inexistente', '2026-02-30T10:00:00.000Z'));
    await appendAudit(app, entry('um.pouco.atras', minutes(-2)));
    await appendAudit(app, entry('no.futuro', minutes(24 * 60)));
    await appendAudit(app, entry('antes.da.anterior', minutes(-60)));
    await appendAudit(app, entry('a.tempo', minutes(1)));

    const found = await runAuditVerify([], { db: app, now: LATER });
    expect(found.code).toBe(1);
    expect(found.out.split('\n')).toEqual([
      'Registo adulterado: 4 entradas não conferem:',
      '  #2: a data «ontem às 21h» não é um instante válido (AAAA-MM-DDTHH:MM:SS.sssZ).',
      '  #3: a data «2026-02-30T10:00:00.000Z» não é um instante válido (AAAA-MM-DDTHH:MM:SS.sssZ).',
      `  #5: a data ${minutes(24 * 60)} está no futuro (agora: ${LATER.toISOString()}).`,
      `  #6: a data ${minutes(-60)} é anterior à da entrada #4 (${minutes(-2)}).`,
      '',
    ]);
  }, 60_000);
});

describe('AUDIT_MAC_KEYS and its rotation', () => {
  const problems = (value: string) => {
    try {
      loadConfig({ NODE_ENV: 'test', AUDIT_MAC_KEYS: value });
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  };

  it('is checked at start-up, naming the variable and never a key', () => {
    const keys = loadConfig({ NODE_ENV: 'test', AUDIT_MAC_KEYS: ROTATED }).auditKeys!;
    expect(keys.signing.id).toBe('k2');
    expect([...keys.byId.keys()]).toEqual(['k2', 'k1']);
    expect(loadConfig({ NODE_ENV: 'test' }).auditKeys).toBeUndefined();
    const format =
      'AUDIT_MAC_KEYS é uma lista id:chave separada por vírgulas, a mais recente primeiro (npm run secrets -- rotate audit-key)';
    expect(problems('segredo')).toEqual([`${format}: a 1.ª chave de AUDIT_MAC_KEYS não tem a forma id:chave`]);
    expect(problems(`${K1},k2:abc123`)).toEqual([`${format}: a chave «k2» tem de ter pelo menos 32 bytes em hexadecimal (64 caracteres)`]);
    expect(problems(`${K1},${K1}`)).toEqual([`${format}: o id «k1» aparece mais de uma vez`]);
    expect(problems(`um id:${'1a'.repeat(32)}`)).toEqual([
      `${format}: o id da 1.ª chave de AUDIT_MAC_KEYS tem de ter 1 a 40 letras, algarismos, «.», «_» ou «-»`,
    ]);
  });

  it('npm run secrets -- rotate audit-key prints a new key for the front of the list and stores nothing', async () => {
    const rotated = await runSecretsCommand(['rotate', 'audit-key'], { db: undefined as unknown as Db, now: NOW });
    expect(rotated.code).toBe(0);
    const [said, key] = rotated.out.split('\n');
    expect(said).toBe('Nova chave do registo de auditoria, «20260405T1400» (não é guardada na base de dados):');
    expect(key).toMatch(/^20260405T1400:[0-9a-f]{64}$/);
    expect(auditKeysOf(`${key},${K1}`)?.signing.id).toBe('20260405T1400');
  });
});
