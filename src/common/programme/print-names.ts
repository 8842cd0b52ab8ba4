/**
 * The printed programme's file names, as the server sends them (Content-Disposition) and the back
 * office saves them: plain ASCII, so every browser and file system keeps them as they are.
 */

/** "Cinema São Jorge" → "cinema-sao-jorge" */
export function fileSlug(name: string): string {
  return (
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'sem-nome'
  );
}

/** programa-lisboa-2026.pdf; an earlier release's copy says which: programa-lisboa-2026-publicacao-3.pdf. */
export function programmeFileName(cityName: string, year: number, release?: number): string {
  return `programa-${fileSlug(cityName)}-${year}${release === undefined ? '' : `-publicacao-${release}`}.pdf`;
}

/** hoje-nesta-sala-cinema-sao-jorge-2026-04-05.pdf */
export function venueDayFileName(venueName: string, day: string): string {
  return `hoje-nesta-sala-${fileSlug(venueName)}-${day}.pdf`;
}
