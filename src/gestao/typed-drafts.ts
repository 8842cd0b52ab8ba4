/**
 * What an editor typed and has not saved yet, kept in this browser (localStorage, per record): a
 * reload, a closed tab or a dropped connection loses nothing. Forgotten once the server has it.
 */
const PREFIX = 'gestao:por-guardar:';

export const autosaveKey = (type: string, id: string | undefined) => `${PREFIX}${type}/${id ?? 'novo'}`;

export function keepTyped(key: string, values: Record<string, unknown>): void {
  try {
    localStorage.setItem(key, JSON.stringify(values));
  } catch {
    // A full or refused storage only loses the safety copy; the form itself still holds the values.
  }
}

export function typedBefore(key: string): Record<string, string | number> | undefined {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as Record<string, string | number>) : undefined;
  } catch {
    return undefined;
  }
}

export function forgetTyped(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing kept, nothing to forget.
  }
}
