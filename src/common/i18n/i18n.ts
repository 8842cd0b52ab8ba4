/**
 * One Lingui instance per page: per request on the server, per page load in the browser, never the
 * library's global one (two requests in two languages render at once). Each language's compiled
 * catalog is its own chunk, loaded only for that language.
 */
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import type { Locale } from './locales';

type Catalog = () => Promise<{ messages: Messages }>;

/**
 * Each language's two catalogs (lingui.config.ts): the frame's words, which every page needs with the
 * entry, and the screens' words, a chunk of its own fetched beside the page's chunk.
 */
const CATALOGS: Record<Locale, [frame: Catalog, screens: Catalog]> = {
  'pt-PT': [() => import('./catalogs/pt-PT'), () => import('./catalogs/screens/pt-PT')],
  en: [() => import('./catalogs/en'), () => import('./catalogs/screens/en')],
  it: [() => import('./catalogs/it'), () => import('./catalogs/screens/it')],
};

export async function loadMessages(locale: Locale): Promise<Messages> {
  const [frame, screens] = await Promise.all(CATALOGS[locale].map((load) => load()));
  return { ...frame!.messages, ...screens!.messages };
}

export function createI18n(locale: Locale, messages: Messages): I18n {
  return setupI18n({ locale, messages: { [locale]: messages } });
}

export type { I18n, MessageDescriptor } from '@lingui/core';
