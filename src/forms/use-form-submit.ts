import { useCallback, useEffect } from 'react';
import type { FormKind } from '../common/schemas';
import { whenIdle } from '../data/lazy-data';
import type { SubmitResult } from '../data/submit';

const loadSubmit = () => import('../data/submit');

export const SUBMIT_UNAVAILABLE =
  'Sem ligação: o envio ainda não pôde ser preparado neste dispositivo. Tente de novo quando tiver ligação.';

/**
 * Sends a form through the outbox (see src/data/submit.ts). The outbox and its database are not
 * part of the page's first load: they are fetched once the browser is idle after the form appears,
 * so a visitor who loses signal while typing still has them when sending.
 */
export function useFormSubmit(kind: FormKind): (values: Record<string, unknown>) => Promise<SubmitResult> {
  useEffect(() => {
    void whenIdle()
      .then(loadSubmit)
      .catch(() => undefined);
  }, []);
  return useCallback(
    async (values: Record<string, unknown>): Promise<SubmitResult> => {
      const submit = await loadSubmit().catch(() => null);
      // Only possible when the page was opened and the signal lost before anything was kept.
      if (!submit) return { ok: false, message: SUBMIT_UNAVAILABLE, fields: {} };
      return submit.submitForm(kind, values);
    },
    [kind],
  );
}
