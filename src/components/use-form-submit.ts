/**
 * Sends a form with an idempotency key that survives retries: sending the same values again
 * after a failure (a lost connection, say) reuses the key, so the server can never store the
 * request twice; other values, or a new request after a success, get a new key.
 */
import { useCallback, useRef } from 'react';
import type { FormKind } from '../common/schemas';
import { newIdempotencyKey, submitForm, type SubmitResult } from '../data/submit';

export function useFormSubmit(kind: FormKind): (values: object) => Promise<SubmitResult> {
  const pending = useRef<{ key: string; body: string } | null>(null);
  return useCallback(
    async (values: object) => {
      const body = JSON.stringify(values);
      const key = pending.current?.body === body ? pending.current.key : newIdempotencyKey();
      pending.current = { key, body };
      const result = await submitForm(kind, values, key);
      if (result.ok) pending.current = null;
      return result;
    },
    [kind],
  );
}
