/**
 * The delta sync's bytes: what a visitor holding the programme downloads after one session moved,
 * against the whole programme (identity and gzip, as the server sends it), and the time to make
 * the delta. Run: npx tsx scripts/bench-delta.ts (part of npm run bench).
 */
import { gzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { fieldText } from '../../src/common/gestao/record-schemas';
import { listRecords, saveRecord } from '../../server/gestao/editing/records';
import { publishDraft } from '../../server/gestao/editing/staff-releases';
import { startBenchApp } from './bench-app';

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

export async function benchDelta(): Promise<{
  wholeGzip: number;
  deltaGzip: number;
  wholeBytes: number;
  deltaBytes: number;
  deltaMs: number;
}> {
  const { app, db, close } = await startBenchApp();
  try {
    const whole = await app.inject({ method: 'GET', url: '/admin/sync/programme' });
    const held = whole.json<{ version: string }>().version;
    const programmer = { id: 1, email: 'bench@festa.test', role: 'programacao' as const };
    const at = new Date().toISOString();
    const session = (await listRecords(db, 'sessions'))[0]!;
    const startsAt = fieldText(session.fields.starts_at);
    await saveRecord(db, programmer, at, 'sessions', session.id, {
      baseVersion: session.version,
      // Early in the morning, when no venue shows anything: a move that clashes with no other session.
      fields: { ...session.fields, starts_at: `${startsAt.slice(0, 11)}05:50` },
    });
    await publishDraft(db, programmer, at);
    await app.responseCache.refreshVersion();
    const started = performance.now();
    const delta = await app.inject({ method: 'GET', url: `/admin/sync/changes/${encodeURIComponent(held)}` });
    const deltaMs = performance.now() - started;
    if (delta.json<{ full: boolean }>().full) throw new Error('the delta sync answered the whole programme');
    const figures = {
      wholeBytes: whole.rawPayload.length,
      wholeGzip: gzipSync(whole.rawPayload).length,
      deltaBytes: delta.rawPayload.length,
      deltaGzip: gzipSync(delta.rawPayload).length,
      deltaMs,
    };
    console.log(
      `delta sync: one moved session = ${kib(figures.deltaBytes)} (${kib(figures.deltaGzip)} gzip) against the whole programme ${kib(figures.wholeBytes)} (${kib(figures.wholeGzip)} gzip): ${((100 * figures.deltaGzip) / figures.wholeGzip).toFixed(1)} % of the bytes; made in ${deltaMs.toFixed(0)} ms (the first request after the release, which reads the programme afresh as a whole sync does)`,
    );
    return figures;
  } finally {
    await close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchDelta();
