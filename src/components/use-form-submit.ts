import { useCallback } from 'react';
import type { FormKind } from '../common/schemas';
import { submitForm, type SubmitResult } from '../data/submit';

/** Sends a form through the outbox (see src/data/submit.ts). */
export function useFormSubmit(kind: FormKind): (values: Record<string, unknown>) => Promise<SubmitResult> {
  return useCallback((values: Record<string, unknown>) => submitForm(kind, values), [kind]);
}
