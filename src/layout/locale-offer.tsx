import { useLocation } from 'react-router-dom';
import { DEFAULT_LOCALE, LOCALE_NAMES, LOCALES, localizedPath, type Locale } from '../common/i18n/locales';
import { useHydrated } from '../hooks/use-hydrated';
import { useLocale } from '../hooks/use-locale';
import { rememberedLocale, rememberLocale } from './remembered-locale';

/** The visitor's language other than pt-PT: the one chosen with the switch before, else the browser's first of English and Italian if it ranks above Portuguese. */
function wantedLocale(): Locale | null {
  const remembered = rememberedLocale();
  if (remembered) return remembered === DEFAULT_LOCALE ? null : remembered;
  for (const tag of navigator.languages ?? []) {
    const language = tag.toLowerCase().split('-')[0];
    if (language === 'pt') return null;
    const locale = LOCALES.find((candidate) => candidate !== DEFAULT_LOCALE && candidate === language);
    if (locale) return locale;
  }
  return null;
}

/**
 * On the pt-PT home page, one line offering the site in the language the visitor chose before or
 * their browser asks for, in that language: never a redirect (the address alone decides a page's
 * language, for search engines and shared links alike). After hydration only: the server knows
 * neither the choice nor the browser's languages.
 */
export function LocaleOffer() {
  const hydrated = useHydrated();
  const locale = useLocale();
  const { pathname } = useLocation();
  const wanted = hydrated && locale === DEFAULT_LOCALE && pathname === '/' ? wantedLocale() : null;
  if (!wanted) return null;
  return (
    <p className="locale-offer" lang={wanted}>
      <a href={localizedPath('/', wanted)} hrefLang={wanted} onClick={() => rememberLocale(wanted)}>
        {LOCALE_NAMES[wanted].offer} →
      </a>
    </p>
  );
}
