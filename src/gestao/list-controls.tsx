/**
 * A collection's list as people work in it: a search box, a state filter, an order, how many match
 * ("12 de 75"), and pages of 25, all in the address (record-list-query.ts), so that the list comes
 * back as it was. An empty result says what to do next. On a phone everything but the search folds
 * under one button, opened by itself when the address already chose something, so that the list,
 * not five drop-downs, fills the first screen.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LIST_QUERY, listPage, listQueryOf, type ListedRow, type ListFilterParam } from './record-list-query';

/** A filter of a type's list: its field, its word in the address, its label and its choices. */
export interface ListFilter extends ListFilterParam {
  label: string;
  choices: readonly { value: string | number; text: string }[];
}

export function ListControls<R>({
  listed,
  noun,
  render,
  filters = [],
  empty,
}: {
  listed: readonly ListedRow<R>[];
  /** What the list holds ("Filmes e atividades"), for its labels. */
  noun: string;
  render: (rows: R[]) => ReactNode;
  /** The type's own filters (a film's section), each a choice with "Todas" first. */
  filters?: readonly ListFilter[];
  /** What an empty list says: what to do first. */
  empty: ReactNode;
}) {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const query = listQueryOf(params, filters);
  const shown = listPage(listed, query);
  /** A change of search, state or order starts at the first page; a page keeps the rest. */
  const set = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    if (name !== LIST_QUERY.page) next.delete(LIST_QUERY.page);
    setParams(next, { replace: true });
  };
  const goTo = (page: number) => set(LIST_QUERY.page, page > 0 ? String(page + 1) : '');
  const { matching, total } = shown;
  const pageNumber = shown.page + 1;
  const { pages } = shown;
  const chosen = [query.state, query.sort, ...Object.values(query.filters)].filter(Boolean).length;
  // Until the person folds or unfolds them, the address decides (its filters may arrive after the list).
  const [toggled, setToggled] = useState<boolean | undefined>(undefined);
  const unfolded = toggled ?? chosen > 0;
  const moreId = useId();
  return (
    <>
      <div className="gestao-list-controls" role="search" aria-label={t`Filtros: ${noun}`}>
        <div className="gestao-field">
          <label htmlFor="lista-procurar">
            <Trans>Procurar</Trans>
          </label>
          <input id="lista-procurar" type="search" value={query.search} onChange={(e) => set(LIST_QUERY.search, e.target.value)} />
        </div>
        <button
          type="button"
          className="gestao-secondary gestao-list-controls__toggle"
          aria-expanded={unfolded}
          aria-controls={moreId}
          onClick={() => setToggled(!unfolded)}
        >
          {chosen > 0 ? t`Filtros e ordem (${chosen})` : t`Filtros e ordem`}
        </button>
        <div id={moreId} className={`gestao-list-controls__more${unfolded ? ' is-open' : ''}`}>
          <div className="gestao-field">
            <label htmlFor="lista-estado">
              <Trans>Estado</Trans>
            </label>
            <select id="lista-estado" value={query.state} onChange={(e) => set(LIST_QUERY.state, e.target.value)}>
              <option value="">{t`Todos`}</option>
              <option value="por-publicar">{t`Por publicar`}</option>
              <option value="agendado">{t`Agendado`}</option>
              <option value="publicado">{t`Publicado`}</option>
              <option value="apagado">{t`Apagado (por publicar)`}</option>
            </select>
          </div>
          {filters.map((filter) => (
            <div className="gestao-field" key={filter.param}>
              <label htmlFor={`lista-${filter.param}`}>{filter.label}</label>
              <select
                id={`lista-${filter.param}`}
                value={query.filters[filter.field] ?? ''}
                onChange={(e) => set(filter.param, e.target.value)}
              >
                <option value="">{t`Qualquer`}</option>
                {filter.choices.map((choice) => (
                  <option key={choice.value} value={String(choice.value)}>
                    {choice.text}
                  </option>
                ))}
              </select>
            </div>
          ))}
          <div className="gestao-field">
            <label htmlFor="lista-ordem">
              <Trans>Ordenar por</Trans>
            </label>
            <select id="lista-ordem" value={query.sort} onChange={(e) => set(LIST_QUERY.sort, e.target.value)}>
              <option value="">{t`Ordem da lista`}</option>
              <option value="titulo">{t`Título (A–Z)`}</option>
              <option value="estado">{t`Estado (por publicar primeiro)`}</option>
            </select>
          </div>
        </div>
      </div>
      <p className="gestao-list-count" role="status">
        {matching === total ? t`${total} no total` : t`${matching} de ${total}`}
      </p>
      {total === 0 ? (
        <p className="gestao-empty">{empty}</p>
      ) : matching === 0 ? (
        <p className="gestao-empty">
          {filters.length > 0 ? (
            <Trans>
              Nada corresponde à procura e aos filtros escolhidos. Tente outras palavras, «Todos» no estado ou «Qualquer» nos outros
              filtros.
            </Trans>
          ) : (
            <Trans>Nada corresponde à procura e ao estado escolhidos. Tente outras palavras, ou «Todos» no estado.</Trans>
          )}
        </p>
      ) : (
        render(shown.rows)
      )}
      {pages > 1 && (
        <nav className="gestao-pages" aria-label={t`Páginas da lista`}>
          <button type="button" className="gestao-secondary" disabled={shown.page === 0} onClick={() => goTo(shown.page - 1)}>
            <Trans>Anterior</Trans>
          </button>
          <span>
            <Trans>
              Página {pageNumber} de {pages}
            </Trans>
          </span>
          <button type="button" className="gestao-secondary" disabled={pageNumber === pages} onClick={() => goTo(shown.page + 1)}>
            <Trans>Seguinte</Trans>
          </button>
        </nav>
      )}
    </>
  );
}
