import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/database';

/** What every route and the page renderer are given: no globals. */
export interface AppDeps {
  db: Db;
  config: Config;
  clock: Clock;
}
