/**
 * A venue's turnover and opening hours, as the schedule grid and the clash rules read them.
 * Times are Lisbon wall clock, HH:MM; a closing time at or before the opening is the next day.
 * A festival day ends at 06:00 (time/festival-day.ts): a 01:30 session belongs to the day before.
 */
export const VENUE_DEFAULTS = { turnover_min: 15, opens_at: '10:00', closes_at: '02:00' } as const;

export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
