/**
 * A venue's grammatical gender, which the words around its name agree with: "era no Cinema São
 * Jorge", "era na Cinemateca" (Italian "al", "alla"). Kept on the venue (its collection's field);
 * a venue whose gender is not known reads as masculine, as the marker said before venues had one.
 */
export const VENUE_GENDERS = ['m', 'f'] as const;
export type VenueGender = (typeof VENUE_GENDERS)[number];

export const DEFAULT_VENUE_GENDER: VenueGender = 'm';

export const venueGender = (value: unknown): VenueGender => (value === 'f' ? 'f' : DEFAULT_VENUE_GENDER);

/**
 * How a venue's name begins, for the Italian article before it: a vowel takes "all’" (all’Instituto,
 * all’Aula Magna), an "impure" s, a z, gn, ps or x take "allo" (allo Studio), anything else "al" or
 * "alla" by gender. pt-PT and English read only the gender.
 */
export type NameInitial = 'vowel' | 'impure' | 'other';

export function nameInitial(name: string): NameInitial {
  const start = name.trim().normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  if (/^[aeiou]/.test(start)) return 'vowel';
  if (/^(s[^aeiou\s]|z|gn|ps|x)/.test(start)) return 'impure';
  return 'other';
}
