/**
 * A message of src/common/ said by whoever shows it: with the page's i18n (its language), or, where
 * no i18n is given (the back office, the printed programme, the server's own pt-PT words), in its
 * pt-PT source text (source-i18n.ts).
 */
import { withValues } from '../i18n/i18n';
import type { I18n, MessageDescriptor } from '../i18n/i18n';
import { sourceI18n } from '../i18n/source-i18n';

type Values = Record<string, string | number | undefined>;

/** The descriptor in the page's language, or its pt-PT source text without an i18n. */
export function say(descriptor: MessageDescriptor, values: Values = {}, i18n: I18n = sourceI18n()): string {
  return i18n._(withValues(descriptor, values));
}
