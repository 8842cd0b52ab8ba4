/**
 * Journeys between the festival's cities, from the content's travel-time table, either way round:
 * read by the visitor's agenda (city ids as text, as the public API gives them) and by the
 * programme's clash rules (ids as numbers).
 */

export interface Journey<Id extends string | number> {
  from_city_id: Id;
  to_city_id: Id;
  minutes: number;
}

const pairKey = (a: string | number, b: string | number) => (String(a) < String(b) ? `${a}|${b}` : `${b}|${a}`);

/** Journey minutes between two cities, either way round; undefined when the table has none. */
export function journeyLookup<Id extends string | number>(rows: readonly Journey<Id>[]): (from: Id, to: Id) => number | undefined {
  const table = new Map(rows.map((r) => [pairKey(r.from_city_id, r.to_city_id), r.minutes]));
  return (from, to) => table.get(pairKey(from, to));
}
