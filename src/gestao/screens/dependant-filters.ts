/**
 * A list filtered by its records' dependants, as the collection names them (`listFilters` of a
 * dependant): films by the cities and the days of their sessions. A film with sessions in two
 * cities is found under both; a film without sessions under neither; a city and a day together
 * find the films with a session in that city on that day. The choices are only the
 * cities and days that have sessions, so no choice leads to an empty list by itself.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { collectionOf } from '../../common/gestao/collections';
import type { Dependant } from '../../common/gestao/collections/field-kit';
import { fieldText, type RecordOptions, type RecordView } from '../../common/gestao/record-schemas';
import type { RecordType } from '../../common/gestao/roles';
import { weekdayAndDate } from '../../common/time/calendar-names';
import { wallDate } from '../../common/time/lisbon-time';
import type { ListFilter } from '../list-controls';

type FilteringDependant = Dependant & Required<Pick<Dependant, 'listFilters'>>;

/** The dependant a type's list is filtered by (a film's sessions), if its collection names one. */
export const filteringDependant = (type: RecordType): FilteringDependant | undefined =>
  collectionOf(type).dependants?.find((d): d is FilteringDependant => d.listFilters !== undefined);

export interface DependantFilters {
  filters: ListFilter[];
  /** A record's dependants as the filters read them: each session's city and day. */
  occurrencesOf: (record: RecordView) => Record<string, string>[];
}

export function dependantFilters(
  dependant: FilteringDependant,
  rows: readonly RecordView[],
  options: RecordOptions,
  i18n: I18n,
): DependantFilters {
  const { city, day } = dependant.listFilters;
  const ownerField = dependant.columns[0]!;
  const cityKey = `${dependant.type}.${city.param}`;
  const dayKey = `${dependant.type}.${day.param}`;
  const cityOfVenue = new Map(options.venues.map((v) => [String(v.id), String(v.cityId)]));

  const byOwner = new Map<string, Record<string, string>[]>();
  for (const row of rows) {
    // A session deleted in the draft no longer places its film anywhere.
    if (row.state === 'apagado') continue;
    const owner = fieldText(row.fields[ownerField]);
    const start = fieldText(row.fields[day.timeField]);
    byOwner.set(owner, [
      ...(byOwner.get(owner) ?? []),
      { [cityKey]: cityOfVenue.get(fieldText(row.fields[city.venueField])) ?? '', [dayKey]: start ? wallDate(start) : '' },
    ]);
  }
  const held = [...byOwner.values()].flat();
  const citiesHeld = new Set(held.map((o) => o[cityKey]));
  const daysHeld = [...new Set(held.map((o) => o[dayKey]!))].filter(Boolean).sort();

  return {
    filters: [
      {
        field: cityKey,
        param: city.param,
        perOccurrence: true,
        label: i18n._(msg`cidade das sessões`),
        choices: options.cities.filter((c) => citiesHeld.has(String(c.id))).map((c) => ({ value: c.id, text: c.name })),
      },
      {
        field: dayKey,
        param: day.param,
        perOccurrence: true,
        label: i18n._(msg`dia das sessões`),
        choices: daysHeld.map((date) => ({ value: date, text: weekdayAndDate(date) })),
      },
    ],
    occurrencesOf: (record) => byOwner.get(record.id) ?? [],
  };
}
