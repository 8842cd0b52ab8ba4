/** A component rendered in a test speaks a language, as in the app: the compiled catalog's own messages. */
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { createI18n } from '../../src/common/i18n/i18n';
import type { Locale } from '../../src/common/i18n/locales';
import { messages as en } from '../../src/common/i18n/catalogs/en';
import { messages as it } from '../../src/common/i18n/catalogs/it';
import { messages as ptPT } from '../../src/common/i18n/catalogs/pt-PT';
import { messages as pagesEn } from '../../src/common/i18n/catalogs/pages/en';
import { messages as pagesIt } from '../../src/common/i18n/catalogs/pages/it';
import { messages as pagesPtPT } from '../../src/common/i18n/catalogs/pages/pt-PT';

/** Each language's two catalogs, the entry's words and the rest, as the app merges them (src/common/i18n/i18n.ts). */
export const CATALOGS = { 'pt-PT': { ...ptPT, ...pagesPtPT }, en: { ...en, ...pagesEn }, it: { ...it, ...pagesIt } };

export const testI18n = (locale: Locale = 'pt-PT') => createI18n(locale, CATALOGS[locale]);

export function InLocale({ locale = 'pt-PT', children }: { locale?: Locale; children: ReactNode }) {
  return <I18nProvider i18n={testI18n(locale)}>{children}</I18nProvider>;
}
