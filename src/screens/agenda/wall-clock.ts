/**
 * Session times are Lisbon wall-clock text, 'YYYY-MM-DDTHH:MM' (see GET /api/sessions). The
 * agenda only adds minutes to them and compares them, so it counts minutes on that wall clock
 * as if it had no daylight-saving jumps: the festival's sessions never span the 1 a.m. change.
 */

/** Minutes since 1970 on the wall clock. */
export function wallMinutes(wallClock: string): number {
  const [date = '', time = '00:00'] = wallClock.split('T');
  const [y, m, d] = date.split('-').map(Number);
  const [h, min] = time.split(':').map(Number);
  return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, h ?? 0, min ?? 0) / 60_000;
}

/** A wall-clock time plus some minutes, 'YYYY-MM-DDTHH:MM'. */
export function addWallMinutes(wallClock: string, minutes: number): string {
  return new Date((wallMinutes(wallClock) + minutes) * 60_000).toISOString().slice(0, 16);
}

/** When a session ends: its start plus its duration. */
export function endsAt(session: { starts_at: string; duration_min: number }): string {
  return addWallMinutes(session.starts_at, session.duration_min);
}

/** 'HH:MM' of a wall-clock time. */
export const clockTime = (wallClock: string) => wallClock.slice(11, 16);

/** A span of minutes as people say it: "45 min", "2 h", "1 h 30 min". */
export function formatMinutes(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  const h = Math.floor(total / 60);
  const m = total % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}
