/**
 * `npm start`: validates the configuration, opens and migrates the database, imports the seed
 * content into an empty database, and serves the site and API until SIGINT/SIGTERM.
 */
import { Server } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { buildApp } from './app';
import { imageVariantsFor } from './media/variant-copies';
import { clockFrom, systemClock } from './clock';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type Db } from './db/database';
import { migrateAsOwner, migrateOrCheckAppRole } from './db/database-roles';
import { proveWritable } from './db/migrate';
import { hasContent } from './db/repositories/content/content-repository';
import { importContent } from './content/import';
import { LIVENESS_PATH, READINESS_PATH } from './observability/health';

/** How long a stopping server answers 503 on the connections it already had, before it closes them. */
const SHUTDOWN_DRAIN_MS = 1000;
/** After this, a server that has not finished stopping exits anyway. */
const SHUTDOWN_FORCE_MS = 10_000;

/** The database cannot be opened, migrated or written: one line naming the file and the cause. */
class DatabaseStartError extends Error {
  constructor(location: string, cause: unknown) {
    super(`Base de dados inválida: não foi possível usar ${describeLocation(location)}: ${describeCause(cause)}.`, { cause });
    this.name = 'DatabaseStartError';
  }
}

/** The file (never a postgres:// password). */
function describeLocation(location: string): string {
  if (/^postgres(ql)?:\/\//.test(location)) {
    const url = new URL(location);
    return `a base de dados PostgreSQL ${url.host}${url.pathname}`;
  }
  return `o ficheiro ${location}`;
}

function errorCode(error: unknown): string {
  if (typeof error !== 'object' || error === null) return '';
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : '';
}

/** The cause in pt-PT, from the error code (SQLite, PostgreSQL or the file system). */
function describeCause(error: unknown): string {
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'SQLITE_NOTADB' || /not a database/i.test(message)) return 'o ficheiro não é uma base de dados SQLite';
  if (code.startsWith('SQLITE_CORRUPT') || /malformed/i.test(message)) return 'o ficheiro está corrompido';
  if (code.startsWith('SQLITE_READONLY') || /readonly/i.test(message)) return 'o ficheiro ou a pasta só permitem leitura';
  if (code.startsWith('SQLITE_CANTOPEN') || /unable to open/i.test(message)) {
    return 'não é possível abrir nem criar o ficheiro (a pasta não existe ou não tem permissão de escrita)';
  }
  if (code === 'ENOTDIR' || code === 'EEXIST') return 'a pasta do ficheiro não pode ser criada (um ficheiro ocupa o seu caminho)';
  if (code === 'EACCES' || code === 'EPERM') return 'sem permissão para criar ou escrever o ficheiro';
  if (code === 'EROFS') return 'o sistema de ficheiros só permite leitura';
  if (code === 'SQLITE_FULL' || code === 'ENOSPC' || code === '53100') return 'o disco está cheio';
  if (code.startsWith('SQLITE_IOERR')) return 'erro de leitura ou escrita no disco';
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') return 'o ficheiro está bloqueado por outro processo';
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'ETIMEDOUT') return 'o servidor PostgreSQL não responde';
  if (code === '28P01' || code === '28000') return 'o PostgreSQL recusou as credenciais';
  return message.split('\n')[0] ?? message;
}

/**
 * Opens, migrates and writes once (the migration lock row, unchanged): a read-only file fails here.
 * With MIGRATION_DATABASE the owner migrates and the app's role is only checked: nothing pending,
 * and no power to rewrite the audit log (server/db/database-roles.ts).
 */
async function openWritableDatabase({
  database,
  migrationDatabase,
  auditKeys,
}: Pick<Config, 'database' | 'migrationDatabase' | 'auditKeys'>): Promise<Db> {
  let db: Db | undefined;
  try {
    if (migrationDatabase !== undefined) await migrateAsOwner(migrationDatabase);
    db = openDatabase(database, { auditKeys });
    await migrateOrCheckAppRole(db, { ownerMigrated: migrationDatabase !== undefined });
    await proveWritable(db);
    return db;
  } catch (error) {
    await db?.destroy().catch(() => undefined);
    throw new DatabaseStartError(database, error);
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  const clock = config.clockAt ? clockFrom(config.clockAt) : systemClock;
  const db = await openWritableDatabase(config);
  if (!config.auditKeys && config.nodeEnv === 'production') {
    console.warn(
      'AUDIT_MAC_KEYS não está definida: as entradas do registo de auditoria ficam sem selo, e npm run audit:verify nomeia as que vierem depois de uma selada (docs/operations.md).',
    );
  }
  if (!(await hasContent(db))) {
    const { counts } = await importContent(db, { ...config, clock });
    console.log(`Base de dados vazia: conteúdos importados (${counts.movies} filmes e eventos, ${counts.sessions} sessões).`);
  }
  const imageVariants = imageVariantsFor(config, db);
  const app = await buildApp({ db, config, clock, imageVariants });

  // Stopping: the server stops taking connections at once (its listening socket closes), so nginx
  // hands every new request to the other instance, a POST too: a refused connection carried no
  // request. On the keep-alive connections it already had, a drain: every request that still
  // arrives is answered 503 with `Connection: close` and Retry-After (nginx passes a GET on and
  // marks this instance down for its fail_timeout), rather than reset by a close as it was sent;
  // requests in flight finish with `Connection: close` too. Then app.close() (which waits for
  // requests still in flight and closes the idle connections), then the database. A shutdown that
  // hangs exits after SHUTDOWN_FORCE_MS. app.lifecycle.draining also turns readiness to 503, with
  // its reason; liveness answers on.
  const { lifecycle } = app;
  app.addHook('onRequest', async (request, reply) => {
    if (!lifecycle.draining || request.url === LIVENESS_PATH || request.url === READINESS_PATH) return;
    reply.header('connection', 'close').header('retry-after', '30');
    reply.code(503).send({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'O servidor está a reiniciar. Tente novamente dentro de momentos.',
    });
    return reply;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (lifecycle.draining) reply.header('connection', 'close');
  });

  const shutdown = async (signal: string) => {
    if (lifecycle.draining) return;
    lifecycle.draining = true;
    app.frontDoor.close();
    app.log.info(`${signal}: a terminar`);
    const force = setTimeout(() => process.exit(1), SHUTDOWN_FORCE_MS);
    force.unref();
    // net.Server's own close: the listening socket only (http.Server's would also close the idle
    // connections, resetting a request on its way on one of them).
    Server.prototype.close.call(app.server);
    await delay(SHUTDOWN_DRAIN_MS);
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });

  // The responsive copies of the pictures, after listening: until one is made, its first request makes it.
  const started = performance.now();
  imageVariants.warm().then(
    ({ made, kept }) => {
      if (made > 0)
        app.log.info(`Imagens responsivas: ${made} feitas, ${kept} já existiam (${Math.round(performance.now() - started)} ms).`);
    },
    (error: unknown) =>
      app.log.warn({ err: error }, 'Imagens responsivas: não foi possível fazê-las agora; cada uma será feita no primeiro pedido.'),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DatabaseStartError ? error.message : error);
  process.exit(1);
});
