import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/database';
import type { ImageVariants } from './media/variant-copies';
import type { Metrics } from './observability/metrics';

/** What every route and the page renderer are given: no globals. */
export interface AppDeps {
  db: Db;
  config: Config;
  clock: Clock;
  /** The responsive copies of the media (made for the configuration's folders unless given). */
  imageVariants?: ImageVariants;
  /** The Prometheus metrics (server/observability/metrics.ts): made by buildApp when not given. */
  metrics?: Metrics;
}
