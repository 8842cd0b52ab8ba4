/** A collection's list as its address asks for it: search, state, order and pages (src/gestao/record-list-query.ts). */
import { describe, expect, it } from 'vitest';
import { listFiltersOf } from '../../../src/common/gestao/collections';
import type { RecordOptions, RecordView } from '../../../src/common/gestao/record-schemas';
import { listPage, listQueryOf, PER_LIST_PAGE, type ListedRow } from '../../../src/gestao/record-list-query';
import { dependantFilters, filteringDependant } from '../../../src/gestao/screens/dependant-filters';
import { scheduledAtOf } from '../../../src/gestao/states/scheduled-records';
import type { ScheduledRelease } from '../../../src/common/gestao/api/answers';
import { setupI18n } from '@lingui/core';

type State = ListedRow<string>['state'];
const row = (name: string, state: State = 'publicado'): ListedRow<string> => ({ row: name, name, state });
const FILMS = [row('O Verão de Ada'), row('Luz de Inverno', 'alterado'), row('A Estrada', 'novo'), row('Amarcord', 'apagado')];
const query = (search: string) => listQueryOf(new URLSearchParams(search));

describe('a list as its address asks for it', () => {
  it('reads what it knows and ignores the rest', () => {
    expect(query('')).toEqual({ search: '', state: '', sort: '', page: 0, filters: {}, occurring: [] });
    expect(query('q=ada&estado=por-publicar&ordem=estado&pagina=3')).toEqual({
      search: 'ada',
      state: 'por-publicar',
      sort: 'estado',
      page: 2,
      filters: {},
      occurring: [],
    });
    expect(query('estado=rascunho&ordem=data&pagina=-2')).toEqual({ search: '', state: '', sort: '', page: 0, filters: {}, occurring: [] });
  });

  it('finds by the beginning of a title’s words, without accents, and by state («Por publicar» is new or changed)', () => {
    expect(listPage(FILMS, query('q=verao')).rows).toEqual(['O Verão de Ada']);
    expect(listPage(FILMS, query('q=ada')).rows).toEqual(['O Verão de Ada']);
    expect(listPage(FILMS, query('estado=por-publicar')).rows).toEqual(['Luz de Inverno', 'A Estrada']);
    expect(listPage(FILMS, query('q=inverno&estado=por-publicar'))).toMatchObject({ rows: ['Luz de Inverno'], matching: 1, total: 4 });
    expect(listPage(FILMS, query('q=inverno&estado=publicado')).matching).toBe(0);
  });

  it('keeps the server’s order unless asked, sorts by title or with what waits first', () => {
    expect(listPage(FILMS, query('')).rows).toEqual(['O Verão de Ada', 'Luz de Inverno', 'A Estrada', 'Amarcord']);
    expect(listPage(FILMS, query('ordem=titulo')).rows).toEqual(['A Estrada', 'Amarcord', 'Luz de Inverno', 'O Verão de Ada']);
    expect(listPage(FILMS, query('ordem=estado')).rows).toEqual(['A Estrada', 'Luz de Inverno', 'Amarcord', 'O Verão de Ada']);
  });

  it('filters by the type’s own choices its collection names (a film’s section, `seccao` in the address), with the rest', () => {
    const filters = listFiltersOf('movies');
    expect(filters.map(({ field, param }) => [field, param])).toEqual([
      ['section_id', 'seccao'],
      ['scope', 'ambito'],
    ]);
    const inSection = (r: ListedRow<string>, section: string): ListedRow<string> => ({
      ...r,
      values: { section_id: section, scope: 'festa' },
    });
    const films = [inSection(FILMS[0]!, '1'), inSection(FILMS[1]!, '2'), inSection(FILMS[2]!, '2'), inSection(FILMS[3]!, '3')];
    const filtered = (search: string) => listPage(films, listQueryOf(new URLSearchParams(search), filters));
    expect(listQueryOf(new URLSearchParams('seccao=2&outra=1'), filters).filters).toEqual({ section_id: '2' });
    expect(filtered('seccao=2').rows).toEqual(['Luz de Inverno', 'A Estrada']);
    expect(filtered('seccao=2&estado=por-publicar&q=estrada')).toMatchObject({ rows: ['A Estrada'], matching: 1, total: 4 });
    expect(filtered('seccao=2&ambito=distribuicao').matching).toBe(0);
  });

  it('filters films by their sessions’ cities and days (`cidade`, `dia`), a film under each it plays in, none without sessions', () => {
    const record = (type: RecordView['type'], id: string, fields: RecordView['fields'], state: State = 'publicado') =>
      ({ type, id, version: 1, state, fields }) satisfies RecordView;
    const session = (id: string, film: string, venue: number, startsAt: string, state: State = 'publicado') =>
      record('sessions', id, { movie_id: Number(film), venue_id: venue, starts_at: startsAt }, state);
    const options = {
      cities: [
        { id: 1, name: 'Lisboa' },
        { id: 2, name: 'Porto' },
        { id: 3, name: 'Coimbra' },
      ],
      venues: [
        { id: 10, name: 'Cinema São Jorge', city: 'Lisboa', cityId: 1 },
        { id: 20, name: 'Batalha', city: 'Porto', cityId: 2 },
      ],
    } as RecordOptions;
    const sessions = [
      session('1', '101', 10, '2026-04-02T21:00'),
      session('2', '101', 20, '2026-04-04T18:30'),
      session('3', '102', 10, '2026-04-03T19:00'),
      // Deleted in the draft: it no longer puts film 103 in Porto.
      session('4', '103', 20, '2026-04-05T16:00', 'apagado'),
    ];
    const i18n = setupI18n({ locale: 'pt-PT', messages: { 'pt-PT': {} } });
    const { filters, occurrencesOf } = dependantFilters(filteringDependant('movies')!, sessions, options, i18n);
    expect(filteringDependant('venues')).toBeUndefined();
    // Only the cities and days with sessions are offered: no choice empties the list by itself.
    expect(filters.map(({ param, choices }) => [param, choices.map((c) => c.value)])).toEqual([
      ['cidade', [1, 2]],
      ['dia', ['2026-04-02', '2026-04-03', '2026-04-04']],
    ]);
    expect(filters[1]!.choices[0]!.text).toBe('quinta-feira, 2 de abril');
    const films = ['101', '102', '103'].map((id) => {
      const film = record('movies', id, { title: `Filme ${id}` });
      return { row: id, name: `Filme ${id}`, state: film.state, occurrences: occurrencesOf(film) };
    });
    const filtered = (search: string) => listPage(films, listQueryOf(new URLSearchParams(search), filters)).rows;
    expect(filtered('cidade=1')).toEqual(['101', '102']);
    expect(filtered('cidade=2')).toEqual(['101']);
    expect(filtered('dia=2026-04-03')).toEqual(['102']);
    expect(filtered('cidade=2&dia=2026-04-03')).toEqual([]);
    // A city and a day together are one session's: 101 plays in Lisboa on the 2nd and in Porto on the 4th, never in Lisboa on the 4th.
    expect(filtered('cidade=1&dia=2026-04-04')).toEqual([]);
    expect(filtered('cidade=2&dia=2026-04-04')).toEqual(['101']);
    expect(filtered('dia=2026-04-04')).toEqual(['101']);
    expect(filtered('dia=2026-04-05')).toEqual([]);
  });

  it('says «Agendado» of a draft a waiting publication has, with the first time it runs, and filters by it', () => {
    const release = (
      id: string,
      runAt: string,
      state: ScheduledRelease['state'],
      drafts: ScheduledRelease['drafts'],
    ): ScheduledRelease => ({
      id,
      runAt,
      state,
      drafts,
      createdBy: 'rui.programacao@festa.pt',
      releaseNumber: null,
      message: null,
    });
    const chosen = (id: string) => ({ type: 'movies' as const, id, by: 'eva.costa@festa.pt' });
    const at = scheduledAtOf([
      release('a', '2026-04-04T19:00:00.000Z', 'agendada', [chosen('102')]),
      release('b', '2026-04-03T08:00:00.000Z', 'agendada', [chosen('102'), chosen('103')]),
      release('c', '2026-04-01T08:00:00.000Z', 'cancelada', [chosen('104')]),
      release('d', '2026-03-30T08:00:00.000Z', 'publicada', null),
      // Running now (or stuck, its instance gone): seconds from done, never said "Agendado" with a time past.
      release('f', '2026-04-01T07:00:00.000Z', 'a publicar', [chosen('106')]),
    ]);
    const film = (id: string, state: State) => ({ type: 'movies' as const, id, state });
    expect(at(film('102', 'alterado'))).toBe('2026-04-03T08:00:00.000Z');
    expect(at(film('103', 'novo'))).toBe('2026-04-03T08:00:00.000Z');
    // Cancelled or done: not waiting. Published: nothing to publish. Another type's 102: not chosen.
    expect(at(film('104', 'alterado'))).toBeUndefined();
    expect(at(film('106', 'alterado'))).toBeUndefined();
    expect(at(film('102', 'publicado'))).toBeUndefined();
    expect(at({ type: 'venues', id: '102', state: 'alterado' })).toBeUndefined();
    // A publication of the whole draft has every record waiting in it.
    const whole = scheduledAtOf([release('e', '2026-04-05T20:00:00.000Z', 'agendada', null)]);
    expect(whole(film('105', 'apagado'))).toBe('2026-04-05T20:00:00.000Z');

    const films = [FILMS[0]!, { ...FILMS[1]!, scheduled: true }, FILMS[2]!, FILMS[3]!];
    expect(listPage(films, query('estado=agendado')).rows).toEqual(['Luz de Inverno']);
    expect(listPage(films, query('estado=por-publicar')).rows).toEqual(['Luz de Inverno', 'A Estrada']);
  });

  it('shows pages of 25, the last when asked for one past it', () => {
    const many = Array.from({ length: 60 }, (_, i) => row(`Filme ${String(i + 1).padStart(2, '0')}`));
    expect(listPage(many, query(''))).toMatchObject({ pages: 3, page: 0, matching: 60 });
    expect(listPage(many, query('')).rows).toHaveLength(PER_LIST_PAGE);
    expect(listPage(many, query('pagina=3')).rows).toEqual(many.slice(50).map((r) => r.row));
    expect(listPage(many, query('pagina=9')).page).toBe(2);
  });
});
