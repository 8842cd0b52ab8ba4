/** The ordered list of migrations; Kysely runs them by name, oldest first. */
import type { Migration } from 'kysely';
import * as initialSchema from './2026-11-21T19-30_initial-schema';

export const migrations: Record<string, Migration> = {
  '2026-11-21T19-30_initial-schema': initialSchema,
};
