/**
 * The programmer's desk, in figures (part of npm run bench; alone: npx tsx scripts/desk/bench-desk.ts):
 * the delta sync's bytes for one moved session against the whole programme.
 */
import { benchDelta } from './bench-delta';

await benchDelta();
