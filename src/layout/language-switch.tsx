import { useLingui } from '@lingui/react/macro';
import { useLocation } from 'react-router-dom';
import { LOCALE_NAMES, LOCALES, localizedPath, type Locale } from '../common/i18n/locales';
import { rememberLocale } from './remembered-locale';
import './language-switch.css';

/**
 * PT · EN · IT on every page: each leads to this same page in that language (its address with the
 * other prefix, query kept). A full page load, not a client navigation: another language is another
 * app root (router basename, catalog), and the service worker serves it offline as any page.
 */
export function LanguageSwitch() {
  const { t, i18n } = useLingui();
  const { pathname, search, hash } = useLocation();
  const current = i18n.locale as Locale;
  return (
    <nav className="language-switch" aria-label={t`Idioma`}>
      <ul>
        {LOCALES.map((locale) => (
          <li key={locale}>
            <a
              href={localizedPath(`${pathname}${search}${hash}`, locale)}
              hrefLang={locale}
              lang={locale}
              aria-label={LOCALE_NAMES[locale].name}
              aria-current={locale === current ? 'true' : undefined}
              onClick={() => rememberLocale(locale)}
            >
              {LOCALE_NAMES[locale].short}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
