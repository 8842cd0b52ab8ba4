import { COLLECTIONS, type Collections } from '../src/common/gestao/collections';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/database';
import type { ImageVariants } from './media/variant-copies';
import type { Metrics } from './observability/metrics';
import type { Mailer } from './mail/mailer';

/** What every route and the page renderer are given: no globals. */
export interface AppDeps {
  db: Db;
  config: Config;
  clock: Clock;
  /** The responsive copies of the media (made for the configuration's folders unless given). */
  imageVariants?: ImageVariants;
  /** Staff e-mail (server/mail/mailer.ts): made by buildApp from the configuration when not given; null without SMTP. */
  mailer?: Mailer | null;
  /** The Prometheus metrics (server/observability/metrics.ts): made by buildApp when not given. */
  metrics?: Metrics;
  /**
   * The content types, whose fields the back office edits and the public answers carry: the
   * site's COLLECTIONS unless given (a test's have a field more, its migration run on its database).
   */
  collections?: Collections;
}

/** The app's content types: its own, else the site's. */
export const collectionsOf = (deps: AppDeps): Collections => deps.collections ?? COLLECTIONS;
