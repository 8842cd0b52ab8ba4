/**
 * The FILMES view (home block and /filmes): 'Filtrar por' (sections in the festival scope, films
 * in the distribution scope), the 'FILMES A a Z' toggle, and the paged grid.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { AzToggle } from './az-toggle';
import { useNavigate } from 'react-router-dom';
import { DEFAULT_MOVIE_FILTER, DEFAULT_SECTION_NAME, DISTRIBUTION_SECTION, SECTION_SELECT_DELAY_MS, type Scope } from '../common/constants';
import { filterFilms, sortAz } from '../common/film-filter';
import { perPage } from '../common/paging';
import { useRequests } from '../data/use-api';
import { filmsViewRequests } from './films-view-data';
import { WorkCard } from './cards';
import { PagedList } from './paged-list';
import { StatusMessage } from './status-message';
import { useStateResetOn } from './use-state-reset-on';
import { useWindowWidth } from './use-window-width';

interface Props {
  scope: Scope;
  /** The section chosen by the route (/filmes/{tag}); the default label when none. */
  section?: string;
  gridSize?: number;
  headingLevel?: 'h1' | 'h2';
}

export function FilmsView({ scope, section = DEFAULT_SECTION_NAME, gridSize = 3, headingLevel: Heading = 'h2' }: Props) {
  const navigate = useNavigate();
  const width = useWindowWidth();
  const selectId = useId();
  const [az, setAz] = useState<0 | 1>(0);
  // A change of scope resets the film filter and the section.
  const [selected, setSelected] = useStateResetOn(scope === 'festa' ? section : DEFAULT_SECTION_NAME, [section, scope]);
  const [filmFilter, setFilmFilter] = useStateResetOn<{ mov_id: string; mov_name: string }>(DEFAULT_MOVIE_FILTER, [scope]);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const { films, sections, filmFilter: filterList } = useRequests(filmsViewRequests(section, scope));

  const shown = sortAz(filterFilms(films.data ?? [], { scope, filmId: filmFilter.mov_id, section: DEFAULT_SECTION_NAME }), az);
  const loading = films.status === 'loading' || films.fetching;

  const chooseSection = (name: string) => {
    if (name === DEFAULT_SECTION_NAME) {
      setSelected(name);
      navigate('/filmes');
      return;
    }
    setSelected(name);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => navigate(`/filmes/${encodeURIComponent(name)}`), SECTION_SELECT_DELAY_MS);
  };

  const options =
    scope === 'festa'
      ? [DEFAULT_SECTION_NAME, ...(sections.data ?? []).map((s) => s.name), DISTRIBUTION_SECTION]
      : ['0', ...(filterList.data ?? []).map((f) => f.id)];
  const optionLabel = (value: string) =>
    scope === 'festa' ? value : value === '0' ? 'TODOS' : (filterList.data?.find((f) => f.id === value)?.name ?? value);

  const empty =
    shown.length > 0
      ? null
      : loading
        ? 'A carregar conteúdos...'
        : section === DEFAULT_SECTION_NAME
          ? 'Não existem filmes'
          : `Não existem filmes da categoria "${section}"`;

  return (
    <section className="block films-view" aria-labelledby={`${selectId}-title`}>
      <div className="block__header">
        <Heading id={`${selectId}-title`} className="block__title">
          FILMES
        </Heading>
        <div className="films-view__controls">
          <label htmlFor={selectId} className="films-view__filter-label">
            Filtrar por
          </label>
          <select
            id={selectId}
            className="select"
            value={scope === 'festa' ? selected : filmFilter.mov_id}
            onChange={(event) => {
              const value = event.target.value;
              if (scope === 'festa') chooseSection(value);
              else if (value === '0') setFilmFilter(DEFAULT_MOVIE_FILTER);
              else setFilmFilter({ mov_id: value, mov_name: optionLabel(value) });
            }}
          >
            {/* The chosen section stays listed even if it is not one of the scope's sections. */}
            {[...new Set(scope === 'festa' && !options.includes(selected) ? [...options, selected] : options)].map((value) => (
              <option key={value} value={value}>
                {optionLabel(value)}
              </option>
            ))}
          </select>
          <AzToggle az={az} onChange={setAz} label="FILMES A a Z" />
        </div>
      </div>
      {empty ? (
        <StatusMessage>{empty}</StatusMessage>
      ) : (
        <PagedList
          items={shown}
          perPage={perPage.films(width)}
          resetKey={`${section}|${filmFilter.mov_id}|${az}|${scope}`}
          label="Filmes"
          className={gridSize === 3 ? 'paged--films' : 'paged--films-narrow'}
          dimmed={loading}
          itemKey={(f) => f.id}
          renderItem={(film) => <WorkCard item={film} gridSize={gridSize} onTag={(tag) => chooseSection(tag)} />}
        />
      )}
    </section>
  );
}
