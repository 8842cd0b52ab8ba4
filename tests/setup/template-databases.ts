/**
 * Before the files that start test servers: a name for this run's template databases
 * (tests/server/helper.ts migrates and imports the seed once per configuration into a template,
 * and copies it for each server), and, after the files, the templates removed.
 */
import { randomBytes } from 'node:crypto';
import { removeTemplates } from '../support/template-database';

export default function setup(): () => Promise<void> {
  const run = randomBytes(4).toString('hex');
  process.env.FESTA_TEST_TEMPLATES = run;
  return () => removeTemplates(run);
}
