/**
 * `npm run audit:verify [-- --ancora <id>:<hash>]`: walks the audit log's hash chain
 * (server/db/audit-chain.ts) in id order and names the first entry that was changed, removed or
 * inserted outside the app. Exit code 0: intact; 1: tampered with; 2: could not verify.
 *
 * How each is told apart, at the first entry whose hash or link is wrong:
 * - its content no longer gives its hash: changed (unless the next entry links past it: inserted);
 * - it links to an entry further back than the one before it: the ones in between were inserted;
 * - it links to nothing seen, with ids missing before it: those were removed; with no id missing,
 *   the entry before it was changed and its hash recomputed (or entries removed and renumbered);
 * - an id beyond the last one the app wrote (audit_chain_head): inserted outside the app; the app's
 *   last entry gone: removed from the end.
 * Someone who can write the database can also recompute every hash after the entry they changed,
 * and the head: only a value kept elsewhere catches that. The last entry's id and hash are printed
 * for that, and --ancora checks that entry still has that hash.
 *
 * Then every entry on its own, all of them, each one that fails named by its id:
 * - its seal (server/db/audit-seal.ts), with the keys the database handle carries (AUDIT_MAC_KEYS):
 *   a seal that does not match, or made with a key not given, fails; no seal fails after the first
 *   entry whose seal matches (what the app's database role adds by itself, chained by the
 *   trigger, has none). Entries before that one were written before the seals, and are reported as
 *   unsealed, not as failures: the chain vouches for them, the seal does not.
 * - its `at`: an ISO instant in UTC, not later than now by more than AUDIT_CLOCK_SKEW_MS, nor
 *   earlier than the previous entry's by more than that (instances' clocks, and the time between
 *   taking `at` and the insert, differ by less).
 */
import { AUDIT_GENESIS_HASH, auditEntryHash } from '../db/audit-chain';
import { auditKeysOfHandle, auditSealMatches, type AuditKeys } from '../db/audit-seal';
import type { Db } from '../db/database';
import { readAuditChain, type AuditChainReader, type AuditChainRow } from '../db/repositories/audit/audit-log-repository';

export interface AuditAnchor {
  id: number;
  hash: string;
}

export interface AuditProblem {
  /** The first entry concerned (removed, inserted or changed); null when none can be named. */
  id: number | null;
  message: string;
}

/** An entry that fails on its own: its seal or its time. */
export interface AuditEntryProblem {
  id: number;
  message: string;
}

export interface AuditVerification {
  /** Entries found intact (before the problem, when there is one). */
  intact: number;
  /** The chain's first problem. */
  problem?: AuditProblem;
  /** Every entry whose seal or time fails, in id order. */
  entries: AuditEntryProblem[];
  /** Entries whose seal matches, by key id. */
  sealed: Map<string, number>;
  /** Entries before the first sealed one, written before the seals: how many, and their ids. */
  unsealed: { count: number; firstId: number; lastId: number } | undefined;
  /** The first entry whose seal matches. */
  firstSealed?: { id: number; at: string };
  /** Sealed entries whose seal could not be checked: no keys were given. */
  unverifiable: number;
  last?: { id: number; at: string; hash: string };
}

/** How far an entry's `at` may be ahead of now, or behind the previous entry's. */
export const AUDIT_CLOCK_SKEW_MS = 5 * 60_000;

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/;

/** Milliseconds since the epoch of a well-formed UTC instant (2026-11-27T21:00:00.000Z), else undefined. */
function instantOf(at: unknown): number | undefined {
  if (typeof at !== 'string' || !INSTANT.test(at)) return undefined;
  const time = Date.parse(at);
  // Date.parse rolls 2026-02-30 over to March: the text must be the instant it names.
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 19) !== at.slice(0, 19)) return undefined;
  return time;
}

export interface AuditVerifyOptions {
  anchor?: AuditAnchor | undefined;
  /** The keys that verify the seals; undefined: a sealed entry cannot be checked. */
  keys?: AuditKeys | undefined;
  now: Date;
}

/** Entries kept to recognise a link to an entry further back (a block of inserted entries). */
const LOOKBACK = 1000;

const range = (first: number, last: number) =>
  first === last ? `a entrada #${first} foi removida` : `as entradas #${first} a #${last} foram removidas`;
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export async function verifyAuditChain(chain: AuditChainReader, { anchor, keys, now }: AuditVerifyOptions): Promise<AuditVerification> {
  const { head } = chain;
  const entries: AuditEntryProblem[] = [];
  const sealed = new Map<string, number>();
  let unsealed: AuditVerification['unsealed'];
  let firstSealed: AuditVerification['firstSealed'];
  let unverifiable = 0;
  let previousAt: { id: number; at: string; time: number } | undefined;
  const latest = now.getTime() + AUDIT_CLOCK_SKEW_MS;

  /** The entry's `at`: what is wrong with it, if anything. */
  const atProblem = (row: AuditChainRow): string | undefined => {
    const time = instantOf(row.at);
    if (time === undefined) return `a data «${String(row.at)}» não é um instante válido (AAAA-MM-DDTHH:MM:SS.sssZ)`;
    if (time > latest) return `a data ${row.at} está no futuro (agora: ${now.toISOString()})`;
    if (previousAt && time < previousAt.time - AUDIT_CLOCK_SKEW_MS) {
      return `a data ${row.at} é anterior à da entrada #${previousAt.id} (${previousAt.at})`;
    }
    previousAt = { id: row.id, at: row.at, time };
    return undefined;
  };

  /** The entry's seal: what is wrong with it, if anything. */
  const sealProblem = (row: AuditChainRow): string | undefined => {
    if (!row.seal) {
      if (firstSealed) {
        return `não tem selo, e a primeira entrada selada é a #${firstSealed.id}: foi inserida fora da aplicação, por quem não tem a chave do registo (ou por uma instância sem AUDIT_MAC_KEYS)`;
      }
      unsealed = { count: (unsealed?.count ?? 0) + 1, firstId: unsealed?.firstId ?? row.id, lastId: row.id };
      return undefined;
    }
    const { keyId, mac } = row.seal;
    if (!keys) {
      unverifiable += 1;
      firstSealed ??= { id: row.id, at: row.at };
      return undefined;
    }
    const secret = keys.byId.get(keyId);
    if (!secret) {
      return `está selada com a chave «${keyId}», que AUDIT_MAC_KEYS não tem: ou a chave foi retirada antes de tempo, ou a entrada foi inserida fora da aplicação`;
    }
    if (!auditSealMatches(secret, keyId, row.id, row.hash, mac)) {
      return `o seu selo (chave «${keyId}») não confere: foi inserida ou alterada fora da aplicação, por quem não tem a chave do registo`;
    }
    sealed.set(keyId, (sealed.get(keyId) ?? 0) + 1);
    firstSealed ??= { id: row.id, at: row.at };
    return undefined;
  };

  const checkEntry = (row: AuditChainRow) => {
    const problems = [sealProblem(row), atProblem(row)].filter((p): p is string => p !== undefined);
    if (problems.length > 0) entries.push({ id: row.id, message: problems.join('; ') });
  };
  const outcome = (intactCount: number, problem?: AuditProblem): AuditVerification => ({
    intact: intactCount,
    ...(problem ? { problem } : {}),
    entries,
    sealed,
    unsealed,
    ...(firstSealed ? { firstSealed } : {}),
    unverifiable,
  });
  const recent: AuditChainRow[] = [];
  let prev: AuditChainRow | undefined;
  let intact = 0;
  let anchorSeen = false;

  /** The problem at `row` (undefined: it is a good link), knowing the entry after it. */
  const check = (row: AuditChainRow, next: AuditChainRow | undefined): AuditProblem | undefined => {
    const before = prev ? `à #${prev.id}` : 'ao início do registo';
    if (anchor && !anchorSeen && row.id > anchor.id) {
      return { id: anchor.id, message: `A entrada #${anchor.id} da âncora não existe: foi removida.` };
    }
    if (head && row.id > head.lastId) {
      if ((prev?.id ?? 0) < head.lastId) {
        const from = (prev?.id ?? 0) + 1;
        return {
          id: from,
          message: `${capital(range(from, head.lastId))}: a última entrada que a aplicação escreveu foi a #${head.lastId}, e a #${row.id} está no seu lugar.`,
        };
      }
      return {
        id: row.id,
        message: `A entrada #${row.id} foi inserida fora da aplicação: a última que a aplicação escreveu foi a #${head.lastId}.`,
      };
    }
    const expectedPrev = prev?.hash ?? AUDIT_GENESIS_HASH;
    const contentOk = row.hash === auditEntryHash(row);
    const linkOk = row.prev_hash === expectedPrev;
    if (contentOk && linkOk) {
      if (anchor && row.id === anchor.id && row.hash !== anchor.hash) {
        return {
          id: row.id,
          message: `A entrada #${row.id} não corresponde à âncora: o registo foi reescrito até ela (hash ${row.hash}, esperado ${anchor.hash}).`,
        };
      }
      if (head && row.id === head.lastId && row.hash !== head.lastHash) {
        return {
          id: row.id,
          message: `A entrada #${row.id} foi alterada e o seu hash recalculado: não corresponde ao último hash que a aplicação escreveu.`,
        };
      }
      return undefined;
    }
    // The next entry links over this one to the one before: this one was slipped in.
    if (next && next.prev_hash === expectedPrev && next.prev_hash !== row.hash) {
      return { id: row.id, message: `A entrada #${row.id} foi inserida: a entrada seguinte, #${next.id}, liga-se ${before}.` };
    }
    if (!contentOk) {
      return { id: row.id, message: `A entrada #${row.id} foi alterada: o seu conteúdo não corresponde ao hash guardado.` };
    }
    if (prev && row.hash === prev.hash) {
      return { id: row.id, message: `A entrada #${row.id} é uma cópia da #${prev.id}: foi inserida.` };
    }
    let earlier = recent.length - 2;
    while (earlier >= 0 && recent[earlier]!.hash !== row.prev_hash) earlier -= 1;
    if (earlier >= 0 && prev) {
      const first = recent[earlier + 1]!;
      const inserted =
        first.id === prev.id ? `A entrada #${first.id} foi inserida` : `As entradas #${first.id} a #${prev.id} foram inseridas`;
      return { id: first.id, message: `${inserted}: a entrada #${row.id} liga-se à #${recent[earlier]!.id}.` };
    }
    if (!prev) {
      const first = row.id > 1 ? 1 : row.id;
      return {
        id: first,
        message: `Foram removidas entradas do início do registo: a primeira que resta, #${row.id}, não se liga ao início.`,
      };
    }
    if (row.id > prev.id + 1) {
      return { id: prev.id + 1, message: `${capital(range(prev.id + 1, row.id - 1))}: a entrada #${row.id} não se liga à #${prev.id}.` };
    }
    return {
      id: prev.id,
      message: `A entrada #${prev.id} foi alterada e o seu hash recalculado, ou foram removidas entradas logo a seguir: a entrada #${row.id} não se liga a ela.`,
    };
  };

  const accept = (row: AuditChainRow) => {
    if (anchor && row.id === anchor.id) anchorSeen = true;
    prev = row;
    intact += 1;
    recent.push(row);
    if (recent.length > LOOKBACK) recent.shift();
  };

  // The chain stops at its first problem; every entry is still checked on its own.
  let chainProblem: AuditProblem | undefined;
  let waiting: AuditChainRow | undefined;
  for await (const batch of chain.rows()) {
    for (const row of batch) {
      checkEntry(row);
      if (chainProblem) continue;
      if (waiting) {
        chainProblem = check(waiting, row);
        if (!chainProblem) accept(waiting);
      }
      waiting = row;
    }
  }
  if (chainProblem) return outcome(intact, chainProblem);
  if (waiting) {
    const problem = check(waiting, undefined);
    if (problem) return outcome(intact, problem);
    accept(waiting);
  }

  if (anchor && !anchorSeen)
    return outcome(intact, { id: anchor.id, message: `A entrada #${anchor.id} da âncora não existe: foi removida.` });
  if (!head) {
    return outcome(intact, {
      id: null,
      message: 'Falta a linha de audit_chain_head (a última entrada que a aplicação escreveu): foi apagada fora da aplicação.',
    });
  }
  const lastId = prev?.id ?? 0;
  if (lastId < head.lastId) {
    const message =
      lastId === 0
        ? `Foram removidas todas as entradas: a última que a aplicação escreveu foi a #${head.lastId}.`
        : `${capital(range(lastId + 1, head.lastId))}: a última entrada que a aplicação escreveu foi a #${head.lastId}.`;
    return outcome(intact, { id: lastId === 0 ? null : lastId + 1, message });
  }
  const done = outcome(intact);
  return prev ? { ...done, last: { id: prev.id, at: prev.at, hash: prev.hash } } : done;
}

export interface AuditVerifyResult {
  code: number;
  out: string;
  err: string;
}

const USAGE = 'Uso: npm run audit:verify [-- --ancora <id>:<hash>]';

function parseAnchor(args: string[]): AuditAnchor | undefined | 'invalid' {
  if (args.length === 0) return undefined;
  const value =
    args.length === 1 && args[0]!.startsWith('--ancora=')
      ? args[0]!.slice('--ancora='.length)
      : args.length === 2 && args[0] === '--ancora'
        ? args[1]
        : undefined;
  const match = /^#?(\d+):([0-9a-f]{64})$/i.exec(value ?? '');
  return match ? { id: Number(match[1]), hash: match[2]!.toLowerCase() } : 'invalid';
}

/** Entries named one per line, at most this many (then how many more). */
const LISTED = 50;

export async function runAuditVerify(args: string[], { db, now = new Date() }: { db: Db; now?: Date }): Promise<AuditVerifyResult> {
  const anchor = parseAnchor(args);
  if (anchor === 'invalid') {
    return {
      code: 2,
      out: '',
      err: `A âncora é o id e o hash da entrada, como os escreveu uma verificação anterior (123:3fa9…).\n${USAGE}\n`,
    };
  }
  const keys = auditKeysOfHandle(db);
  const result = await readAuditChain(db, (chain) => verifyAuditChain(chain, { anchor, keys, now }));
  const plural = (n: number) => (n === 1 ? '1 entrada' : `${n} entradas`);
  const { entries } = result;
  if (result.problem || entries.length > 0) {
    let out = '';
    if (result.problem) {
      out += `Registo adulterado: ${result.problem.message}\n`;
      if (result.intact > 0) out += `Antes dela, ${plural(result.intact)} íntegra${result.intact === 1 ? '' : 's'}.\n`;
      if (entries.length > 0) out += `${entries.length === 1 ? 'Uma entrada não confere' : `${entries.length} entradas não conferem`}:\n`;
    } else {
      out += `Registo adulterado: ${entries.length === 1 ? `a entrada #${entries[0]!.id} não confere` : `${entries.length} entradas não conferem`}:\n`;
    }
    for (const entry of entries.slice(0, LISTED)) out += `  #${entry.id}: ${entry.message}.\n`;
    if (entries.length > LISTED) out += `  … e mais ${plural(entries.length - LISTED)}.\n`;
    return { code: 1, out, err: '' };
  }
  if (result.unverifiable > 0) {
    return {
      code: 2,
      out: '',
      err: `Não foi possível verificar os selos: ${plural(result.unverifiable)} ${result.unverifiable === 1 ? 'está selada' : 'estão seladas'} e AUDIT_MAC_KEYS não está definida (defina-a como nas instâncias, docs/operations.md).\n`,
    };
  }
  let out = `Registo íntegro: ${plural(result.intact)} verificada${result.intact === 1 ? '' : 's'}.\n`;
  if (result.sealed.size > 0) {
    const byKey = [...result.sealed].map(([keyId, n]) => `${n} com a chave «${keyId}»`).join(', ');
    out += `Selos: ${byKey}.\n`;
  }
  const { unsealed, firstSealed } = result;
  if (unsealed) {
    const ids = unsealed.count === 1 ? `#${unsealed.firstId}` : `#${unsealed.firstId} a #${unsealed.lastId}`;
    out += firstSealed
      ? `Sem selo: ${plural(unsealed.count)} (${ids}), anteriores a ${firstSealed.at} (a primeira selada, #${firstSealed.id}): escritas antes dos selos, a cadeia responde por elas, o selo não.\n`
      : `Sem selo: ${plural(unsealed.count)} (${ids}): nenhuma está selada; defina AUDIT_MAC_KEYS nas instâncias (docs/operations.md). A cadeia responde por elas, o selo não.\n`;
  }
  if (anchor) out += `A entrada #${anchor.id} confere com a âncora.\n`;
  if (result.last) {
    const { id, at, hash } = result.last;
    out += `Última entrada: #${id} (${at}), hash ${hash}.\n`;
    out += `Para confirmar mais tarde que nada até ela foi reescrito, guarde fora do servidor: npm run audit:verify -- --ancora ${id}:${hash}\n`;
  }
  return { code: 0, out, err: '' };
}
