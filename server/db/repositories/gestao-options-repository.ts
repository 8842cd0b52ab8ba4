/** What the back office's forms choose from: sections, venues with their city, and every work (drafts included). */
import type { RecordOptions } from '../../../src/common/gestao/record-schemas';
import type { Db } from '../database';
import { liveRows, drafts } from './drafts-repository';

export async function gestaoOptions(db: Db): Promise<RecordOptions> {
  const [sections, venues, live, pending] = await Promise.all([
    db.selectFrom('sections').select(['id', 'name']).orderBy('position').execute(),
    db
      .selectFrom('venues')
      .innerJoin('cities', 'cities.id', 'venues.city_id')
      .select(['venues.id as id', 'venues.name as name', 'cities.name as city'])
      .orderBy('cities.position')
      .orderBy('venues.name')
      .execute(),
    liveRows(db, 'movies'),
    drafts(db, 'movies'),
  ]);
  const works = new Map(live.map((m) => [Number(m.id), m]));
  for (const d of pending) {
    if (d.row) works.set(Number(d.record_id), d.row);
    else works.delete(Number(d.record_id));
  }
  const movies = [...works.values()]
    .map((m) => ({ id: Number(m.id), title: String(m.title), isMovie: Number(m.is_movie) === 1 }))
    .sort((a, b) => a.title.localeCompare(b.title, 'pt'));
  return { sections, venues, movies };
}
