/** The browser's names of languages in each page language, made once (building one is not cheap). */
const namers = new Map<string, Intl.DisplayNames | null>();

function namerFor(locale: string): Intl.DisplayNames | null {
  if (!namers.has(locale)) {
    try {
      namers.set(locale, new Intl.DisplayNames([locale], { type: 'language' }));
    } catch {
      namers.set(locale, null);
    }
  }
  return namers.get(locale) ?? null;
}

/** A language's name in the page's language ("italiano", "Italian"), from the browser's own data (Intl). */
export const languageName = (code: string, locale: string): string => namerFor(locale)?.of(code) ?? code;
