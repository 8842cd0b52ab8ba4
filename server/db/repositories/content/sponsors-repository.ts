import type { SponsorList } from '../../../../src/common/api/api-types';
import { publicValues } from '../../../../src/common/api/collection-props';
import { SPONSOR_FIELDS } from '../../../../src/common/api/response-schemas';
import { COLLECTIONS } from '../../../../src/common/gestao/collections';
import type { Scope } from '../../../../src/common/constants';
import type { Db } from '../../database';
import { DEFAULT_LOCALE, type Locale } from '../../../../src/common/i18n/locales';
import { joinedText, localizedRow, untranslatedMark } from './localized-rows';
import { qualified } from './visitor-fields-repository';

/**
 * Sponsors in display order (group position, then sponsor position), as items by id plus the
 * ordered ids. `groupId` 0 means every group of the scope.
 */
export async function listSponsors(db: Db, scope: Scope, groupId = 0, locale: Locale = DEFAULT_LOCALE): Promise<SponsorList> {
  let query = db
    .selectFrom('sponsors')
    .innerJoin('sponsor_groups', 'sponsor_groups.id', 'sponsors.group_id')
    .select([
      'sponsors.id',
      ...qualified('sponsors', SPONSOR_FIELDS),
      'sponsors.description_html',
      'sponsors.description_html_en',
      'sponsors.description_html_it',
      'sponsor_groups.name as tag_name',
      'sponsor_groups.name_en as tag_name_en',
      'sponsor_groups.name_it as tag_name_it',
      'sponsor_groups.minimized',
    ])
    .where('sponsor_groups.scope', '=', scope);
  if (groupId !== 0) query = query.where('sponsor_groups.id', '=', groupId);
  const rows = await query.orderBy('sponsor_groups.position').orderBy('sponsors.position').orderBy('sponsors.id').execute();
  const list: SponsorList = { items: {}, ids: [] };
  for (const stored of rows) {
    const { row: r, untranslated } = localizedRow('sponsors', stored, locale);
    // The group's name is the group's field, read in the same language.
    const group = joinedText('sponsor_groups', 'name', stored, 'tag_name', locale);
    const id = String(r.id);
    list.ids.push(id);
    list.items[id] = {
      id,
      ...publicValues(COLLECTIONS.sponsors, SPONSOR_FIELDS, r),
      minimized: r.minimized,
      description: r.description_html,
      tag_name: group.text,
      ...untranslatedMark(locale, [...untranslated, ...(group.fellBack ? ['tag_name'] : [])], { description_html: 'description' }),
    };
  }
  return list;
}

export async function sponsorGroupExists(db: Db, groupId: number, scope: Scope): Promise<boolean> {
  const row = await db.selectFrom('sponsor_groups').select('id').where('id', '=', groupId).where('scope', '=', scope).executeTakeFirst();
  return row !== undefined;
}
