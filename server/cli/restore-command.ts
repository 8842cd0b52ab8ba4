/**
 * `npm run restore -- <file>`: a backup of `npm run backup` into the empty database DATABASE names
 * (server/operations/restore.ts); refuses one that is not empty. Then `npm start` serves it. With
 * MIGRATION_DATABASE (two roles), as its role, on DATABASE's database: never MIGRATION_DATABASE's.
 */
import { describeDatabase, loadBackupConfig } from '../operations/backup-config';
import { restoreBackup } from '../operations/restore';

const [file, ...extra] = process.argv.slice(2);
if (!file || extra.length > 0) {
  console.error('Uso: npm run restore -- <ficheiro da cópia> (para a base de dados vazia indicada em DATABASE)');
  process.exit(2);
}

try {
  const { database, migrationDatabase } = loadBackupConfig();
  const { migrations, roles } = await restoreBackup(file, database, { migrationDatabase });
  console.log(`Cópia ${file} reposta na ${describeDatabase(database)}.`);
  if (roles?.app) {
    console.log(
      `As tabelas são do papel ${roles.owner} (o de MIGRATION_DATABASE); o papel ${roles.app} (o de DATABASE) recebeu as permissões da aplicação: lê e acrescenta ao registo de auditoria, não o altera.`,
    );
  }
  const last = migrations.at(-1);
  console.log(
    last
      ? `Migrações incluídas: ${migrations.length}, a última ${last}; o servidor aplica as mais recentes ao arrancar (npm start).`
      : 'Atenção: a cópia não tem a tabela das migrações do site (kysely_migration); confirme que é uma cópia deste site.',
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
