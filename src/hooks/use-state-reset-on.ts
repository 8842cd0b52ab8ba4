import { useCallback, useState, type Dispatch, type SetStateAction } from 'react';

const sameKeys = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

/**
 * State that goes back to `initial` whenever one of `keys` changes (a new list resets a carousel
 * to its first page). It resets during render, as React recommends, not in an effect.
 */
export function useStateResetOn<T>(initial: T, keys: readonly unknown[]): [T, Dispatch<SetStateAction<T>>] {
  const [state, setState] = useState({ value: initial, keys });
  let current = state;
  if (!sameKeys(state.keys, keys)) {
    current = { value: initial, keys };
    setState(current);
  }
  const set = useCallback<Dispatch<SetStateAction<T>>>(
    (action) => setState((s) => ({ keys: s.keys, value: typeof action === 'function' ? (action as (prev: T) => T)(s.value) : action })),
    [],
  );
  return [current.value, set];
}
