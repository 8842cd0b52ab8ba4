/** A venue's card for visitors (/sala/{id}): where it is, how to get there and in, in the page's language. */
import type { Venue } from '../../../../src/common/api/api-types';
import { mapsUrl } from '../../../../src/common/addresses/maps-url';
import { DEFAULT_LOCALE, type Locale } from '../../../../src/common/i18n/locales';
import type { Db } from '../../database';
import { localizedRow, untranslatedMark } from '../content/localized-rows';

const flag = (value: number): '0' | '1' => (value ? '1' : '0');

export async function venueCard(db: Db, id: number, locale: Locale = DEFAULT_LOCALE): Promise<Venue | null> {
  const stored = await db
    .selectFrom('venues')
    .innerJoin('cities', 'cities.id', 'venues.city_id')
    .selectAll('venues')
    .select('cities.name as city_name')
    .where('venues.id', '=', id)
    .executeTakeFirst();
  if (!stored) return null;
  const { row: v, untranslated } = localizedRow('venues', stored, locale);
  return {
    id: String(v.id),
    name: v.name,
    address: v.address,
    city_id: String(v.city_id),
    city_name: v.city_name,
    maps_url: v.address ? mapsUrl(v.name, v.address) : '',
    directions: v.directions,
    box_office: v.box_office,
    step_free: flag(v.step_free),
    wheelchair_places: v.wheelchair_places,
    hearing_loop: flag(v.hearing_loop),
    accessible_toilets: flag(v.accessible_toilets),
    ...untranslatedMark(locale, untranslated),
  };
}

/** Every venue's id, for the offline programme. */
export async function allVenueIds(db: Db): Promise<number[]> {
  return (await db.selectFrom('venues').select('id').orderBy('id').execute()).map((r) => r.id);
}
