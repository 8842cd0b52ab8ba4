/**
 * `npm run backup`: the database (SQLite's online backup, or pg_dump -Fc for PostgreSQL) into a
 * dated file in BACKUP_DIR, keeping the newest BACKUP_KEEP (server/operations/backup.ts). Safe
 * while the server runs; meant for cron.
 */
import { humanBytes } from '../../src/common/text/bytes';
import { loadBackupConfig } from '../operations/backup-config';
import { takeBackup } from '../operations/backup';

try {
  const config = loadBackupConfig();
  const result = await takeBackup(config);
  const engine = result.engine === 'postgres' ? 'PostgreSQL, pg_dump -Fc' : 'SQLite';
  console.log(
    `Cópia de segurança feita: ${result.file} (${humanBytes(result.bytes)}, ${engine}, ${result.seconds.toFixed(1).replace('.', ',')} s).`,
  );
  console.log(
    'As imagens e os PDF carregados na gestão estão na base de dados e vão nesta cópia; as cópias responsivas das imagens (MEDIA_CACHE_DIR) refazem-se sozinhas.',
  );
  const kept = `Retenção: ficam as ${config.keep} cópias mais recentes em ${config.backupDir} (BACKUP_KEEP=${config.keep})`;
  console.log(
    result.removed.length === 0
      ? `${kept}; nenhuma foi apagada.`
      : `${kept}; ${result.removed.length === 1 ? 'apagada a mais antiga' : `apagadas as ${result.removed.length} mais antigas`}: ${result.removed.join(', ')}.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
