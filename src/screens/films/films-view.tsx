/**
 * The FILMES view (home block and /filmes): 'Filtrar por' (sections in the festival scope, films
 * in the distribution scope), the 'FILMES A a Z' toggle, and the paged grid (on a phone, pages of
 * six compact rows, swiped or turned with the arrows; the page is kept in the address).
 */
import { useLocale } from '../../hooks/use-locale';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { AzToggle } from '../../primitives/az-toggle';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  ALL_FILMS,
  ALL_SECTIONS,
  DEFAULT_MOVIE_FILTER,
  DEFAULT_SECTION_NAME,
  DISTRIBUTION,
  DISTRIBUTION_SECTION,
  SECTION_SELECT_DELAY_MS,
  type Scope,
} from '../../common/constants';
import { canonicalSection, filterFilms, sortAz } from '../../common/films/film-filter';
import { pageFromParam, shownPerPage, STACK_BELOW_PX } from '../../common/page-blocks/paging';
import { useRequests } from '../../data/use-api';
import { filmsViewRequests } from './films-view-data';
import { WorkCard } from '../../primitives/cards';
import { PagedList } from '../../primitives/paged-list';
import { FollowFilters } from '../../primitives/filters/follow-filters';
import { followFilterOf, followMatches, isFilterEmpty } from '../../common/programme/session-access';
import { isLoading, ListState } from '../../primitives/list-state';
import { useStateResetOn } from '../../hooks/use-state-reset-on';
import { useWindowWidth } from '../../hooks/use-window-width';
import './films-view.css';
import { filmsPath } from '../../common/addresses/page-paths';

interface Props {
  scope: Scope;
  /** The section chosen by the route (/filmes/{tag}); the default label when none. */
  section?: string;
  gridSize?: number;
  headingLevel?: 'h1' | 'h2';
  /** The address parameter that keeps the page ('pagina' on /filmes; another beside the home's agenda). */
  pageParam?: string;
  /** The films page's filters by subtitles, age and access (the home's films block has none). */
  followFilters?: boolean;
}

export function FilmsView({
  scope,
  section = DEFAULT_SECTION_NAME,
  gridSize = 3,
  headingLevel: Heading = 'h2',
  pageParam = 'pagina-filmes',
  followFilters = false,
}: Props) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const width = useWindowWidth();
  const selectId = useId();
  const [az, setAzState] = useState<0 | 1>(0);
  // A change of scope resets the film filter and the section.
  const [selected, setSelected] = useStateResetOn(scope === 'festa' ? section : DEFAULT_SECTION_NAME, [section, scope]);
  const [filmFilter, setFilmFilterState] = useStateResetOn<{ mov_id: string; mov_name: string }>(DEFAULT_MOVIE_FILTER, [scope]);
  const choosePage = (page: number) => {
    const next = new URLSearchParams(search);
    if (page === 0) next.delete(pageParam);
    else next.set(pageParam, String(page + 1));
    setSearch(next, { replace: true, preventScrollReset: true });
  };
  // Another order or filter is another list: back to its first page.
  const setAz = (value: 0 | 1) => {
    setAzState(value);
    if (search.has(pageParam)) choosePage(0);
  };
  const setFilmFilter = (value: { mov_id: string; mov_name: string }) => {
    setFilmFilterState(value);
    if (search.has(pageParam)) choosePage(0);
  };
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const requests = filmsViewRequests(section, scope, useLocale());
  const { films, sections, filmFilter: filterList } = useRequests(requests);

  // The films page's "sessions I can follow" filters (in the address): a film stays when one of its sessions suits.
  const follow = followFilterOf(search);
  const filtered = followFilters && !isFilterEmpty(follow);
  const shown = sortAz(
    filterFilms(films.data ?? [], { scope, filmId: filmFilter.mov_id, section: DEFAULT_SECTION_NAME }).filter(
      (film) => !filtered || followMatches(film.follow, follow),
    ),
    az,
  );
  const loading = isLoading(films);

  const chooseSection = (name: string) => {
    if (name === DEFAULT_SECTION_NAME) {
      setSelected(name);
      void navigate(filmsPath());
      return;
    }
    setSelected(name);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => void navigate(filmsPath(name)), SECTION_SELECT_DELAY_MS);
  };

  // The festival's sections; the one of the URL is matched without case or accents, so that
  // /filmes/competicao selects the listed "Competição" and no second option appears.
  const sectionNames = [DEFAULT_SECTION_NAME, ...(sections.data ?? []).map((s) => s.name), DISTRIBUTION_SECTION];
  const shownSection = canonicalSection(selected, sectionNames);
  const routeSection = canonicalSection(section, sectionNames);

  const emptyText = filtered
    ? t`Nenhum filme com estes filtros.`
    : routeSection === DEFAULT_SECTION_NAME
      ? t`Não existem filmes`
      : t`Não existem filmes da categoria "${routeSection}"`;
  // The filter's own choices in the page's language; the festival's section names are content.
  const sectionLabel = (name: string) =>
    name === DEFAULT_SECTION_NAME ? i18n._(ALL_SECTIONS) : name === DISTRIBUTION_SECTION ? i18n._(DISTRIBUTION) : name;

  return (
    <section className="block films-view" aria-labelledby={`${selectId}-title`}>
      <div className="block__header">
        <Heading id={`${selectId}-title`} className="block__title">
          <Trans>FILMES</Trans>
        </Heading>
        <div className="films-view__controls">
          <label htmlFor={selectId} className="films-view__filter-label">
            <Trans>Filtrar por</Trans>
          </label>
          {scope === 'festa' ? (
            <select id={selectId} className="select" value={shownSection} onChange={(event) => chooseSection(event.target.value)}>
              {/* The chosen section stays listed even if it is not one of the scope's sections. */}
              {[...new Set([...sectionNames, shownSection])].map((name) => (
                <option key={name} value={name}>
                  {sectionLabel(name)}
                </option>
              ))}
            </select>
          ) : (
            <select
              id={selectId}
              className="select"
              // No film chosen: the default label FILMES (spec defaults: {mov_id '0', mov_name 'FILMES'}).
              value={filmFilter.mov_id === DEFAULT_MOVIE_FILTER.mov_id ? '' : filmFilter.mov_id}
              onChange={(event) => {
                const value = event.target.value;
                const film = filterList.data?.find((f) => f.id === value);
                // 'TODOS' (id 0) removes the film filter.
                setFilmFilter(film ? { mov_id: film.id, mov_name: film.name } : DEFAULT_MOVIE_FILTER);
              }}
            >
              <option value="" disabled>
                {i18n._(ALL_FILMS)}
              </option>
              <option value="0">{t`TODOS`}</option>
              {(filterList.data ?? []).map((film) => (
                <option key={film.id} value={film.id}>
                  {film.name}
                </option>
              ))}
            </select>
          )}
          <AzToggle az={az} onChange={setAz} label={t`FILMES A a Z`} />
        </div>
      </div>
      {followFilters ? <FollowFilters keep={{}} id="filtros-filmes" /> : null}
      <ListState entry={films} path={requests.films.path} count={shown.length} empty={emptyText}>
        <PagedList
          items={shown}
          perPage={shownPerPage.films(width)}
          resetKey={`${section}|${filmFilter.mov_id}|${az}|${scope}|${follow.subtitles ?? ''}|${follow.age ?? ''}|${follow.access ?? ''}`}
          page={pageFromParam(search.get(pageParam))}
          onPageChange={choosePage}
          showCount={width < STACK_BELOW_PX}
          label={t`Filmes`}
          className={gridSize === 3 ? 'paged--films' : 'paged--films-narrow'}
          dimmed={loading}
          itemKey={(f) => f.id}
          renderItem={(film) => <WorkCard item={film} gridSize={gridSize} onTag={(tag) => chooseSection(tag)} />}
        />
      </ListState>
    </section>
  );
}
