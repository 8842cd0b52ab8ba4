import { describe, expect, it } from 'vitest';
import type { MenuItem, Sponsor, SponsorList } from '../../src/common/api/api-types';
import { filterBySection, filterFilms, sortAz } from '../../src/common/films/film-filter';
import { menuLink } from '../../src/common/page-blocks/menu-links';
import { MONTH_NAMES, monthName } from '../../src/common/time/calendar-names';
import { dayFromKey, dayKey, prettyDate } from '../../src/common/time/months';
import { arrows, nextPage, pageCount, perPage } from '../../src/common/page-blocks/paging';
import { posterTarget } from '../../src/common/page-blocks/poster-links';
import { groupSponsors, layoutSponsors, type SponsorGroup } from '../../src/common/page-blocks/sponsor-layout';
import { foldText } from '../../src/common/text/plain-text';

const item = (over: Partial<MenuItem>): MenuItem => ({
  title: 'x',
  menu_url: 'filmes',
  internal_page_id: 0,
  template_id: 0,
  childs: [],
  ...over,
});

describe('menu link rules', () => {
  it('opens a url containing "http" as an external link, at any level', () => {
    expect(menuLink(item({ menu_url: 'https://bilhetes.pt' }), false)).toEqual({ kind: 'external', href: 'https://bilhetes.pt' });
    expect(menuLink(item({ menu_url: 'http://x.pt' }), true)).toEqual({ kind: 'external', href: 'http://x.pt' });
  });
  it('opens a child with internal_page_id 0 and template_id 5 as external, but not a top item', () => {
    const t5 = item({ menu_url: 'bilhetes-online', internal_page_id: 0, template_id: 5 });
    expect(menuLink(t5, true)).toEqual({ kind: 'external', href: '/bilhetes-online' });
    expect(menuLink(t5, false)).toEqual({ kind: 'internal', to: '/bilhetes-online' });
    expect(menuLink({ ...t5, internal_page_id: 3 }, true)).toEqual({ kind: 'internal', to: '/bilhetes-online' });
    expect(menuLink({ ...t5, template_id: 1 }, true)).toEqual({ kind: 'internal', to: '/bilhetes-online' });
  });
  it('links everything else to /{menu_url}', () => {
    expect(menuLink(item({ menu_url: 't1/sobre-o-festival' }), false)).toEqual({ kind: 'internal', to: '/t1/sobre-o-festival' });
  });
});

describe('poster and banner link targets', () => {
  const site = 'https://festadocinemaitaliano.pt';
  it('sends an empty target home', () => expect(posterTarget('', site)).toEqual({ kind: 'internal', to: '/' }));
  it('turns a target on the own site into an internal route', () => {
    expect(posterTarget('https://festadocinemaitaliano.pt/filme/101?x=1', site)).toEqual({ kind: 'internal', to: '/filme/101?x=1' });
    expect(posterTarget('/programacao', site)).toEqual({ kind: 'internal', to: '/programacao' });
  });
  it('opens any other target in a new window', () => {
    expect(posterTarget('https://www.cinemateca.pt/', site)).toEqual({ kind: 'external', href: 'https://www.cinemateca.pt/' });
    expect(posterTarget('//evil.example/x', site)).toEqual({ kind: 'external', href: '//evil.example/x' });
  });
});

describe('months and day keys', () => {
  it('names months 1 to 12 in pt-PT', () => {
    expect(MONTH_NAMES).toHaveLength(12);
    expect(monthName(3)).toBe('Março');
    expect(monthName('12')).toBe('Dezembro');
    expect(monthName(0)).toBe('');
    expect(monthName(13)).toBe('');
  });
  it('builds pretty dates as day, month name, year', () => expect(prettyDate('07', '04', '2016')).toBe('7 Abril 2016'));
  it('shows a day key minus its first character', () => {
    expect(dayKey(5)).toBe('d5');
    expect(dayFromKey('d31')).toBe('31');
  });
});

describe('film filtering and sorting', () => {
  const films = [
    { id: '1', title: 'Zeta', name: 'Competição' },
    { id: '2', title: 'alfa', name: 'Panorama' },
    { id: '3', title: 'Émile', name: 'competicao' },
  ];
  it('filters by the chosen film id', () =>
    expect(filterFilms(films, { scope: 'distrib', filmId: '2', section: 'SECÇÕES' })).toEqual([films[1]]));
  it('filters by section name without case or accents, in the festa scope only', () => {
    expect(filterFilms(films, { scope: 'festa', filmId: '0', section: 'COMPETIÇÃO' }).map((f) => f.id)).toEqual(['1', '3']);
    expect(filterFilms(films, { scope: 'distrib', filmId: '0', section: 'COMPETIÇÃO' })).toHaveLength(3);
    expect(filterFilms(films, { scope: 'festa', filmId: '0', section: 'SECÇÕES' })).toHaveLength(3);
  });
  it('treats SECCOES as no filter for parallel events', () => {
    expect(filterBySection(films, 'SECCOES')).toHaveLength(3);
    expect(filterBySection(films, 'panorama')).toEqual([films[1]]);
  });
  it('sorts A to Z by title at 1 and keeps the order at 0', () => {
    expect(sortAz(films, 1).map((f) => f.title)).toEqual(['alfa', 'Émile', 'Zeta']);
    expect(sortAz(films, 0)).toBe(films);
  });
  it('folds accents and case', () => expect(foldText('  Secções   Especiais ')).toBe('seccoes especiais'));
});

describe('paging arithmetic', () => {
  it('counts pages', () => {
    expect(pageCount(0, 3)).toBe(1);
    expect(pageCount(7, 3)).toBe(3);
  });
  it('moves within bounds: the left arrow floors at 0', () => {
    expect(nextPage(0, -1, 7, 3)).toBe(0);
    expect(nextPage(0, 1, 7, 3)).toBe(1);
    expect(nextPage(2, 1, 7, 3)).toBe(2);
  });
  it('hides the left arrow on the first page, the right on the last, both without items', () => {
    expect(arrows(0, 7, 3)).toEqual({ left: false, right: true });
    expect(arrows(2, 7, 3)).toEqual({ left: true, right: false });
    expect(arrows(0, 0, 3)).toEqual({ left: false, right: false });
    expect(arrows(0, 2, 3)).toEqual({ left: false, right: false });
  });
  it('uses the spec breakpoints', () => {
    expect([perPage.news(599), perPage.news(600)]).toEqual([1, 3]);
    expect([perPage.films(599), perPage.films(600)]).toEqual([1, 3]);
    expect([perPage.programme(988), perPage.programme(989)]).toEqual([1, 4]);
  });
});

describe('sponsor layout', () => {
  const sponsor = (id: number, tag: string, minimized = 0): Sponsor => ({
    id: String(id),
    name: `S${id}`,
    link: '',
    thumb: '',
    minimized,
    description: '',
    tag_name: tag,
  });
  const group = (name: string, minimized = false, size = 1): SponsorGroup => ({
    name,
    minimized,
    sponsors: Array.from({ length: size }, (_, i) => sponsor(i, name)),
  });
  const kinds = (groups: SponsorGroup[]) => {
    const { first, rows } = layoutSponsors(groups);
    return [
      first?.name ?? null,
      ...rows.map((r) =>
        r.kind === 'two-columns' ? `2:${r.groups[0].name}+${r.groups[1].name}` : `${r.kind === 'minimized' ? 'min' : '1'}:${r.group.name}`,
      ),
    ];
  };

  it('groups by tag_name in the order of the id list', () => {
    const list: SponsorList = { ids: ['1', '2', '3'], items: { '1': sponsor(1, 'A'), '2': sponsor(2, 'B', 1), '3': sponsor(3, 'A') } };
    expect(groupSponsors(list).map((g) => [g.name, g.minimized, g.sponsors.length])).toEqual([
      ['A', false, 2],
      ['B', true, 1],
    ]);
  });
  it('puts the first group left, the second alone, and pairs from the third on', () => {
    expect(kinds([group('A'), group('B'), group('C'), group('D')])).toEqual(['A', '1:B', '2:C+D']);
  });
  it('splits a pair with a minimised group into single rows', () => {
    expect(kinds([group('A'), group('B'), group('C'), group('D', true)])).toEqual(['A', '1:B', '1:C', 'min:D']);
    expect(kinds([group('A'), group('B', true)])).toEqual(['A', 'min:B']);
  });
  it('skips empty groups and leaves a trailing group alone', () => {
    expect(kinds([group('A'), group('X', false, 0), group('B'), group('C'), group('D'), group('E')])).toEqual(['A', '1:B', '2:C+D', '1:E']);
  });
  it('shows nothing without sponsors', () => expect(layoutSponsors([])).toEqual({ first: null, rows: [] }));
});
