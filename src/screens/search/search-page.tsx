/**
 * /pesquisa?q=...: films, news and parallel events that match the query, each section with its
 * found count, and beside them the sessions at a venue whose name matches and each film's next
 * sessions (session-results.tsx). Without a query the page offers the search box only. Without
 * signal it searches the programme saved on the device, by the server's own rule, and says so.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { AgendaSession, SearchHit } from '../../common/api/api-types';
import { NextSessions, useComingSessions, VenueResults, venueMatches } from './session-results';
import { routeRequests, useRouteContext, useRouteData } from '../../routing/route-kit';
import { useStoreReader } from '../../data/use-api';
import { useSavedSearch } from '../../data/saved-search';
import { searchRoute } from './search-route';
import { Image } from '../../primitives/image';
import { isLoading, LoadFailure } from '../../primitives/list-state';
import { SearchBox } from '../../layout/search-box';
import { StatusMessage } from '../../primitives/status-message';
import './search-page.css';
import { activityPath, filmPath, homePath, newsItemPath, PAGE_QUERY } from '../../common/addresses/page-paths';
import { useContentLang } from '../../hooks/use-content-lang';

function SearchCard({ hit, to, extra }: { hit: SearchHit; to: string; extra?: ReactNode }) {
  const contentLang = useContentLang();
  return (
    <article className="search-card">
      <Image src={hit.thumb} alt="" width={224} height={126} sourceWidth={480} className="search-card__thumb" />
      <div className="search-card__body">
        <h3 className="search-card__title">
          <Link to={to} className="search-card__link" lang={contentLang}>
            {hit.title}
          </Link>
        </h3>
        {hit.logline ? (
          <p className="search-card__text" lang={contentLang}>
            {hit.logline}
          </p>
        ) : null}
        {extra}
      </div>
    </article>
  );
}

/** Said above results found without signal, in the programme saved on the device. */
function SavedResultsNote() {
  return (
    <p className="search-saved-note">
      <Trans>Sem ligação: resultados da programação guardada neste dispositivo.</Trans>
    </p>
  );
}

/** Results a section shows before its "Ver todos" button. */
const SEARCH_PAGE_SIZE = 12;

function ResultSection({
  id,
  title,
  more,
  found,
  hits,
  path,
  extra,
}: {
  id: string;
  title: string;
  /** The "Ver todos os N filmes" button's words, for N results. */
  more: (count: number) => ReactNode;
  found: number;
  hits: SearchHit[];
  path: (id: string) => string;
  /** Shown under a hit (a film's next sessions). */
  extra?: (id: string) => ReactNode;
}) {
  // The count is what a visitor can reach: every hit, the first page at once, the rest on demand.
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? hits : hits.slice(0, SEARCH_PAGE_SIZE);
  return (
    <section className="search-section" aria-labelledby={id}>
      <h2 id={id} className="search-section__title">
        {title} <span className="search-section__count">({found})</span>
      </h2>
      {hits.length > 0 ? (
        <ul className="search-list">
          {shown.map((hit) => (
            <li key={hit.id}>
              <SearchCard hit={hit} to={path(hit.id)} extra={extra?.(hit.id)} />
            </li>
          ))}
        </ul>
      ) : null}
      {shown.length < hits.length ? (
        <p className="search-section__more">
          <button type="button" className="button" onClick={() => setExpanded(true)}>
            {more(hits.length)}
          </button>
        </p>
      ) : null}
    </section>
  );
}

export default function SearchPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const raw = params.get(PAGE_QUERY.search) ?? '';
  const query = raw.trim();
  // The same path the route preloads, so the server's answer is found on hydration.
  const search = useRouteData(searchRoute).results;
  const searchPath = routeRequests(searchRoute, useRouteContext(), useStoreReader()).results?.path;
  // Without signal (or when the server cannot answer), the programme saved on the device is searched by the same rule.
  const failed = Boolean(query) && search.status === 'error' && !search.data;
  const saved = useSavedSearch(query, failed);
  const results = search.data ?? saved.results;
  const coming = useComingSessions();
  const venues = query && coming ? venueMatches(coming, query) : [];
  const venueCount = venues.length;
  const total = (results ? results.movies.length + results.news.length + results.festivals.length : 0) + venueCount;
  const comingByWork = new Map<string, AgendaSession[]>();
  for (const session of coming ?? []) comingByWork.set(session.work_id, [...(comingByWork.get(session.work_id) ?? []), session]);

  let body: ReactNode = null;
  if (query) {
    if (!results && (isLoading(search) || (failed && saved.index.status === 'loading')))
      body = (
        <StatusMessage>
          <Trans>A pesquisar conteudos.</Trans>
        </StatusMessage>
      );
    else if (failed && !results) body = <LoadFailure path={searchPath} />;
    else if (total === 0)
      body = (
        <div className="search-empty">
          {saved.results ? <SavedResultsNote /> : null}
          <StatusMessage>
            <Trans>Não foram encontrados resultados</Trans>
          </StatusMessage>
          <p>
            <Link to={homePath()} className="button">
              <Trans>Voltar à página principal</Trans>
            </Link>
          </p>
        </div>
      );
    else
      body = (
        <div className={`search-results${isLoading(search) ? ' is-loading' : ''}`}>
          {saved.results ? <SavedResultsNote /> : null}
          <ResultSection
            id="search-films"
            title={t`Filmes`}
            more={(count) => <Plural value={count} one="Ver o # filme" other="Ver todos os # filmes" />}
            found={results?.movies.length ?? 0}
            hits={results?.movies ?? []}
            path={filmPath}
            extra={(id) => <NextSessions sessions={comingByWork.get(id)} />}
          />
          <ResultSection
            id="search-news"
            title={t`Noticias`}
            more={(count) => <Plural value={count} one="Ver a # notícia" other="Ver todas as # notícias" />}
            found={results?.news.length ?? 0}
            hits={results?.news ?? []}
            path={newsItemPath}
          />
          <ResultSection
            id="search-events"
            title={t`Eventos Paralelos`}
            more={(count) => <Plural value={count} one="Ver o # evento paralelo" other="Ver todos os # eventos paralelos" />}
            found={results?.festivals.length ?? 0}
            hits={results?.festivals ?? []}
            path={activityPath}
          />
          <VenueResults venues={venues} />
        </div>
      );
  }

  return (
    <div className="page search-page">
      <h1 className="page__title">
        <Trans>Pesquisa</Trans>
        {query ? (
          <>
            {' '}
            <span className="page__subtitle">{t`Resultados para "${query}"`}</span>
          </>
        ) : null}
      </h1>
      <SearchBox className="search-box--page" label={t`Nova pesquisa`} />
      {body}
    </div>
  );
}
