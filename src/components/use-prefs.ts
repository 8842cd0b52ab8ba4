import type { HomePrefs } from '../common/api-types';
import { apiRequest, endpoints } from '../common/api/endpoint-refs';
import { DEFAULT_IMAGE_BASE, imageUrl } from '../common/image-url';
import { useRequests } from '../data/use-api';

/** The start-up preferences (homeprefs); undefined only before the first answer. */
export function usePrefs(): HomePrefs | undefined {
  return useRequests({ prefs: apiRequest(endpoints.homeprefs, {}) }).prefs.data;
}

/** An image path of the API as a URL, prefixed with the image base. */
export function useImageUrl(): (path: string) => string {
  const base = usePrefs()?.imageBase ?? DEFAULT_IMAGE_BASE;
  return (path: string) => imageUrl(base, path);
}
