import type { Movie } from '../api/api-types';

/** What a spectator asks first about a film: "98 min", "Falado em italiano", "Legendas em português" (each only when known). */
export function filmFacts(movie: Pick<Movie, 'duration_min' | 'language' | 'subtitles'>): string[] {
  return [
    movie.duration_min > 0 ? `${movie.duration_min} min` : '',
    movie.language ? `Falado em ${movie.language.toLowerCase()}` : '',
    movie.subtitles ? `Legendas em ${movie.subtitles.toLowerCase()}` : '',
  ].filter(Boolean);
}
