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
 */
import { AUDIT_GENESIS_HASH, auditEntryHash } from '../db/audit-chain';
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

export interface AuditVerification {
  /** Entries found intact (before the problem, when there is one). */
  intact: number;
  problem?: AuditProblem;
  last?: { id: number; at: string; hash: string };
}

/** Entries kept to recognise a link to an entry further back (a block of inserted entries). */
const LOOKBACK = 1000;

const range = (first: number, last: number) =>
  first === last ? `a entrada #${first} foi removida` : `as entradas #${first} a #${last} foram removidas`;
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export async function verifyAuditChain(chain: AuditChainReader, anchor?: AuditAnchor): Promise<AuditVerification> {
  const { head } = chain;
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

  let waiting: AuditChainRow | undefined;
  for await (const batch of chain.rows()) {
    for (const row of batch) {
      if (waiting) {
        const problem = check(waiting, row);
        if (problem) return { intact, problem };
        accept(waiting);
      }
      waiting = row;
    }
  }
  if (waiting) {
    const problem = check(waiting, undefined);
    if (problem) return { intact, problem };
    accept(waiting);
  }

  if (anchor && !anchorSeen)
    return { intact, problem: { id: anchor.id, message: `A entrada #${anchor.id} da âncora não existe: foi removida.` } };
  if (!head) {
    return {
      intact,
      problem: {
        id: null,
        message: 'Falta a linha de audit_chain_head (a última entrada que a aplicação escreveu): foi apagada fora da aplicação.',
      },
    };
  }
  const lastId = prev?.id ?? 0;
  if (lastId < head.lastId) {
    const message =
      lastId === 0
        ? `Foram removidas todas as entradas: a última que a aplicação escreveu foi a #${head.lastId}.`
        : `${capital(range(lastId + 1, head.lastId))}: a última entrada que a aplicação escreveu foi a #${head.lastId}.`;
    return { intact, problem: { id: lastId === 0 ? null : lastId + 1, message } };
  }
  return { intact, last: prev && { id: prev.id, at: prev.at, hash: prev.hash } };
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

export async function runAuditVerify(args: string[], { db }: { db: Db }): Promise<AuditVerifyResult> {
  const anchor = parseAnchor(args);
  if (anchor === 'invalid') {
    return {
      code: 2,
      out: '',
      err: `A âncora é o id e o hash da entrada, como os escreveu uma verificação anterior (123:3fa9…).\n${USAGE}\n`,
    };
  }
  const result = await readAuditChain(db, (chain) => verifyAuditChain(chain, anchor));
  const plural = (n: number) => (n === 1 ? '1 entrada' : `${n} entradas`);
  if (result.problem) {
    const intact = result.intact === 0 ? '' : `Antes dela, ${plural(result.intact)} íntegra${result.intact === 1 ? '' : 's'}.\n`;
    return { code: 1, out: `Registo adulterado: ${result.problem.message}\n${intact}`, err: '' };
  }
  let out = `Registo íntegro: ${plural(result.intact)} verificada${result.intact === 1 ? '' : 's'}.\n`;
  if (anchor) out += `A entrada #${anchor.id} confere com a âncora.\n`;
  if (result.last) {
    const { id, at, hash } = result.last;
    out += `Última entrada: #${id} (${at}), hash ${hash}.\n`;
    out += `Para confirmar mais tarde que nada até ela foi reescrito, guarde fora do servidor: npm run audit:verify -- --ancora ${id}:${hash}\n`;
  }
  return { code: 0, out, err: '' };
}
