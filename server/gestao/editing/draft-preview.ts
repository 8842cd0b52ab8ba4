/**
 * The site as the draft would publish it, for the preview: an in-memory SQLite database, migrated
 * like any other, holding the live content with the drafts applied by the same code that publishes
 * them (readSnapshot, writeContentTables, applyDrafts), and the public API over it in a Fastify
 * instance of its own, read in-process like the live site's pages read theirs. Nothing of the live
 * database changes, whichever engine it runs on.
 *
 * Building that copy takes a moment, so it is kept while the draft stays as it is: it is known by
 * the live content version and every draft's version (a save, a publication, a rollback or an
 * import changes one of them), and navigating the preview reuses it.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { registerPublicApi } from '../../api/public-api';
import { inProcessReader, type InProcessReader } from '../../api/in-process';
import { openDatabase, type Db } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { readSnapshot, SNAPSHOT_TABLES, writeContentTables } from '../../db/repositories/content/content-repository';
import { applyDrafts, drafts, draftVersions } from '../../db/repositories/publishing/drafts-repository';
import { readContentVersion } from '../../db/repositories/content/settings-repository';
import type { AppDeps } from '../../deps';
import { registerErrorHandlers } from '../../plugins/errors';

interface Built {
  db: Db;
  api: FastifyInstance;
  read: InProcessReader;
}

/** The release number the drafts' history would name in the copy: never stored anywhere that lasts. */
const PREVIEW_RELEASE = 0;

async function build(deps: AppDeps): Promise<Built> {
  const db = openDatabase(':memory:');
  try {
    await migrateToLatest(db);
    // The live content and its drafts read together, as one state (a publication in between would
    // otherwise give the old content without its drafts), then written to the copy.
    const [snapshot, pending] = await deps.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => [await readSnapshot(trx), await drafts(trx)] as const);
    await db.transaction().execute(async (trx) => {
      await writeContentTables(trx, snapshot, SNAPSHOT_TABLES);
      await applyDrafts(trx, pending, PREVIEW_RELEASE);
    });
    const api = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
    registerErrorHandlers(api);
    registerPublicApi(api, { ...deps, db });
    await api.ready();
    return { db, api, read: inProcessReader(api) };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}

async function close(built: Promise<Built>): Promise<void> {
  const done = await built.catch(() => undefined);
  if (!done) return;
  await done.api.close();
  await done.db.destroy();
}

export class DraftPreview {
  private current: { key: string; built: Promise<Built> } | undefined;
  /** The copy before the current one, closed only when another replaces it: a render still reading it finishes. */
  private previous: Promise<Built> | undefined;

  constructor(private readonly deps: AppDeps) {}

  /** What the copy is known by: the live content's version and the drafts' versions. */
  async stateKey(): Promise<string> {
    const [version, pending] = await Promise.all([readContentVersion(this.deps.db), draftVersions(this.deps.db)]);
    return createHash('sha256')
      .update(JSON.stringify([version, pending]))
      .digest('hex');
  }

  /** A reader of the public API as the draft would publish it (the copy made again if the draft changed). */
  async reader(): Promise<InProcessReader> {
    const key = await this.stateKey();
    let current = this.current;
    if (current?.key !== key) {
      if (this.previous) void close(this.previous);
      this.previous = this.current?.built;
      const built = build(this.deps);
      current = { key, built };
      this.current = current;
      // A copy that could not be made is not kept: the next request tries again.
      built.catch(() => {
        if (this.current?.built === built) this.current = undefined;
      });
    }
    return (await current.built).read;
  }

  async close(): Promise<void> {
    await Promise.all([this.previous, this.current?.built].filter((b) => b !== undefined).map(close));
    this.current = undefined;
    this.previous = undefined;
  }
}
