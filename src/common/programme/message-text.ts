/**
 * A message of src/common/ said by whoever shows it: with the page's i18n (its language), or, where
 * no i18n is given (the back office, the printed programme, the server's own pt-PT words), in the
 * message's source text, pt-PT. The source text is formatted here, not by Lingui: in production
 * Lingui formats only compiled catalogs, and the pt-PT catalog is not loaded where these run
 * without a page. Enough of ICU for these messages: {name}, select, and plural with # and =N.
 */
import { withValues } from '../i18n/i18n';
import type { I18n, MessageDescriptor } from '../i18n/i18n';

type Values = Record<string, string | number | undefined>;

const ptRules = new Intl.PluralRules('pt-PT');

/** The descriptor in the page's language, or its pt-PT source text without an i18n. */
export function say(descriptor: MessageDescriptor, values: Values = {}, i18n?: I18n): string {
  return i18n ? i18n._(withValues(descriptor, values)) : sourceText(descriptor.message ?? descriptor.id, values);
}

/** The index of the brace that closes the one at `open`. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return text.length;
}

/** An ICU message's text with its values put in (pt-PT plural rules). */
export function sourceText(message: string, values: Values, hash?: string): string {
  let out = '';
  for (let i = 0; i < message.length; i++) {
    const char = message[i]!;
    if (char === '#' && hash !== undefined) out += hash;
    else if (char !== '{') out += char;
    else {
      const end = closing(message, i);
      out += argument(message.slice(i + 1, end), values);
      i = end;
    }
  }
  return out;
}

function argument(body: string, values: Values): string {
  const [name = '', type = '', ...rest] = body.split(',');
  const value = values[name.trim()];
  if (!type.trim()) return value === undefined ? '' : String(value);
  // The options: `key {text}` one after another.
  const source = rest.join(',');
  const options = new Map<string, string>();
  for (let i = 0; i < source.length;) {
    const open = source.indexOf('{', i);
    if (open < 0) break;
    const end = closing(source, open);
    options.set(source.slice(i, open).trim(), source.slice(open + 1, end));
    i = end + 1;
  }
  if (type.trim() === 'plural') {
    const count = Number(value);
    const chosen = options.get(`=${count}`) ?? options.get(ptRules.select(count)) ?? options.get('other') ?? '';
    return sourceText(chosen, values, String(count));
  }
  return sourceText(options.get(String(value)) ?? options.get('other') ?? '', values);
}
