/** Where the API's image paths live unless homeprefs says otherwise. */
export const DEFAULT_IMAGE_BASE = '/media/';

/** The image base the start-up preferences set, or the default (also before they have arrived). */
export const imageBaseOf = (prefs: { imageBase?: string } | undefined): string => prefs?.imageBase ?? DEFAULT_IMAGE_BASE;

/** An image path of the API as a URL: absolute and rooted paths as they are, the rest under the image base. */
export function imageUrl(base: string, path: string): string {
  return !path || /^(https?:)?\/\//.test(path) || path.startsWith('/') ? path : `${base}${path}`;
}
