/**
 * `npm run export -- <newsletter|accreditation|ticket> [--out file.csv]`: the submissions of one
 * kind as CSV (UTF-8 with BOM, so spreadsheets read the accents), to stdout or a file.
 */
import { writeFileSync } from 'node:fs';
import { loadConfig } from '../config';
import { toCsv } from '../csv';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import {
  listSubmissions,
  SUBMISSION_COLUMNS,
  SUBMISSION_KINDS,
  type SubmissionKind,
} from '../db/repositories/submissions/submissions-repository';

const [kind, ...rest] = process.argv.slice(2);
if (!SUBMISSION_KINDS.includes(kind as SubmissionKind)) {
  console.error(`Uso: npm run export -- <${SUBMISSION_KINDS.join('|')}> [--out ficheiro.csv]`);
  process.exit(2);
}
const outIndex = rest.indexOf('--out');
const out = outIndex >= 0 ? rest[outIndex + 1] : undefined;

const config = loadConfig();
const db = openDatabase(config.database);
try {
  await migrateToLatest(db);
  const rows = await listSubmissions(db, kind as SubmissionKind);
  const csv = `\uFEFF${toCsv(SUBMISSION_COLUMNS[kind as SubmissionKind], rows)}`;
  if (out) {
    writeFileSync(out, csv);
    console.error(`${rows.length} registos exportados para ${out}`);
  } else {
    process.stdout.write(csv);
  }
} finally {
  await db.destroy();
}
