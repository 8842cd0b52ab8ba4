import { useLingui } from '@lingui/react';
import type { Locale } from '../common/i18n/locales';

/** The page's language: the one its address gave the Lingui instance above the app. */
export const useLocale = (): Locale => useLingui().i18n.locale as Locale;
