/**
 * An amount of storage in the unit a person reads it in, pt-PT notation: "1,7 MB", "245 MB",
 * "10 GB" (one decimal below 10 of a unit, none above; 1024 to the next unit).
 */
const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
const oneDecimal = new Intl.NumberFormat('pt-PT', { maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('pt-PT', { maximumFractionDigits: 0 });

export function humanBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  // 1023,97 MB reads as "1 GB", not "1024 MB".
  while (Math.round(value) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  // 9,96 rounds to 10: say "10" in this unit, not "10,0".
  const format = unit === 0 || Math.round(value * 10) / 10 >= 10 ? whole : oneDecimal;
  return `${format.format(value)} ${UNITS[unit]}`;
}
