/**
 * npx tsx scripts/desk/bench-pdf.ts — the printed programme's figures on this machine, through the
 * route staff use: the built server (node --import tsx server/main.ts) on a temporary seeded
 * SQLite database, a Programação account made as `npm run staff` makes one, logged in, then
 *   1. GET /gestao/api/print/programme for the city with the most sessions: time to the last byte
 *      (median of 5; the first, which loads the font, included), size and pages;
 *   2. GET /gestao/api/print/venue-day for that city's busiest venue and day: the same.
 * Target: the city's programme under 3 s. Prints figures; never fails on them.
 */
import { join } from 'node:path';
import { festivalDayOf } from '../../src/common/time/festival-day';
import { addStaffAccount } from '../../tests/support/staff-command';
import { backOfficeClient, dir, fmt, startBuiltServer, stopAll } from '../bench-kit';

const RUNS = 5;
const TARGET_MS = 3000;
const EMAIL = 'bench@festa.test';
const PASSWORD = 'lanterna-magica-de-trastevere-26';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
/** Pages of a pdfkit document: one page object each. */
const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

interface Session {
  id: string;
  starts_at: string;
  venue_id: string;
  venue_name: string;
  city_id: string;
  city_name: string;
}

async function timedPdf(get: (path: string) => Promise<Response>, path: string): Promise<{ runs: number[]; pdf: Buffer }> {
  const runs: number[] = [];
  let pdf = Buffer.alloc(0);
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const response = await get(path);
    if (response.status !== 200) throw new Error(`${path} respondeu ${response.status}: ${await response.text()}`);
    pdf = Buffer.from(await response.arrayBuffer());
    runs.push(performance.now() - start);
  }
  return { runs, pdf };
}

try {
  const { base } = await startBuiltServer();
  await addStaffAccount(join(dir, 'bench.sqlite'), EMAIL, 'programacao', PASSWORD);
  const { get } = await backOfficeClient(base, EMAIL, PASSWORD);

  const sessions = (await (await fetch(`${base}/admin/api/sessions`)).json()) as Session[];
  const count = (key: (s: Session) => string) =>
    [...sessions.reduce((m, s) => m.set(key(s), (m.get(key(s)) ?? 0) + 1), new Map<string, number>())].sort((a, b) => b[1] - a[1]);
  const [cityId, citySessions] = count((s) => s.city_id)[0]!;
  const cityName = sessions.find((s) => s.city_id === cityId)!.city_name;

  const city = await timedPdf(get, `/print/programme?city=${cityId}&release=latest`);
  const cityMs = median(city.runs);
  console.log(
    `pdf: ${cityName}'s programme (${citySessions} sessions) in ${fmt(cityMs)} ms (median of ${RUNS}; first ${fmt(city.runs[0]!)} ms) — target < ${TARGET_MS} ms: ${cityMs < TARGET_MS ? 'met' : 'MISSED'}`,
  );
  console.log(`pdf: ${cityName}'s programme is ${fmt(city.pdf.length / 1024)} KiB, ${pageCount(city.pdf)} A4 pages`);

  const [busiest, busiestSessions] = count((s) => (s.city_id === cityId ? `${s.venue_id} ${festivalDayOf(s.starts_at)}` : ''))
    .filter(([key]) => key)
    .at(0)!;
  const [venueId, day] = busiest.split(' ') as [string, string];
  const venueName = sessions.find((s) => s.venue_id === venueId)!.venue_name;
  const sheet = await timedPdf(get, `/print/venue-day?venue=${venueId}&day=${day}`);
  console.log(
    `pdf: "Hoje nesta sala" for ${venueName} on ${day} (${busiestSessions} sessions) in ${fmt(median(sheet.runs))} ms (median of ${RUNS}), ${fmt(sheet.pdf.length / 1024)} KiB, ${pageCount(sheet.pdf)} page(s)`,
  );
} finally {
  stopAll();
}
