/**
 * Folds text for comparison and search: lower case, accents and cedillas removed
 * ("Secções" and "seccoes" fold to the same string), whitespace collapsed.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Plain text of an HTML fragment, for search indexes and descriptions in metadata. */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** A page description from editor HTML: its text, cut at `max` characters with an ellipsis. */
export function describe(html: string | undefined, max = 200): string {
  const text = htmlToText(html ?? '');
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
