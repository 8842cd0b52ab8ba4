/** Journeys between the festival's cities (the content's travel-time table), either way round. */
import type { TravelTime } from '../api/api-types';

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** Journey minutes between two cities, either way round; undefined when the table has none. */
export function travelLookup(rows: TravelTime[]): (fromCityId: string, toCityId: string) => number | undefined {
  const table = new Map(rows.map((r) => [pairKey(r.from_city_id, r.to_city_id), r.minutes]));
  return (from, to) => table.get(pairKey(from, to));
}
