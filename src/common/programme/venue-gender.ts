/**
 * A venue's grammatical gender, which the words around its name agree with: "era no Cinema São
 * Jorge", "era na Cinemateca" (Italian "al", "alla"). Kept on the venue (its collection's field);
 * a venue whose gender is not known reads as masculine, as the marker said before venues had one.
 */
export const VENUE_GENDERS = ['m', 'f'] as const;
export type VenueGender = (typeof VENUE_GENDERS)[number];

export const DEFAULT_VENUE_GENDER: VenueGender = 'm';

export const venueGender = (value: unknown): VenueGender => (value === 'f' ? 'f' : DEFAULT_VENUE_GENDER);
