import { useCallback } from 'react';
import type { FormKind } from '../common/schemas';
import type { SubmitResult } from '../data/submit';

/**
 * Sends a form through the outbox (see src/data/submit.ts). The outbox and its database load when
 * the visitor sends, not with the page: a page with a form paints as fast as one without.
 */
export function useFormSubmit(kind: FormKind): (values: Record<string, unknown>) => Promise<SubmitResult> {
  return useCallback(async (values: Record<string, unknown>) => (await import('../data/submit')).submitForm(kind, values), [kind]);
}
