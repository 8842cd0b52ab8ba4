import { apiUrl, fileEndpoints } from '../api/endpoint-refs';
import { languageParam, type Locale } from '../i18n/locales';

/**
 * The Atom feed of the changes page in a language: the address it always had for pt-PT, with its
 * `?lang=` for the others. The page links it, and the feed names itself by it.
 */
export const changesFeedPath = (locale: Locale): string => apiUrl(fileEndpoints.changesFeed, languageParam(locale));
