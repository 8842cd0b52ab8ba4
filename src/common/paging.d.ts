/** Carousel paging arithmetic (spec section 4, "Carousels"). */
export declare function pageCount(items: number, perPage: number): number;
/** The page after an arrow click: the left arrow floors at 0, the right one stops at the last page. */
export declare function nextPage(page: number, direction: -1 | 1, items: number, perPage: number): number;
export declare function arrows(page: number, items: number, perPage: number): {
    left: boolean;
    right: boolean;
};
/** Items per page of each carousel, by window width (spec section 9). */
export declare const perPage: {
    news: (width: number) => 1 | 3;
    films: (width: number) => 1 | 3;
    programme: (width: number) => 1 | 4;
};
