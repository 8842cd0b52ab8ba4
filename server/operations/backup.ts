/**
 * `npm run backup`: the whole database into one dated file, taken while the server keeps serving
 * and writing, then the retention rule. The uploads of the back office (pictures and PDFs) live in
 * the database (media_uploads, content_files), so the file holds them too; the responsive copies
 * of the pictures (MEDIA_CACHE_DIR) are remade on demand and are not backed up.
 *
 * A file is written under a temporary name and renamed when complete and checked, so a backup cut
 * short (a full disk, a kill) never looks like one, and the retention never counts it.
 */
import { SQLite } from '../db/sqlite-driver';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { BackupConfig } from './backup-config';
import { describeDatabase, isPostgresUrl } from './backup-config';
import { pgDump, pgDumpContents } from './postgres-tools';

export type Engine = 'sqlite' | 'postgres';

const EXTENSION: Record<Engine, string> = { sqlite: 'sqlite', postgres: 'pgdump' };

/** festa-2026-11-27T06-45-00Z.sqlite, and -1, -2… when a second backup starts within the same second. */
const BACKUP_NAME = /^festa-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z)(?:-(\d+))?\.(sqlite|pgdump)$/;

export function isBackupName(name: string): boolean {
  return BACKUP_NAME.test(name);
}

/** A free dated name in `dir` for a backup taken at `now` (UTC, colons left out for every file system). */
export function backupFileName(dir: string, engine: Engine, now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
  for (let n = 0; ; n++) {
    const name = `festa-${stamp}${n === 0 ? '' : `-${n}`}.${EXTENSION[engine]}`;
    if (!existsSync(join(dir, name)) && !existsSync(join(dir, `${name}.parcial`))) return name;
  }
}

/** The backups in `dir`, newest first (by the time in the name, not the file's, which a copy elsewhere changes). */
export function listBackups(dir: string): string[] {
  const dated = readdirSync(dir).flatMap((name) => {
    const match = BACKUP_NAME.exec(name);
    return match ? [{ name, stamp: match[1]!, n: Number(match[2] ?? 0) }] : [];
  });
  dated.sort((a, b) => (a.stamp === b.stamp ? b.n - a.n : a.stamp < b.stamp ? 1 : -1));
  return dated.map((d) => d.name);
}

/** Deletes the backups beyond the newest `keep`; the names deleted. Other files in the folder are left alone. */
export function applyRetention(dir: string, keep: number): string[] {
  const beyond = listBackups(dir).slice(keep);
  for (const name of beyond) rmSync(join(dir, name), { force: true });
  return beyond;
}

/**
 * SQLite's online backup API through a connection of its own. Copied in one step: one read
 * transaction, so a consistent snapshot of what was committed when it began; copied in small steps
 * instead, every write of the server between two steps would restart it, and a busy site could keep
 * it from ever finishing. In WAL mode the server's writes go on meanwhile.
 */
async function backupSqlite(location: string, partial: string): Promise<void> {
  if (!existsSync(location)) throw new Error(`A base de dados ${location} não existe: não há nada para copiar (veja DATABASE).`);
  const source = new SQLite(location, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(partial, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  const copy = new SQLite(partial, { fileMustExist: true });
  try {
    // One self-contained file, with no -wal beside it to lose; the server sets WAL again when it opens a restored copy.
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`A cópia feita não passou a verificação do SQLite (${String(check)}).`);
    const tables = copy.prepare("select count(*) as n from sqlite_master where type = 'table'").get() as { n: number };
    if (tables.n === 0) throw new Error(`A base de dados ${location} está vazia: não há nada para copiar (veja DATABASE).`);
  } finally {
    copy.close();
  }
}

async function backupPostgres(url: string, partial: string): Promise<void> {
  await pgDump(url, partial);
  // A dump pg_restore cannot read is no backup: found out now, not on the day it is needed.
  await pgDumpContents(partial);
}

export interface BackupResult {
  engine: Engine;
  file: string;
  bytes: number;
  seconds: number;
  /** The older backups the retention rule deleted. */
  removed: string[];
}

/** Takes a backup of config.database into config.backupDir, then keeps only the newest config.keep. */
export async function takeBackup(config: BackupConfig, now: () => Date = () => new Date()): Promise<BackupResult> {
  const engine: Engine = isPostgresUrl(config.database) ? 'postgres' : 'sqlite';
  try {
    mkdirSync(config.backupDir, { recursive: true });
  } catch (error) {
    throw new Error(`Não foi possível criar a pasta das cópias ${config.backupDir} (BACKUP_DIR): ${(error as Error).message}`, {
      cause: error,
    });
  }
  const started = performance.now();
  const name = backupFileName(config.backupDir, engine, now());
  const file = join(config.backupDir, name);
  const partial = `${file}.parcial`;
  try {
    if (engine === 'postgres') await backupPostgres(config.database, partial);
    else await backupSqlite(config.database, partial);
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`A cópia de segurança da ${describeDatabase(config.database)} falhou: ${message}`, { cause: error });
  }
  const seconds = (performance.now() - started) / 1000;
  const removed = applyRetention(config.backupDir, config.keep);
  return { engine, file, bytes: statSync(file).size, seconds, removed };
}
