/**
 * Every content type's collection, by type (the table that holds it): what the back office's
 * tables are derived from (record-schemas.ts, roles.ts, media.ts, the forms and screens, the
 * server's records, storage and changelog).
 */
import type { RecordType } from '../roles';
import { cities } from './cities';
import { customPages } from './custom-pages';
import { blankOf, type Collection, type Field } from './field-kit';
import { historyEditions } from './history-editions';
import { menuItems } from './menu-items';
import { movies } from './movies';
import { news } from './news';
import { posters } from './posters';
import { pressItems } from './press-items';
import { programmeEntries } from './programme-entries';
import { sections } from './sections';
import { sessions } from './sessions';
import { settings } from './settings';
import { sponsorGroups } from './sponsor-groups';
import { sponsors } from './sponsors';
import { travelTimes } from './travel-times';
import { venues } from './venues';

export const COLLECTIONS = {
  movies,
  sessions,
  news,
  cities,
  venues,
  sections,
  sponsor_groups: sponsorGroups,
  sponsors,
  posters,
  custom_pages: customPages,
  menu_items: menuItems,
  travel_times: travelTimes,
  settings,
  history_editions: historyEditions,
  press_items: pressItems,
  programme_entries: programmeEntries,
} satisfies Record<RecordType, Collection>;

/** A type's collection, its fields' types forgotten (what code that works on any type needs). */
export const collectionOf = (type: RecordType): Collection => COLLECTIONS[type];

/** A field of a type; undefined when the type has no such field. */
export const fieldOf = (type: RecordType, name: string): Field | undefined => {
  const { fields } = collectionOf(type);
  return Object.hasOwn(fields, name) ? fields[name] : undefined;
};

/** The fields a record's form edits, in the form's order. */
export const recordFields = (type: RecordType): string[] => Object.keys(collectionOf(type).fields);

/** A new record's values. */
export const blankRecord = (type: RecordType) => blankOf(collectionOf(type));

/** The fields chosen when a record is created and never changed after (a travel time's cities). */
export const keyFields = (type: RecordType): string[] => recordFields(type).filter((name) => fieldOf(type, name)!.key);
