/**
 * better-sqlite3 for the Node.js that runs: version 13 (Node-API, prebuilt inside the package)
 * on Node 22 and later, where version 12 aborts the whole process when the garbage collector frees
 * one of its statements ("Assertion failed: (env) != nullptr" in RemoveEnvironmentCleanupHook,
 * seen on Node 24 in the server tests); version 12 (installed as better-sqlite3-node20, built from
 * source) on Node 20, past its end of life, on which version 13 crashes as it loads. The two have
 * the same API. Every use of SQLite in the project goes through here.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const major = Number(process.versions.node.split('.')[0]);

export const SQLite = require(major >= 22 ? 'better-sqlite3' : 'better-sqlite3-node20') as typeof BetterSqlite3;
export type SqliteDatabase = BetterSqlite3.Database;
