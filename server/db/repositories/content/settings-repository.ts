import type { Db } from '../../database';
import type { EditionSettings } from '../../../content/content-types';

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
