/**
 * The page addresses the components link to: the same URLs the hand-written paths gave, every
 * parameter encoded, and each route declaring the pattern its builder fills in.
 */
import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import {
  activityPath,
  agendaPath,
  filmPath,
  filmsPath,
  historyPath,
  newsItemPath,
  PAGE_PATTERNS,
  programmePath,
  searchPath,
  workPath,
} from '../../src/common/addresses/page-paths';
import { routes } from '../../src/routing/routes';

describe('page addresses', () => {
  it('fills in ids, a section name and an edition, encoded', () => {
    expect(filmPath('101')).toBe('/filme/101');
    expect(activityPath('7')).toBe('/actividade/7');
    expect(newsItemPath('3')).toBe('/noticia/3');
    expect(workPath({ id: '101', ismovie: '1' })).toBe('/filme/101');
    expect(workPath({ id: '7', ismovie: '0' })).toBe('/actividade/7');
    expect(filmsPath()).toBe('/filmes');
    expect(filmsPath('Secção Oficial')).toBe(`/filmes/${encodeURIComponent('Secção Oficial')}`);
    expect(historyPath(undefined)).toBe('/historico/programacao');
    expect(historyPath('2015')).toBe('/historico/2015');
  });

  it('writes the query of the programme, the search and a shared agenda', () => {
    expect(programmePath()).toBe('/programacao');
    expect(programmePath({ city: '1', day: 22 })).toBe('/programacao?cidade=1&dia=d22');
    expect(searchPath()).toBe('/pesquisa');
    expect(searchPath('dolce & vita')).toBe('/pesquisa?q=dolce%20%26%20vita');
    expect(agendaPath()).toBe('/agenda');
    expect(agendaPath(['12', '48', '205'])).toBe('/agenda?sessoes=12.48.205');
  });

  it('builds only addresses that the route table serves with the route of their pattern', () => {
    const routeOf = (path: string) => routes.find((route) => matchPath(route.path, path.split('?')[0]!))?.path;
    expect(routeOf(filmPath('101'))).toBe(PAGE_PATTERNS.film);
    expect(routeOf(activityPath('7'))).toBe(PAGE_PATTERNS.activity);
    expect(routeOf(newsItemPath('3'))).toBe(PAGE_PATTERNS.newsItem);
    expect(routeOf(filmsPath('Secção Oficial'))).toBe(PAGE_PATTERNS.films);
    expect(routeOf(historyPath('2015', 'premios'))).toBe(PAGE_PATTERNS.history);
    expect(routeOf(programmePath({ city: '1', day: 22 }))).toBe(PAGE_PATTERNS.programme);
    expect(routeOf(searchPath('x'))).toBe(PAGE_PATTERNS.search);
    expect(routeOf(agendaPath(['1']))).toBe(PAGE_PATTERNS.agenda);
  });
});
