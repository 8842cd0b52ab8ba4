/**
 * `npm start`: validates the configuration, opens and migrates the database, imports the seed
 * content into an empty database, and serves the site and API until SIGINT/SIGTERM.
 */
import { buildApp } from './app';
import { systemClock } from './clock';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { hasContent } from './db/repositories/content-repository';
import { importContent } from './content/import';

async function main(): Promise<void> {
  const config = loadConfig();
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  if (!(await hasContent(db))) {
    const { counts } = await importContent(db, config);
    console.log(`Base de dados vazia: conteúdos importados (${counts.movies} filmes e eventos, ${counts.sessions} sessões).`);
  }
  const app = await buildApp({ db, config, clock: systemClock });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: a terminar`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
