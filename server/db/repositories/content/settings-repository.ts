import type { Db } from '../../database';
import type { EditionSettings } from '../../../content/content-types';
import type { FestivalTexts } from '../../../../src/common/api/api-types';
import { asText } from '../../../../src/common/gestao/translations';
import { DEFAULT_LOCALE, type Locale } from '../../../../src/common/i18n/locales';
import { SETTINGS_KEYS, settingsRecord } from '../../../content/settings-record';
import { localizedRow, untranslatedMark } from './localized-rows';

interface StoredSettings {
  settings: EditionSettings;
  contentVersion: string;
  festivalStart: string;
  festivalDays: number;
}

export async function readSettings(db: Db): Promise<StoredSettings> {
  const rows = await db.selectFrom('site_settings').select(['key', 'value']).execute();
  const map = new Map(rows.map((r) => [r.key, r.value]));
  const settings = map.get('settings');
  if (!settings) throw new Error('A base de dados não tem conteúdos: corra `npm run seed`.');
  return {
    settings: JSON.parse(settings) as EditionSettings,
    contentVersion: map.get('content_version') ?? '0',
    festivalStart: map.get('festival_start') ?? '',
    festivalDays: Number(map.get('festival_days') ?? 0),
  };
}

/** One query: the content version the last import wrote ('0' before any). */
export async function readContentVersion(db: Db): Promise<string> {
  const row = await db.selectFrom('site_settings').select('value').where('key', '=', 'content_version').executeTakeFirst();
  return row?.value ?? '0';
}

/** The festival's own texts (the settings'), each in the language asked for where it has a translation. */
export async function festivalTexts(db: Db, locale: Locale = DEFAULT_LOCALE): Promise<FestivalTexts> {
  const rows = await db.selectFrom('site_settings').select(['key', 'value']).where('key', 'in', SETTINGS_KEYS).execute();
  const record = settingsRecord(rows);
  if (!record) throw new Error('A base de dados não tem conteúdos: corra `npm run seed`.');
  const { row, untranslated } = localizedRow('settings', record, locale);
  return {
    description: asText(row.description),
    presentationHtml: asText(row.presentation_html),
    teamHtml: asText(row.team_html),
    ...untranslatedMark(locale, untranslated, { presentation_html: 'presentationHtml', team_html: 'teamHtml' }),
  };
}

/** The festival's name as the settings give it; `fallback` before any content (a back office on a bare database). */
export async function readFestivalName(db: Db, fallback: string): Promise<string> {
  const row = await db.selectFrom('site_settings').select('value').where('key', '=', 'settings').executeTakeFirst();
  const name = row ? (JSON.parse(row.value) as Partial<EditionSettings>).festivalName : undefined;
  return name?.trim() || fallback;
}
