import { isLocale, type Locale } from '../common/i18n/locales';

/**
 * The language a visitor chose with the switch, kept on the device: the home page in another
 * language offers it in one line (never a redirect: the address alone decides a page's language).
 */
const KEY = 'festa:idioma';

export function rememberLocale(locale: Locale): void {
  try {
    localStorage.setItem(KEY, locale);
  } catch {
    // Storage refused (private mode, full): the choice is simply not remembered.
  }
}

export function rememberedLocale(): Locale | null {
  try {
    const value = localStorage.getItem(KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}
