/** A moment as the back office shows it: short date and time in Lisbon ("25/11/26, 21:30"). */
const format = new Intl.DateTimeFormat('pt-PT', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Lisbon' });

export const lisbonMoment = (iso: string) => format.format(new Date(iso));
