/**
 * The seed's English and Italian (seed/translations/<locale>/<file>.json), laid into the import's
 * rows beside the pt-PT: each text in its field's translation column, its markers replaced in its
 * own language, its HTML sanitized, and the fingerprint of the pt-PT it translates as its source
 * (so a seeded translation starts current, not "a rever"). A file's record or field that the seed
 * does not have, or a field that is not localised, stops the import with its place, as a broken
 * marker does. A text a file leaves out stays untranslated: the site falls back to the pt-PT.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Hash } from 'node:crypto';
import { COLLECTIONS, type RecordType } from '../../src/common/gestao/collections';
import {
  asText,
  TRANSLATED_LOCALES,
  sourceColumn,
  sourceFingerprint,
  translationColumn,
  type TranslatedLocale,
} from '../../src/common/gestao/translations';
import type { ContentRows } from '../db/repositories/content/content-repository';
import type { ContentBundle, EditionSettings } from './content-types';
import { expandEdition, type Edition } from './edition';
import { sanitizeEditorHtml } from './sanitize';

/** A translation file: texts by record id and field (camelCase, as the seed), or the settings' texts alone. */
type TextsById = Record<string, Record<string, string>>;
export type SeedTranslations = Partial<Record<TranslatedLocale, Record<string, unknown>>>;

/** Each file of a language, the seed file it translates and the table its records are kept in. */
const RECORD_FILES = {
  films: { type: 'movies', ids: (b: ContentBundle) => b.films.map((f) => f.id) },
  activities: { type: 'movies', ids: (b: ContentBundle) => b.activities.map((a) => a.id) },
  sections: { type: 'sections', ids: (b: ContentBundle) => b.sections.map((s) => s.id) },
  news: { type: 'news', ids: (b: ContentBundle) => b.news.map((n) => n.id) },
  pages: { type: 'custom_pages', ids: (b: ContentBundle) => b.pages.map((p) => p.id) },
  'sponsor-groups': { type: 'sponsor_groups', ids: (b: ContentBundle) => b.sponsorGroups.map((g) => g.id) },
  sponsors: { type: 'sponsors', ids: (b: ContentBundle) => b.sponsorGroups.flatMap((g) => g.sponsors.map((s) => s.id)) },
  press: { type: 'press_items', ids: (b: ContentBundle) => b.press.map((p) => p.id) },
  programme: { type: 'programme_entries', ids: (b: ContentBundle) => b.programme.map((e) => e.id) },
  venues: { type: 'venues', ids: (b: ContentBundle) => b.venues.map((v) => v.id) },
} as const satisfies Record<string, { type: RecordType; ids: (b: ContentBundle) => number[] }>;
/** Besides them: the settings' texts, the menus' labels by their pt-PT label, and the posters' captions by their picture (a poster has no id in the seed). */
const OTHER_FILES = ['settings', 'menus', 'posters'] as const;

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Every language's files as parsed JSON, hashed into the content's version. */
export function loadSeedTranslations(seedDir: string, hash: Hash): SeedTranslations {
  const out: SeedTranslations = {};
  for (const locale of TRANSLATED_LOCALES) {
    const dir = join(seedDir, 'translations', locale);
    if (!existsSync(dir)) continue;
    const files: Record<string, unknown> = {};
    for (const name of readdirSync(dir)
      .filter((n) => n.endsWith('.json'))
      .sort()) {
      const text = readFileSync(join(dir, name), 'utf8');
      hash.update(`${locale}/${name}\n${text}`);
      try {
        files[name.slice(0, -'.json'.length)] = JSON.parse(text) as unknown;
      } catch (error) {
        throw new Error(`Tradução inválida em ${join(dir, name)}: ${(error as Error).message}`, { cause: error });
      }
    }
    out[locale] = files;
  }
  return out;
}

type Row = Record<string, unknown>;

/** A field's translation written into a row, with the fingerprint of the row's pt-PT beside it. */
function translate(type: RecordType, row: Row, field: string, text: string, locale: TranslatedLocale, where: string, problems: string[]) {
  const spec = (COLLECTIONS[type].fields as Record<string, { localized?: true; input: string }>)[field];
  if (!spec?.localized) {
    problems.push(`${where}: ${field} não é um campo traduzível`);
    return;
  }
  row[translationColumn(field, locale)] = spec.input === 'html' ? sanitizeEditorHtml(text) : text;
  row[sourceColumn(field, locale)] = sourceFingerprint(asText(row[field]));
}

/**
 * Lays every language's translations into the rows (in place). `bundle` is the seed as read, for
 * the ids a file may name (a news item not published yet has no row, but is no mistake).
 */
export function applySeedTranslations(
  rows: ContentRows,
  bundle: ContentBundle,
  translations: SeedTranslations,
  edition: Edition,
  problems: string[],
): void {
  startUntranslated(rows);
  for (const locale of TRANSLATED_LOCALES) {
    const files = translations[locale] ?? {};
    for (const [name, raw] of Object.entries(files)) {
      const where = `translations/${locale}/${name}.json`;
      const content = expandEdition(raw, edition, where, problems, locale);
      if (name === 'settings') translateSettings(rows, content as Record<string, string>, locale, where, problems);
      else if (name === 'menus') translateMenus(rows, content as Record<string, string>, locale, where, problems);
      else if (name === 'posters') translatePosters(rows, content as TextsById, locale, where, problems);
      else if (Object.hasOwn(RECORD_FILES, name)) {
        const { type, ids } = RECORD_FILES[name as keyof typeof RECORD_FILES];
        const known = new Set(ids(bundle).map(String));
        const table = rows[type] as Row[];
        for (const [id, texts] of Object.entries(content as TextsById)) {
          if (!known.has(id)) {
            problems.push(`${where}: ${id} não existe em ${name}.json`);
            continue;
          }
          const row = table.find((r) => String(r.id) === id);
          if (!row) continue;
          for (const [key, text] of Object.entries(texts)) translate(type, row, snakeCase(key), text, locale, `${where} ${id}`, problems);
        }
      } else problems.push(`${where}: ficheiro desconhecido (${[...Object.keys(RECORD_FILES), ...OTHER_FILES].join(', ')})`);
    }
  }
}

/**
 * Every translation column of every row empty to begin with: rows inserted together must name the
 * same columns (SQLite has no DEFAULT inside VALUES), and "none yet" is '' as in the migration.
 */
function startUntranslated(rows: ContentRows) {
  for (const type of Object.keys(COLLECTIONS) as RecordType[]) {
    if (type === 'settings') continue;
    const columns = Object.entries(COLLECTIONS[type].fields as Record<string, { translation?: unknown }>)
      .filter(([, f]) => f.translation)
      .map(([name]) => name);
    for (const row of (rows[type] ?? []) as Row[]) for (const column of columns) row[column] ??= '';
  }
}

/** A menu label translated wherever the menus use it. */
function translateMenus(rows: ContentRows, labels: Record<string, string>, locale: TranslatedLocale, where: string, problems: string[]) {
  for (const [label, text] of Object.entries(labels)) {
    const entries = (rows.menu_items as Row[]).filter((m) => m.title === label);
    if (entries.length === 0) problems.push(`${where}: nenhuma entrada de menu se chama «${label}»`);
    for (const entry of entries) translate('menu_items', entry, 'title', text, locale, where, problems);
  }
}

/** A poster's or banner's caption, found by its picture as the seed names it. */
function translatePosters(rows: ContentRows, captions: TextsById, locale: TranslatedLocale, where: string, problems: string[]) {
  for (const [img, texts] of Object.entries(captions)) {
    const poster = (rows.posters as Row[]).find((p) => p.img === img);
    if (!poster) {
      problems.push(`${where}: nenhum cartaz usa a imagem «${img}»`);
      continue;
    }
    for (const [key, text] of Object.entries(texts))
      translate('posters', poster, snakeCase(key), text, locale, `${where} ${img}`, problems);
  }
}

/** The settings' texts, kept in their JSON row (settings-record.ts reads them as the record's columns). */
function translateSettings(rows: ContentRows, texts: Record<string, string>, locale: TranslatedLocale, where: string, problems: string[]) {
  const row = rows.site_settings.find((r) => r.key === 'settings');
  if (!row) return;
  const settings = JSON.parse(row.value) as EditionSettings & Row;
  const record: Row = { description: settings.description, presentation_html: settings.presentationHtml, team_html: settings.teamHtml };
  for (const [key, text] of Object.entries(texts)) translate('settings', record, snakeCase(key), text, locale, where, problems);
  const own = Object.fromEntries(Object.entries(record).filter(([column]) => column.includes(`_${locale}`)));
  const renamed = Object.fromEntries(Object.entries(own).map(([column, value]) => [column.replace(`_${locale}`, ''), String(value)]));
  settings.translations = { ...settings.translations, [locale]: renamed };
  row.value = JSON.stringify(settings);
}
