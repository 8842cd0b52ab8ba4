import { apiRequest, endpoints } from '../../common/api/endpoint-refs';
import type { City } from '../../common/api/api-types';
import { languageParam, type Locale } from '../../common/i18n/locales';
import type { Read } from '../../routing/route-kit';
import { PAGE_QUERY } from '../../common/addresses/page-paths';

/** The city a programme shows: ?cidade={id}, or the first city. */
export function selectedCity(query: URLSearchParams, cities: City[] | undefined): string | null {
  const wanted = query.get(PAGE_QUERY.city);
  if (wanted && cities?.some((c) => c.id === wanted)) return wanted;
  return cities?.[0]?.id ?? null;
}

/** The reads of the agenda: the cities, then the chosen (or first) city's programme. */
export function programmeRequests(query: URLSearchParams, read: Read, locale: Locale) {
  const cities = apiRequest(endpoints.cities, {});
  const city = selectedCity(query, read(cities));
  return { cities, programme: city ? apiRequest(endpoints.cityProgramme, { city, ...languageParam(locale) }) : null };
}
