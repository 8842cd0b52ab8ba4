import type { Movie } from '../api/api-types';
import type { I18n } from '../i18n/i18n';
import { say } from '../programme/message-text';

export const FILM_DURATION = /*i18n*/ { id: 'film.facts.duration', message: '{minutes} min' };
/** The language and subtitles are the film's own words (content), lower-cased: "Falado em italiano". */
export const FILM_LANGUAGE = /*i18n*/ { id: 'film.facts.language', message: 'Falado em {language}' };
export const FILM_SUBTITLES = /*i18n*/ { id: 'film.facts.subtitles', message: 'Legendas em {subtitles}' };

/**
 * What a spectator asks first about a film: "98 min", "Falado em italiano", "Legendas em português"
 * (each only when known), in the page's language with its i18n, pt-PT without.
 */
export function filmFacts(movie: Pick<Movie, 'duration_min' | 'language' | 'subtitles'>, i18n?: I18n): string[] {
  return [
    movie.duration_min > 0 ? say(FILM_DURATION, { minutes: movie.duration_min }, i18n) : '',
    movie.language ? say(FILM_LANGUAGE, { language: movie.language.toLowerCase() }, i18n) : '',
    movie.subtitles ? say(FILM_SUBTITLES, { subtitles: movie.subtitles.toLowerCase() }, i18n) : '',
  ].filter(Boolean);
}
