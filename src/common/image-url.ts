/** Where the API's image paths live unless homeprefs says otherwise. */
export const DEFAULT_IMAGE_BASE = '/media/';

/** An image path of the API as a URL: absolute and rooted paths as they are, the rest under the image base. */
export function imageUrl(base: string, path: string): string {
  return !path || /^(https?:)?\/\//.test(path) || path.startsWith('/') ? path : `${base}${path}`;
}
