/** Journey times between the festival's cities (content: server/content/seed/travel-times.json). */
import type { TravelTime } from '../../../../src/common/api/api-types';
import type { Db } from '../../database';

export async function listTravelTimes(db: Db): Promise<TravelTime[]> {
  const rows = await db
    .selectFrom('travel_times')
    .select(['from_city_id', 'to_city_id', 'minutes'])
    .orderBy('from_city_id')
    .orderBy('to_city_id')
    .execute();
  return rows.map((r) => ({ from_city_id: String(r.from_city_id), to_city_id: String(r.to_city_id), minutes: r.minutes }));
}
