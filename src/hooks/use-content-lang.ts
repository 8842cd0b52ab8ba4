import { DEFAULT_LOCALE, type Locale } from '../common/i18n/locales';
import { useLocale } from './use-locale';

/**
 * The `lang` of an element holding what the festival's staff wrote (a title, a synopsis, a news
 * item, a page): the language it is written in, when that is not the page's. Screen readers then
 * read it with the right voice and search engines know it. The staff write in pt-PT; a text in
 * another language says so (a film's Italian original title: `useContentLang('it')`).
 */
export function useContentLang(written: Locale = DEFAULT_LOCALE): Locale | undefined {
  return useLocale() === written ? undefined : written;
}

/** The language a text of an answer is in, and whether it is the pt-PT shown for want of a translation. */
export interface Written {
  lang: Locale;
  fallback: boolean;
}

/** What the festival's staff wrote and did not translate: pt-PT, as before answers had languages. */
export const IN_PORTUGUESE: Written = { lang: DEFAULT_LOCALE, fallback: false };

/**
 * The language of each text of an answer read in the page's language: the page's own, but the
 * fields the answer lists as `untranslated` (shown in pt-PT). An answer without that list (read
 * without ?lang=, or a type that is not translated) is pt-PT throughout.
 */
export function writtenIn(answer: { untranslated?: readonly string[] } | null | undefined, locale: Locale): (prop: string) => Written {
  return (prop) => {
    if (!answer?.untranslated) return IN_PORTUGUESE;
    return answer.untranslated.includes(prop) ? { lang: DEFAULT_LOCALE, fallback: true } : { lang: locale, fallback: false };
  };
}

/** writtenIn for the page's language. */
export const useWritten = (answer: { untranslated?: readonly string[] } | null | undefined) => writtenIn(answer, useLocale());
