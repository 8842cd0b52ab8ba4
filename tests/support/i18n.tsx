/** A component rendered in a test speaks a language, as in the app: the compiled catalog's own messages. */
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { createI18n } from '../../src/common/i18n/i18n';
import type { Locale } from '../../src/common/i18n/locales';
import { ALL_MESSAGES } from '../../src/common/i18n/all-catalogs';

export const CATALOGS = ALL_MESSAGES;

export const testI18n = (locale: Locale = 'pt-PT') => createI18n(locale, CATALOGS[locale]);

export function InLocale({ locale = 'pt-PT', children }: { locale?: Locale; children: ReactNode }) {
  return <I18nProvider i18n={testI18n(locale)}>{children}</I18nProvider>;
}
