/** Film list rules (spec sections 4 and 5): filtering by film or section, A-Z sorting. */
import { DEFAULT_ACTIVITY_SECTION_NAME, DEFAULT_SECTION_NAME, type Scope } from '../constants';
import { foldText } from '../text/plain-text';

interface Filterable {
  id: string;
  title: string;
  name: string;
}

export function filterFilms<T extends Filterable>(films: T[], options: { scope: Scope; filmId: string; section: string }): T[] {
  if (options.filmId !== '0') return films.filter((f) => f.id === options.filmId);
  if (options.scope === 'festa' && options.section !== DEFAULT_SECTION_NAME) {
    const wanted = foldText(options.section);
    return films.filter((f) => foldText(f.name) === wanted);
  }
  return films;
}

/** Parallel events by section; the default label means no filter. */
export function filterBySection<T extends Filterable>(items: T[], section: string): T[] {
  if (section === DEFAULT_ACTIVITY_SECTION_NAME || section === DEFAULT_SECTION_NAME) return items;
  const wanted = foldText(section);
  return items.filter((i) => foldText(i.name) === wanted);
}

/** A-Z order 1 sorts by title ascending (pt-PT collation); 0 keeps the given order. */
export function sortAz<T extends { title: string }>(items: T[], az: 0 | 1): T[] {
  if (az === 0) return items;
  return [...items].sort((a, b) => a.title.localeCompare(b.title, 'pt-PT', { sensitivity: 'base' }));
}

/**
 * The name a section of a URL stands for among the known names: section names match without case
 * or accents (/filmes/competicao is the section "Competição"), as the server matches them. A name
 * that matches none is kept as given.
 */
export function canonicalSection(section: string, names: readonly string[]): string {
  if (names.includes(section)) return section;
  const wanted = foldText(section);
  return names.find((name) => foldText(name) === wanted) ?? section;
}
