/**
 * The sessions' index in the page's language (titles and reasons translated where they are): the
 * agenda, the star, now/next and the search's sessions all read it, and the programme sync keeps it.
 */
import { apiRequest, endpoints } from '../common/api/endpoint-refs';
import { languageParam, type Locale } from '../common/i18n/locales';

export const sessionIndexRequest = (locale: Locale) => apiRequest(endpoints.sessionIndex, languageParam(locale));
