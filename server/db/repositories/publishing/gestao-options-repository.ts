/** What the back office's forms choose from: cities, sections, venues with their city, every work, pages and menus' top entries, drafts included. */
import type { RecordOptions } from '../../../../src/common/gestao/record-schemas';
import type { Db } from '../../database';
import { draftedRows, type Row } from './drafts-repository';

const byPosition = (a: Row, b: Row) => Number(a.position) - Number(b.position);
const byTitle = (a: { title: string }, b: { title: string }) => a.title.localeCompare(b.title, 'pt');

export async function gestaoOptions(db: Db): Promise<RecordOptions> {
  const [cities, sections, venues, movies, groups, pages, menus] = await Promise.all([
    draftedRows(db, 'cities'),
    draftedRows(db, 'sections'),
    draftedRows(db, 'venues'),
    draftedRows(db, 'movies'),
    draftedRows(db, 'sponsor_groups'),
    draftedRows(db, 'custom_pages'),
    draftedRows(db, 'menu_items'),
  ]);
  const cityName = new Map(cities.map((c) => [Number(c.id), String(c.name)]));
  const cityPosition = new Map(cities.map((c) => [Number(c.id), Number(c.position)]));
  return {
    sponsorGroups: groups.sort(byPosition).map((g) => ({ id: Number(g.id), name: `${String(g.name)} (${String(g.scope)})` })),
    cities: cities.sort(byPosition).map((c) => ({ id: Number(c.id), name: String(c.name) })),
    sections: sections.sort(byPosition).map((s) => ({ id: Number(s.id), name: String(s.name) })),
    venues: venues
      .sort(
        (a, b) =>
          (cityPosition.get(Number(a.city_id)) ?? 0) - (cityPosition.get(Number(b.city_id)) ?? 0) ||
          String(a.name).localeCompare(String(b.name), 'pt'),
      )
      .map((v) => ({ id: Number(v.id), name: String(v.name), city: cityName.get(Number(v.city_id)) ?? '', cityId: Number(v.city_id) })),
    movies: movies.map((m) => ({ id: Number(m.id), title: String(m.title), isMovie: Number(m.is_movie) === 1 })).sort(byTitle),
    pages: pages.map((p) => ({ id: Number(p.id), title: String(p.title) })).sort(byTitle),
    // A menu has two levels: only a top entry may hold others.
    menuParents: menus
      .filter((m) => m.parent_id === null || m.parent_id === undefined)
      .sort(byPosition)
      .map((m) => ({ id: Number(m.id), title: String(m.title), scope: String(m.scope), location: String(m.location) })),
  };
}
