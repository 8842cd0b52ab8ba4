/**
 * A message of src/common/ said by whoever shows it: with the page's i18n (its language), or, for a
 * caller with no page (the back office, the printed programme, the server's own words, the tests),
 * with the pt-PT instance that caller's entry provided (src/common/i18n/source-i18n.ts). The public
 * app never provides one: every page passes its own, and the message compiler that the pt-PT
 * instance needs stays out of the app's entry.
 */
import { withValues } from '../i18n/i18n';
import type { I18n, MessageDescriptor } from '../i18n/i18n';

type Values = Record<string, string | number | undefined>;

let pageless: (() => I18n) | undefined;

/** Called once by an entry without pages (source-i18n.ts): what `say` uses when no i18n is given. */
export function providePagelessI18n(make: () => I18n): void {
  pageless = make;
}

/** The instance for a caller with no page; an error in the public app, whose pages always pass theirs. */
export function pagelessI18n(): I18n {
  if (!pageless) throw new Error('Sem i18n: uma página passa o seu; sem página, importe src/common/i18n/source-i18n.ts');
  return pageless();
}

/** The descriptor in the page's language, or in pt-PT for a caller with no page. */
export function say(descriptor: MessageDescriptor, values: Values = {}, i18n: I18n = pagelessI18n()): string {
  return i18n._(withValues(descriptor, values));
}
