/**
 * A seed file's "can I follow it?" codes (FollowFile) as the rows keep them, each list checked
 * against the codes the site knows: a code it does not know stops the import with its place, as a
 * broken marker does. A film without codes keeps the festival's rule: Italian, subtitled in Portuguese.
 */
import { ACCESS_FEATURES, AGE_RATINGS, LANGUAGE_CODES, NONE, codesOf, type FollowFields } from '../../src/common/programme/session-access';
import type { FollowFile, VenueFile } from './content-types';

const FILM_RULE: FollowFile = { spokenLanguages: 'it', subtitleLanguages: 'pt' };

function checked(value: string | undefined, allowed: readonly string[], none: boolean, where: string, problems: string[]): string {
  const list = codesOf(value ?? '');
  for (const code of list)
    if (!allowed.includes(code) && !(none && code === NONE))
      problems.push(`${where}: código desconhecido «${code}» (${allowed.join(', ')})`);
  return list.join(' ');
}

/** A film's, an activity's (`film: false`) or a session's (`session: true`, where "none" may say "none of the film's"). */
export function followRow(file: FollowFile, where: string, problems: string[], kind: 'film' | 'activity' | 'session'): FollowFields {
  const source = kind === 'film' ? { ...FILM_RULE, ...file } : file;
  const none = kind === 'session';
  const age = (source.ageRating ?? '').trim();
  if (age && !(AGE_RATINGS as readonly string[]).includes(age)) problems.push(`${where}: classificação desconhecida «${age}»`);
  return {
    spoken_languages: checked(source.spokenLanguages, LANGUAGE_CODES, false, where, problems),
    subtitle_languages: checked(source.subtitleLanguages, LANGUAGE_CODES, none, where, problems),
    age_rating: age,
    access_features: checked(source.accessFeatures, ACCESS_FEATURES, none, where, problems),
  };
}

/** A venue's card as its row keeps it (the translations of its texts come with the seed's translations). */
export const venueFacts = (v: VenueFile) => ({
  directions: v.directions ?? '',
  box_office: v.boxOffice ?? '',
  step_free: v.access?.stepFree ? 1 : 0,
  wheelchair_places: v.access?.wheelchairPlaces ?? 0,
  hearing_loop: v.access?.hearingLoop ? 1 : 0,
  accessible_toilets: v.access?.accessibleToilets ? 1 : 0,
});
