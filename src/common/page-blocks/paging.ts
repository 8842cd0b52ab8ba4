/** Carousel paging arithmetic (spec section 4, "Carousels"). */

export function pageCount(items: number, perPage: number): number {
  return Math.max(1, Math.ceil(items / Math.max(1, perPage)));
}

/** The page after an arrow click: the left arrow floors at 0, the right one stops at the last page. */
export function nextPage(page: number, direction: -1 | 1, items: number, perPage: number): number {
  return Math.min(Math.max(0, page + direction), pageCount(items, perPage) - 1);
}

export function arrows(page: number, items: number, perPage: number): { left: boolean; right: boolean } {
  if (items === 0) return { left: false, right: false };
  return { left: page > 0, right: page < pageCount(items, perPage) - 1 };
}

/** Items per page of each carousel, by window width (spec section 9). */
export const perPage = {
  news: (width: number) => (width < 600 ? 1 : 3),
  films: (width: number) => (width < 600 ? 1 : 3),
  programme: (width: number) => (width > 988 ? 4 : 1),
};

/** Below this window width a page is a compact stack (a phone): the spec's one card per page is one event per screen. */
export const STACK_BELOW_PX = 600;

/** Rows of a compact page on a phone: a screenful of sessions or films (the CSS lays out as many). */
export const STACK_ROWS = { programme: 8, films: 6 } as const;

/**
 * Items per page as shown: the spec's numbers, except on a phone, where a page stacks a
 * screenful of compact rows instead of one card.
 */
export const shownPerPage = {
  programme: (width: number) => (width < STACK_BELOW_PX ? STACK_ROWS.programme : perPage.programme(width)),
  films: (width: number) => (width < STACK_BELOW_PX ? STACK_ROWS.films : perPage.films(width)),
};

/** The page index of a 1-based `?pagina=` value; 0 when absent or not a page number. */
export function pageFromParam(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n - 1 : 0;
}
