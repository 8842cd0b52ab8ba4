/**
 * The three catalogs (src/common/i18n/catalogs/<locale>.po, compiled beside them): every message of
 * the code in each language, pt-PT exactly as the code writes it, and a translation that keeps its
 * source's placeholders and tags. That the catalogs hold every message of the code, and are
 * compiled from their PO files, is `npm run lint`'s check (scripts/i18n-catalog.ts check).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import PO from 'pofile';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/common/i18n/locales';
import { testI18n } from '../../support/i18n';

const DIR = join(import.meta.dirname, '../../../src/common/i18n/catalogs');
/** A language's messages, from its two PO files (the entry's words and the rest). */
const po = (locale: string) =>
  [`${locale}.po`, `pages/${locale}.po`].flatMap((file) => PO.parse(readFileSync(join(DIR, file), 'utf8')).items);
const EXPLICIT = 'js-lingui-explicit-id';

/** A message's placeholders ({name}, {count, plural, …}'s variable) and tags (<0>, </0>), sorted. */
const slots = (text: string) =>
  [...new Set([...text.matchAll(/\{\s*(\w+)\s*[,}]|<\/?\d+\/?>/g)].map((match) => match[1] ?? match[0]))].sort();

/**
 * Values the code passes for one language's grammar, which a translation may choose by and the
 * source does not: Italian's article before a venue (al, allo, all') follows how its name begins.
 */
const GRAMMAR_VALUES: Record<string, string[]> = { 'change.movedVenue': ['initial'] };

describe('the catalogs', () => {
  const source = po('pt-PT');

  it('hold the same messages in the three languages', () => {
    expect(source.length).toBeGreaterThan(0);
    for (const locale of ['en', 'it'])
      expect(
        po(locale)
          .map((item) => item.msgid)
          .sort(),
        locale,
      ).toEqual(source.map((item) => item.msgid).sort());
  });

  it('leave no message untranslated in English or Italian', () => {
    for (const locale of ['en', 'it']) {
      const missing = po(locale).filter((item) => !item.msgstr.some((text) => text.trim() !== ''));
      expect(
        missing.map((item) => item.msgid),
        locale,
      ).toEqual([]);
    }
  });

  it('keep pt-PT as the code writes it: the source text is the pt-PT message', () => {
    for (const item of source.filter((item) => !item.extractedComments.includes(EXPLICIT))) {
      expect(item.msgstr[0] || item.msgid, item.msgid).toBe(item.msgid);
    }
  });

  it("keep each source's placeholders and tags in a translation", () => {
    const sourceText = new Map(source.map((item) => [item.msgid, item.msgstr[0] || item.msgid]));
    for (const locale of ['en', 'it']) {
      for (const item of po(locale)) {
        const translated = slots(item.msgstr[0] ?? '').filter((slot) => !GRAMMAR_VALUES[item.msgid]?.includes(slot));
        expect(translated, `${locale}: ${item.msgid}`).toEqual(slots(sourceText.get(item.msgid)!));
      }
    }
  });

  it('are compiled: each language says its own words', () => {
    const words = Object.fromEntries(LOCALES.map((locale) => [locale, testI18n(locale)._(generateMessageId('Saltar para o conteúdo'))]));
    expect(words).toEqual({ 'pt-PT': 'Saltar para o conteúdo', en: 'Skip to content', it: 'Vai al contenuto' });
  });
});
