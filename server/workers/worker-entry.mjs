/**
 * What a worker thread of the heavy-jobs pool (heavy-jobs.ts) loads first. The server runs its
 * TypeScript through tsx (`node --import tsx`) and the tests through Vitest; a worker thread
 * inherits neither, so it registers tsx itself, then loads the jobs.
 */
import { register } from 'tsx/esm/api';

register();
const { runHeavyJob } = await import('./heavy-job-worker.ts');

export default runHeavyJob;
