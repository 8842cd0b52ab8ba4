/**
 * The back office's "Definições" record and the site_settings rows it is made of: the `settings`
 * JSON (each value its own field), and the edition's dates (`festival_start`, `festival_days`). The
 * `content_version` row is publishing's and never part of it. Pure: the repository reads and
 * writes the rows, the changelog compares them, both through these two functions.
 */
import { editionFor } from './edition';
import type { EditionSettings } from './content-types';
import { COLLECTIONS } from '../../src/common/gestao/collections';
import { asText, TRANSLATED_LOCALES, sourceColumn, translationColumn } from '../../src/common/gestao/translations';

export const SETTINGS_RECORD_ID = 'settings';
/** The site_settings rows the record is made of. */
export const SETTINGS_KEYS = ['settings', 'festival_start', 'festival_days'] as const;

type SettingRow = { key: string; value: string };
type Row = Record<string, unknown>;

const SCOPES = ['festa', 'distrib'] as const;
const BLOCKS = ['festprog', 'movies', 'news'] as const;
const NETWORKS = ['video', 'photo', 'social', 'microblog'] as const;

/** The settings' localised fields (the site's description, presentation and team). */
const LOCALIZED = Object.entries(COLLECTIONS.settings.fields)
  .filter(([, f]) => 'localized' in f && f.localized)
  .map(([name]) => name);
/** A translation's columns in the record, and where the JSON keeps each: translations[locale][field or field_source]. */
const TRANSLATION_SLOTS = TRANSLATED_LOCALES.flatMap((locale) =>
  LOCALIZED.flatMap((field) => [
    { column: translationColumn(field, locale), locale, key: field },
    { column: sourceColumn(field, locale), locale, key: `${field}_source` },
  ]),
);

/** The record from the rows (undefined before any import). The JSON travels whole in `settings_json`, so that what the form does not show survives a save. */
export function settingsRecord(rows: readonly SettingRow[]): Row | undefined {
  const map = new Map(rows.map((r) => [r.key, r.value]));
  const json = map.get('settings');
  if (json === undefined) return undefined;
  const s = JSON.parse(json) as EditionSettings;
  const record: Row = {
    key: SETTINGS_RECORD_ID,
    settings_json: json,
    festival_name: s.festivalName,
    description: s.description ?? '',
    agenda_color: s.agendaColor,
    festival_start: map.get('festival_start') ?? '',
    festival_days: Number(map.get('festival_days') ?? 0),
  };
  // A block nobody hid is shown (content-types.ts): missing reads as 1.
  for (const scope of SCOPES)
    for (const block of BLOCKS) record[`visibility_${scope}_${block}`] = s.visibility?.[scope]?.[block] === '0' ? 0 : 1;
  for (const network of NETWORKS) record[`social_${network}`] = s.social?.[network] ?? '';
  Object.assign(record, {
    contact_email: s.contactEmail ?? '',
    press_contact_name: s.press?.contactName ?? '',
    press_contact_email: s.press?.contactEmail ?? '',
    presentation_html: s.presentationHtml ?? '',
    team_html: s.teamHtml ?? '',
  });
  for (const { column, locale, key } of TRANSLATION_SLOTS) record[column] = s.translations?.[locale]?.[key] ?? '';
  return record;
}

/** The rows from the record: its fields written back into the JSON, the edition (number, year) following the dates. */
export function settingsRows(record: Row): SettingRow[] {
  const s = JSON.parse(String(record.settings_json)) as EditionSettings;
  const start = String(record.festival_start);
  const days = Number(record.festival_days);
  const edition = editionFor(s.foundedYear, start, days);
  const visibility = Object.fromEntries(
    SCOPES.map((scope) => [
      scope,
      Object.fromEntries(BLOCKS.map((block) => [block, Number(record[`visibility_${scope}_${block}`]) === 1 ? '1' : '0'])),
    ]),
  ) as EditionSettings['visibility'];
  const settings: EditionSettings = {
    ...s,
    festivalName: String(record.festival_name),
    description: String(record.description),
    agendaColor: String(record.agenda_color),
    visibility,
    social: Object.fromEntries(NETWORKS.map((n) => [n, String(record[`social_${n}`])])) as EditionSettings['social'],
    contactEmail: String(record.contact_email),
    ...(s.press || record.press_contact_name || record.press_contact_email
      ? {
          press: {
            accreditationRulesId: s.press?.accreditationRulesId ?? 0,
            contactName: String(record.press_contact_name),
            contactEmail: String(record.press_contact_email),
          },
        }
      : {}),
    presentationHtml: String(record.presentation_html),
    teamHtml: String(record.team_html),
    translations: Object.fromEntries(
      TRANSLATED_LOCALES.map((locale) => [
        locale,
        Object.fromEntries(TRANSLATION_SLOTS.filter((t) => t.locale === locale).map((t) => [t.key, asText(record[t.column])])),
      ]),
    ),
    editionNumber: edition.number,
    year: edition.year,
  };
  return [
    { key: 'settings', value: JSON.stringify(settings) },
    { key: 'festival_start', value: start },
    { key: 'festival_days', value: String(days) },
  ];
}
