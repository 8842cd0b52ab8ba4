/** Film list rules (spec sections 4 and 5): filtering by film or section, A-Z sorting. */
import { type Scope } from './constants';
interface Filterable {
    id: string;
    title: string;
    name: string;
}
export declare function filterFilms<T extends Filterable>(films: T[], options: {
    scope: Scope;
    filmId: string;
    section: string;
}): T[];
/** Parallel events by section; the default label means no filter. */
export declare function filterBySection<T extends Filterable>(items: T[], section: string): T[];
/** A-Z order 1 sorts by title ascending (pt-PT collation); 0 keeps the given order. */
export declare function sortAz<T extends {
    title: string;
}>(items: T[], az: 0 | 1): T[];
export {};
