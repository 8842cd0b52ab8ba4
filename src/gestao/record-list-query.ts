/**
 * What a collection's list shows, as its address says it (`?q=ada&estado=por-publicar&ordem=estado&pagina=2`):
 * the records whose name has the words typed (the site's one search rule), in a state, in an order,
 * a page of them at a time. Kept in the address so that a list can be shared, reloaded and gone
 * back to as it was.
 */
import type { RecordView } from '../common/gestao/record-schemas';
import { matchesQuery } from '../common/text/search-match';

export const LIST_QUERY = { search: 'q', state: 'estado', sort: 'ordem', page: 'pagina' } as const;

/** "Por publicar" is a new or changed record; "Agendado" one a publication set for later has; a record deleted in the draft is its own state. */
export const STATE_FILTERS = ['por-publicar', 'agendado', 'publicado', 'apagado'] as const;
export type StateFilter = (typeof STATE_FILTERS)[number];
export const SORTS = ['titulo', 'estado'] as const;
export type ListSort = (typeof SORTS)[number];

export const PER_LIST_PAGE = 25;

export interface ListQuery {
  search: string;
  state: StateFilter | '';
  /** '': as the server lists them (a menu's order, the newest news first). */
  sort: ListSort | '';
  /** From 0. */
  page: number;
  /** The type's own filters chosen (listFiltersOf): a field's value by field, none when all are shown. */
  filters: Record<string, string>;
  /** The filters read from a row's occurrences (a film's sessions), not from its own values. */
  occurring: readonly string[];
}

/** A type's filter as the address names it: `?seccao=2` is section_id 2. */
export interface ListFilterParam {
  field: string;
  param: string;
  /** Matched against the row's occurrences (a film's sessions' city and day), all such by one. */
  perOccurrence?: true;
}

const isOneOf = <T extends string>(list: readonly T[], value: string | null): value is T =>
  (list as readonly (string | null)[]).includes(value);

export function listQueryOf(params: URLSearchParams, filterParams: readonly ListFilterParam[] = []): ListQuery {
  const state = params.get(LIST_QUERY.state);
  const sort = params.get(LIST_QUERY.sort);
  const page = Number(params.get(LIST_QUERY.page) ?? '1');
  const filters: Record<string, string> = {};
  for (const { field, param } of filterParams) {
    const value = params.get(param);
    if (value) filters[field] = value;
  }
  return {
    search: params.get(LIST_QUERY.search) ?? '',
    state: isOneOf(STATE_FILTERS, state) ? state : '',
    sort: isOneOf(SORTS, sort) ? sort : '',
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
    filters,
    occurring: filterParams.filter((f) => f.perOccurrence).map((f) => f.field),
  };
}

type State = RecordView['state'];
const inState: Record<StateFilter, (row: ListedRow<unknown>) => boolean> = {
  'por-publicar': (r) => r.state === 'novo' || r.state === 'alterado',
  agendado: (r) => r.scheduled === true,
  publicado: (r) => r.state === 'publicado',
  apagado: (r) => r.state === 'apagado',
};
/** Waiting first: what is still to publish is what a list is opened for. */
const STATE_ORDER: Record<State, number> = { novo: 0, alterado: 1, apagado: 2, publicado: 3 };

export interface ListedRow<R> {
  row: R;
  name: string;
  state: State;
  /** A publication set for later has its draft. */
  scheduled?: boolean;
  /** Its values of the fields the list filters by, as text. */
  values?: Record<string, string>;
  /**
   * What happens of it, each with its own values (a film's sessions: a city and a day). The
   * filters `perOccurrence` are matched here, all by one occurrence: a film is under Lisboa on the
   * 4th only if one of its sessions is in Lisboa on the 4th.
   */
  occurrences?: readonly Record<string, string>[];
}

export interface ListPage<R> {
  rows: R[];
  /** Records that match the search and state. */
  matching: number;
  total: number;
  pages: number;
  /** The page shown (the last, when the address asks for one past it). */
  page: number;
}

function matchesFilters(row: ListedRow<unknown>, { filters, occurring }: ListQuery): boolean {
  const chosen = Object.entries(filters);
  const own = chosen.filter(([field]) => !occurring.includes(field));
  const happening = chosen.filter(([field]) => occurring.includes(field));
  return (
    own.every(([field, value]) => row.values?.[field] === value) &&
    (happening.length === 0 || (row.occurrences ?? []).some((o) => happening.every(([field, value]) => o[field] === value)))
  );
}

export function listPage<R>(rows: readonly ListedRow<R>[], query: ListQuery): ListPage<R> {
  const byName = (a: ListedRow<R>, b: ListedRow<R>) => a.name.localeCompare(b.name, 'pt-PT', { sensitivity: 'base' });
  const matching = rows
    .filter((r) => query.search.trim() === '' || matchesQuery(r.name, query.search))
    .filter((r) => query.state === '' || inState[query.state](r))
    .filter((r) => matchesFilters(r, query))
    .sort(
      query.sort === 'estado'
        ? (a, b) => STATE_ORDER[a.state] - STATE_ORDER[b.state] || byName(a, b)
        : query.sort === 'titulo'
          ? byName
          : () => 0,
    );
  const pages = Math.max(1, Math.ceil(matching.length / PER_LIST_PAGE));
  const page = Math.min(query.page, pages - 1);
  return {
    rows: matching.slice(page * PER_LIST_PAGE, (page + 1) * PER_LIST_PAGE).map((r) => r.row),
    matching: matching.length,
    total: rows.length,
    pages,
    page,
  };
}
