/**
 * The words an attacker of this site tries first (ASVS 6.2.11, the context-specific words): the
 * festival's names and its film, the cities it goes to, the back office and its roles, the edition's
 * number and years, and the person's own name and e-mail. A password built from them plus a year
 * and a symbol ("Lisboa2026Lisboa!", "Festadocinema2026!") is refused even when a general
 * estimate finds it long enough (passwords.ts).
 *
 * The list below holds what every installation shares; what an administrator can change (the
 * festival's name, the cities, the edition) is read from the database at each check.
 */
import { ROLE_LABELS, ROLES } from '../../../src/common/gestao/roles';
import type { Db } from '../../db/database';

export interface PasswordWords {
  /** The person's e-mail and the name in it, in parts. */
  personal: string[];
  /** The festival's, its cities' and the back office's words. */
  site: string[];
  /** The years and the edition number an attacker pairs with them. */
  numbers: string[];
}

/**
 * Every installation's: the festival's names in Portuguese and Italian, its emblem (Fellini's
 * 8½, "otto e mezzo", "oito e meio"), its address, the cities of its first editions, and the back
 * office's own vocabulary. Kept here, in one place, so the list is documented with the rule.
 */
export const FESTIVAL_WORDS: readonly string[] = [
  'festa do cinema italiano',
  'festa cinema italiano',
  'festa do cinema',
  'cinema italiano',
  'festacinemaitaliano',
  'festival',
  'festa',
  'cinema',
  'italiano',
  'italiana',
  'italia',
  'itália',
  'filme',
  'filmes',
  'film',
  '8½',
  '8 1/2',
  '81/2',
  '8 e meio',
  'oito e meio',
  'otto e mezzo',
  'otto',
  'mezzo',
  'fellini',
  'lisboa',
  'porto',
  'coimbra',
  'setúbal',
  'gestão',
  'gestao',
  'admin',
  ...ROLES,
  ...Object.values(ROLE_LABELS),
];

/** Lower case without accents: "Setúbal" and "SETUBAL" are one word (NFD keeps "½" whole, where NFKD makes it "1⁄2"). */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The e-mail whole, its name part and each of that part's pieces ("ana.admin@festa.pt": ana, admin, festa). */
export function personalWords(email: string, name?: string): string[] {
  const [local = '', domain = ''] = email.split('@');
  const pieces = [email, local, ...local.split(/[^\p{L}]+/u), domain.split('.')[0] ?? '', ...(name ? [name, ...name.split(/\s+/)] : [])];
  return [...new Set(pieces.map(fold).filter((piece) => [...piece].length >= 3))];
}

function yearsAround(year: number): string[] {
  return [year - 1, year, year + 1].flatMap((y) => [String(y), String(y).slice(2)]);
}

/**
 * The site's words as this database has them (its festival name, cities and edition) besides the
 * list every installation shares. A database not yet seeded has only the shared list and the years
 * around `now`.
 */
export async function siteWords(db: Db, now: Date): Promise<Pick<PasswordWords, 'site' | 'numbers'>> {
  const site = new Set(FESTIVAL_WORDS.map(fold));
  const numbers = new Set(yearsAround(now.getUTCFullYear()));
  const [cities, settings] = await Promise.all([
    db.selectFrom('cities').select('name').execute(),
    db.selectFrom('site_settings').select('value').where('key', '=', 'settings').executeTakeFirst(),
  ]);
  for (const city of cities) site.add(fold(city.name));
  if (settings) {
    const stored = JSON.parse(settings.value) as { festivalName?: unknown; year?: unknown; editionNumber?: unknown; foundedYear?: unknown };
    if (typeof stored.festivalName === 'string') {
      site.add(fold(stored.festivalName));
      for (const word of fold(stored.festivalName).split(/[^\p{L}\p{N}½]+/u)) if ([...word].length >= 4) site.add(word);
    }
    if (typeof stored.year === 'number') for (const year of yearsAround(stored.year)) numbers.add(year);
    if (typeof stored.foundedYear === 'number') numbers.add(String(stored.foundedYear));
    if (typeof stored.editionNumber === 'number') numbers.add(String(stored.editionNumber));
  }
  return { site: [...site].filter((word) => [...word].length >= 3), numbers: [...numbers] };
}

/** What passwords.ts checks a new password of `email` against. */
export async function passwordWordsFor(db: Db, email: string, now: Date): Promise<PasswordWords> {
  return { personal: personalWords(email), ...(await siteWords(db, now)) };
}
