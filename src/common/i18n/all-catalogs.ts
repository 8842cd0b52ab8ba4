/**
 * Every language's catalogs, imported whole: for the server's own words (its error pages, the
 * manifests, a form's refusal), never for the browser, which loads only its page's language
 * (i18n.ts). Each language's two catalogs merged as the browser merges them.
 */
import type { Messages } from '@lingui/core';
import { createI18n, type I18n } from './i18n';
import type { Locale } from './locales';
import { messages as en } from './catalogs/en';
import { messages as it } from './catalogs/it';
import { messages as ptPT } from './catalogs/pt-PT';
import { messages as pagesEn } from './catalogs/pages/en';
import { messages as pagesIt } from './catalogs/pages/it';
import { messages as pagesPtPT } from './catalogs/pages/pt-PT';

export const ALL_MESSAGES: Record<Locale, Messages> = {
  'pt-PT': { ...ptPT, ...pagesPtPT },
  en: { ...en, ...pagesEn },
  it: { ...it, ...pagesIt },
};

/** A new instance in a language, with all its words. */
export const i18nIn = (locale: Locale): I18n => createI18n(locale, ALL_MESSAGES[locale]);

const made = new Map<Locale, I18n>();

/**
 * Each language's instance, made once and shared by the server's answers that only read words (a
 * feed, a calendar, a form's answer, a notification, an error page): an instance that nothing
 * activates in another language or loads other messages into, so two answers in two languages at
 * once never meet. A page's render makes its own (i18nIn).
 */
export const wordsIn = (locale: Locale): I18n => made.get(locale) ?? made.set(locale, i18nIn(locale)).get(locale)!;
