/** pt-PT month names, 1 to 12, as the spec lists them. */
export declare const MONTH_NAMES: readonly ["Janeiro", "Fevereiro", "Março", "Abril", "Maio", "Junho", "Julho", "Agosto", "Setembro", "Outubro", "Novembro", "Dezembro"];
/** Month name for a month number 1..12 (as number or string); '' when out of range. */
export declare function monthName(month: number | string): string;
/** "dd month yyyy", as the spec builds a news item's pretty_date. */
export declare function prettyDate(dd: number | string, mm: number | string, yy: number | string): string;
/** A day key of the city programme: a letter prefix and the day number ('d7'). */
export declare function dayKey(day: number): string;
/** The day shown for a day key: the key minus its first character. */
export declare function dayFromKey(key: string): string;
