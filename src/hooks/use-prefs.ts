import type { HomePrefs } from '../common/api/api-types';
import { apiRequest, endpoints } from '../common/api/endpoint-refs';
import { imageBaseOf, imageUrl } from '../common/images/image-url';
import { useRequests } from '../data/use-api';

/** The start-up preferences (homeprefs); undefined only before the first answer. */
export function usePrefs(): HomePrefs | undefined {
  return useRequests({ prefs: apiRequest(endpoints.homeprefs, {}) }).prefs.data;
}

/** The image base of the start-up preferences (the default until they arrive). */
export function useImageBase(): string {
  return imageBaseOf(usePrefs());
}

/** An image path of the API as a URL, prefixed with the image base. */
export function useImageUrl(): (path: string) => string {
  const base = useImageBase();
  return (path: string) => imageUrl(base, path);
}
