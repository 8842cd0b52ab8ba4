/**
 * Every content type's collection, by type (the table that holds it): the one list of content
 * types, and what every per-type table is derived from (record-schemas.ts, roles.ts, media.ts, the
 * forms and screens, the server's records, storage, content tables and changelog).
 */
import { cities } from './cities';
import { customPages } from './custom-pages';
import { blankOf, type Collection, type Dependant, type Field } from './field-kit';
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
} satisfies Record<string, Collection>;

/** The content types the back office edits, by the table that holds them. */
export type RecordType = keyof typeof COLLECTIONS;
export const RECORD_TYPES = Object.keys(COLLECTIONS) as RecordType[];

export function isRecordType(value: unknown): value is RecordType {
  return typeof value === 'string' && Object.hasOwn(COLLECTIONS, value);
}

/** What points at a record of a type, each naming its type as one of the list's. */
export function dependantsIn(collections: Collections, type: RecordType): (Dependant & { type: RecordType })[] {
  return (collections[type].dependants ?? []).map((d) => {
    // The collections cannot import this list without a circle: a name is checked where it is read.
    if (!isRecordType(d.type)) throw new Error(`${type}: a dependant names no content type (${d.type})`);
    return { ...d, type: d.type };
  });
}

/**
 * A set of collections for every type, their fields' types forgotten: the site's own (COLLECTIONS),
 * or the same types with a field more (a test's, its migration run on its own database). What the
 * server's record rules are derived from.
 */
export type Collections = Readonly<Record<RecordType, Collection>>;

/** A field of a type among these collections; undefined when the type has no such field. */
export const fieldIn = (collections: Collections, type: RecordType, name: string): Field | undefined => {
  const { fields } = collections[type];
  return Object.hasOwn(fields, name) ? fields[name] : undefined;
};

/** A type's fields among these collections, in the form's order. */
export const fieldsIn = (collections: Collections, type: RecordType): string[] => Object.keys(collections[type].fields);

/** A type's collection, its fields' types forgotten (what code that works on any type needs). */
export const collectionOf = (type: RecordType): Collection => COLLECTIONS[type];

/** A field of a type; undefined when the type has no such field. */
export const fieldOf = (type: RecordType, name: string): Field | undefined => fieldIn(COLLECTIONS, type, name);

/** The fields a record's form edits, in the form's order. */
export const recordFields = (type: RecordType): string[] => fieldsIn(COLLECTIONS, type);

/** A new record's values. */
export const blankRecord = (type: RecordType) => blankOf(collectionOf(type));

/** The fields chosen when a record is created and never changed after (a travel time's cities). */
export const keyFields = (type: RecordType): string[] => recordFields(type).filter((name) => fieldOf(type, name)!.key);

/** The choices a type's list filters by (a film's section, a venue's city), each with the word naming it in the list's address. */
export const listFiltersOf = (type: RecordType): { field: string; param: string; spec: Field }[] =>
  recordFields(type).flatMap((field) => {
    const spec = fieldOf(type, field)!;
    return spec.listFilter === undefined ? [] : [{ field, param: spec.listFilter, spec }];
  });
