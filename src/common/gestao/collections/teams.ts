/**
 * The teams the collections give their fields to. Administração may change every field of every
 * type besides these (roles.ts), so no list names it.
 */
import type { Role } from './staff-roles';

/** Programação: the schedule (sessions, places, sections, runtimes, the edition's dates). */
export const SCHEDULE: readonly Role[] = ['programacao'];
/** What visitors read about a work or a place: Edição and Programação. */
export const TEXTS: readonly Role[] = ['edicao', 'programacao'];
/** Edição: the news, sponsors, posters and banners, pages, menus, the history. */
export const EDITION: readonly Role[] = ['edicao'];
/** The site's identity (name, colour, social links, contact addresses): Administração's alone. */
export const ADMIN_ONLY: readonly Role[] = [];
/** Imprensa: the press items. */
export const PRESS: readonly Role[] = ['imprensa'];
