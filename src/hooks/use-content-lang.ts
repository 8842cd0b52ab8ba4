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
