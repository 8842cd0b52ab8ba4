/**
 * One Lingui instance per page: per request on the server, per page load in the browser, never the
 * library's global one (two requests in two languages render at once). Each language's compiled
 * catalog is its own chunk, loaded only for that language.
 */
import { setupI18n, type I18n, type MessageDescriptor, type Messages } from '@lingui/core';
import type { Locale } from './locales';

type Catalog = () => Promise<{ messages: Messages }>;

/**
 * Each language's two catalogs (lingui.config.ts): the words of the modules every page runs before
 * hydrating, loaded with the entry, and the rest (the pages' words, what loads later), a chunk of
 * its own fetched beside the page's chunk.
 */
const CATALOGS: Record<Locale, [entry: Catalog, pages: Catalog]> = {
  'pt-PT': [() => import('./catalogs/pt-PT'), () => import('./catalogs/pages/pt-PT')],
  en: [() => import('./catalogs/en'), () => import('./catalogs/pages/en')],
  it: [() => import('./catalogs/it'), () => import('./catalogs/pages/it')],
};

export async function loadMessages(locale: Locale): Promise<Messages> {
  const [entry, pages] = await Promise.all(CATALOGS[locale].map((load) => load()));
  return { ...entry!.messages, ...pages!.messages };
}

export function createI18n(locale: Locale, messages: Messages): I18n {
  return setupI18n({ locale, messages: { [locale]: messages } });
}

export type { I18n, MessageDescriptor } from '@lingui/core';

/**
 * A descriptor with the values of its placeholders, as `i18n._()` takes them (inside the descriptor).
 * Written as a call, not as `i18n._({ ...descriptor, values })`: Lingui's extractor cannot read a spread there.
 */
export const withValues = (descriptor: MessageDescriptor, values: NonNullable<MessageDescriptor['values']>): MessageDescriptor => ({
  ...descriptor,
  values,
});
