/**
 * The travel-time table of the seed (travel-times.json): how long the journey between two of the
 * festival's cities takes. The personal agenda uses it to flag sessions in two cities that no one
 * could reach in time, so a bad entry is an import error, never a silent gap.
 */
import type { CityFile, TravelTimeFile } from './content-types';

/** A day: more than that is not a journey between festival cities but a typing error. */
const MAX_MINUTES = 24 * 60;

export function travelTimeRows(
  entries: TravelTimeFile[],
  cities: CityFile[],
  problems: string[],
): { from_city_id: number; to_city_id: number; minutes: number }[] {
  const known = new Set(cities.map((c) => c.id));
  const seen = new Set<string>();
  return entries.flatMap((t, index) => {
    const where = `tempo de viagem ${index + 1} (${t.fromCityId} → ${t.toCityId})`;
    const before = problems.length;
    for (const id of [t.fromCityId, t.toCityId]) if (!known.has(id)) problems.push(`${where}: a cidade ${id} não existe`);
    if (t.fromCityId === t.toCityId) problems.push(`${where}: as duas cidades são a mesma`);
    if (!Number.isInteger(t.minutes) || t.minutes < 1 || t.minutes > MAX_MINUTES)
      problems.push(`${where}: minutos inválidos (${t.minutes}), de 1 a ${MAX_MINUTES}`);
    // One entry per pair, in either order: two would leave the agenda to guess which is right.
    const pair = [t.fromCityId, t.toCityId].sort((a, b) => a - b).join('-');
    if (seen.has(pair)) problems.push(`${where}: este par de cidades já tem um tempo de viagem`);
    seen.add(pair);
    return problems.length > before ? [] : [{ from_city_id: t.fromCityId, to_city_id: t.toCityId, minutes: t.minutes }];
  });
}
