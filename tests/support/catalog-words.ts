/**
 * What a page in a language says for a pt-PT text, read from the catalogs: a story or a test names
 * the words as the spec (and the code) write them in pt-PT, and checks the translation the catalog
 * holds, whoever wrote it and however it is worded. A text with no message in the catalogs is an error.
 */
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import PO from 'pofile';
import { createI18n } from '../../src/common/i18n/i18n';
import type { Locale } from '../../src/common/i18n/locales';
import { CATALOGS } from './i18n';
const EXPLICIT = 'js-lingui-explicit-id';
const source = ['pt-PT.po', 'pages/pt-PT.po'].flatMap(
  (file) => PO.parse(readFileSync(join(import.meta.dirname, '../../src/common/i18n/catalogs', file), 'utf8')).items,
);

/** The message id of a pt-PT text: the explicit id of a descriptor, or the hash of a macro's text. */
function idOf(text: string): string {
  const item = source.find((entry) => (entry.extractedComments.includes(EXPLICIT) ? entry.msgstr[0] : entry.msgid) === text);
  if (!item) throw new Error(`No message in the catalogs says "${text}" in pt-PT`);
  return item.extractedComments.includes(EXPLICIT) ? item.msgid : generateMessageId(item.msgid);
}

/** `say('Programação')` on an English page: "Programme". Values fill the message's placeholders. */
export function wordsIn(locale: Exclude<Locale, 'pt-PT'>) {
  const i18n = createI18n(locale, CATALOGS[locale]);
  return (text: string, values?: Record<string, unknown>): string => {
    return i18n._(idOf(text), values);
  };
}
