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
