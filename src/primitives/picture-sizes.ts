/**
 * The sizes of the pictures at the top of pages, shared by the components that show them and the
 * routes that preload them (route-kit's lcpImage), so both ask for the same file.
 */
export const DETAIL_POSTER = { width: 1280, height: 720 } as const;
export const CAROUSEL_PICTURE = { width: 1600, height: 700 } as const;
