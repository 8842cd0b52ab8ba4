/**
 * The installed app's manifest, one per language: pt-PT is built into dist/client/manifest.webmanifest
 * (vite.config.ts), English and Italian are answered at /en/manifest.webmanifest and
 * /it/manifest.webmanifest (server/render/pages.ts), each page linking its own. The app installed
 * from an English page starts in English (`start_url`); the app's identity (`id`) is one.
 */
import { FESTIVAL_NAME } from '../constants';
import type { I18n } from '../i18n/i18n';
import { localizedPath, type Locale } from '../i18n/locales';

const WORDS = {
  description: /*i18n*/ {
    id: 'manifest.description',
    message: 'Programação, filmes e sessões da Festa do Cinema Italiano — também sem rede.',
  },
  wideScreenshot: /*i18n*/ { id: 'manifest.screenshot.wide', message: 'Programação por cidade e dia' },
  narrowScreenshot: /*i18n*/ { id: 'manifest.screenshot.narrow', message: 'A agenda no telemóvel' },
  programme: /*i18n*/ { id: 'manifest.shortcut.programme', message: 'Programação' },
  films: /*i18n*/ { id: 'manifest.shortcut.films', message: 'Filmes' },
  agenda: /*i18n*/ { id: 'manifest.shortcut.agenda', message: 'A minha agenda' },
  agendaShort: /*i18n*/ { id: 'manifest.shortcut.agenda.short', message: 'Agenda' },
};

const ICON_192 = [{ src: '/icons/icon-192.png', sizes: '192x192' }];

export function webManifest(locale: Locale, i18n: I18n) {
  const at = (path: string) => localizedPath(path, locale);
  return {
    id: '/',
    name: FESTIVAL_NAME,
    short_name: 'Festa Cinema',
    description: i18n._(WORDS.description),
    lang: locale,
    dir: 'ltr' as const,
    start_url: at('/'),
    scope: '/',
    display: 'standalone' as const,
    orientation: 'any' as const,
    theme_color: '#ed162c',
    background_color: '#111111',
    categories: ['entertainment', 'events'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    screenshots: [
      {
        src: '/screenshots/programacao-wide.png',
        sizes: '1280x720',
        type: 'image/png',
        form_factor: 'wide' as const,
        label: i18n._(WORDS.wideScreenshot),
      },
      {
        src: '/screenshots/programacao-narrow.png',
        sizes: '390x844',
        type: 'image/png',
        form_factor: 'narrow' as const,
        label: i18n._(WORDS.narrowScreenshot),
      },
    ],
    shortcuts: [
      { name: i18n._(WORDS.programme), short_name: i18n._(WORDS.programme), url: at('/programacao'), icons: ICON_192 },
      { name: i18n._(WORDS.films), short_name: i18n._(WORDS.films), url: at('/filmes'), icons: ICON_192 },
      { name: i18n._(WORDS.agenda), short_name: i18n._(WORDS.agendaShort), url: at('/agenda'), icons: ICON_192 },
    ],
  };
}

/** Where a page in a language finds its manifest. */
export const manifestPath = (locale: Locale) => localizedPath('/manifest.webmanifest', locale);
