/**
 * The columns worked out from a record, never typed by anyone: the folded title and the search
 * text. The import and the back office both write rows through these, so a film saved in /gestao
 * is found by search exactly as an imported one.
 */
import { htmlToText } from '../../src/common/text/plain-text';
import { asText, TRANSLATED_LOCALES, translationColumn } from '../../src/common/gestao/translations';
import { searchFold } from '../db/repositories/content/search-repository';

/**
 * A record's translations of these fields, as words: every language is searchable from every
 * page (an English word finds a film from the pt-PT page, a Portuguese one from the English page).
 */
function translatedWords(row: Readonly<Record<string, unknown>>, fields: readonly string[]): string[] {
  return TRANSLATED_LOCALES.flatMap((locale) =>
    fields.map((field) => {
      const text = asText(row[translationColumn(field, locale)]);
      return field.endsWith('_html') ? htmlToText(text) : text;
    }),
  );
}

interface WorkText extends Readonly<Record<string, unknown>> {
  title: string;
  original_title: string;
  director: string;
  keywords: string;
  logline: string;
  description_html: string;
  is_movie: number;
}

/** A film's or an activity's folded title and search text (its section's name included). */
export function workSearchColumns(work: WorkText, sectionName: string): { title_folded: string; search_text: string } {
  const words = work.is_movie
    ? [work.title, work.original_title, work.director, work.keywords, work.logline, sectionName, htmlToText(work.description_html)]
    : [work.title, work.keywords, work.logline, sectionName, htmlToText(work.description_html)];
  const translated = translatedWords(work, ['title', 'logline', 'description_html']);
  return { title_folded: searchFold(work.title), search_text: searchFold([...words, ...translated].filter(Boolean).join(' ')) };
}

/** A news item's folded title and search text. */
export function newsSearchColumns(item: Readonly<Record<string, unknown>> & { title: string; summary: string; description_html: string }): {
  title_folded: string;
  search_text: string;
} {
  return {
    title_folded: searchFold(item.title),
    search_text: searchFold(
      [item.title, item.summary, htmlToText(item.description_html), ...translatedWords(item, ['title', 'summary', 'description_html'])]
        .filter(Boolean)
        .join(' '),
    ),
  };
}
