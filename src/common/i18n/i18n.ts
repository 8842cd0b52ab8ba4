/**
 * One Lingui instance per page: per request on the server, per page load in the browser, never the
 * library's global one (two requests in two languages render at once). Each language's compiled
 * catalog is its own chunk, loaded only for that language.
 */
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import type { Locale } from './locales';

const CATALOGS: Record<Locale, () => Promise<{ messages: Messages }>> = {
  'pt-PT': () => import('./catalogs/pt-PT'),
  en: () => import('./catalogs/en'),
  it: () => import('./catalogs/it'),
};

export const loadMessages = (locale: Locale): Promise<Messages> => CATALOGS[locale]().then((module) => module.messages);

export function createI18n(locale: Locale, messages: Messages): I18n {
  return setupI18n({ locale, messages: { [locale]: messages } });
}

export type { I18n, MessageDescriptor } from '@lingui/core';
