import { apiRequest, endpoints } from '../../common/api/endpoint-refs';
import { describe } from '../../common/text/plain-text';
import { languageParam } from '../../common/i18n/locales';
import { lazyPage } from '../../routing/lazy-page';
import { DETAIL_POSTER } from '../../primitives/picture-sizes';
import { defineRoute } from '../../routing/route-kit';
import { PAGE_PATTERNS } from '../../common/addresses/page-paths';

/** /filme/{id}: a film. */
export const filmRoute = defineRoute({
  id: 'filme',
  path: PAGE_PATTERNS.film,
  // The ticket form's code with the page's, where the page is drawn whole (src/screens/film/ticket-request.tsx).
  page: lazyPage(async () => {
    const page = await import('./film-page');
    await page.loadTicketFormWithPage();
    return page;
  }),
  data: ({ params, locale }) => ({ movie: apiRequest(endpoints.movie, { id: params.id ?? '', ...languageParam(locale) }) }),
  subject: 'movie',
  meta: ({ movie }) => ({
    title: movie?.title,
    description: movie?.logline || describe(movie?.description),
    image: movie?.poster,
    lcpImage: movie?.poster ? { src: movie.poster, width: DETAIL_POSTER.width } : undefined,
    type: 'video.movie',
    structuredData: movie ? { type: 'movie', movie } : undefined,
  }),
});
