/**
 * Counts in words that agree with them, by pt-PT's plural rules ("1 envio guardado, será
 * enviado", "2 envios guardados, serão enviados", "0 envios"): Intl.PluralRules, never `n === 1`.
 */
const rules = new Intl.PluralRules('pt-PT');

interface PluralForms {
  /** The words for one, with {n} where the number goes. */
  one: string;
  /** The words for any other count, with {n}. */
  other: string;
}

export function plural(count: number, forms: PluralForms): string {
  const words = rules.select(count) === 'one' ? forms.one : forms.other;
  return words.replaceAll('{n}', String(count));
}
