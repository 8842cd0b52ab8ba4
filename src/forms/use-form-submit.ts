import { useLingui } from '@lingui/react/macro';
import type { FormikConfig, FormikErrors, FormikHelpers } from 'formik';
import type { AnyObjectSchema } from 'yup';
import { useCallback, useEffect, useState } from 'react';
import type { FormKind } from '../common/forms/form-schemas';
import { whenIdle } from '../data/lazy-data';
import type { SubmitResult } from '../data/submit';
import { useFormBoot } from './form-boot';
import { useQueuedDelivery } from './use-queued-delivery';

const loadSubmit = () => import('../data/submit');

/**
 * Sends a form through the outbox (see src/data/submit.ts). The outbox and its database are not
 * part of the page's first load: they are fetched once the browser is idle after the form appears,
 * so a visitor who loses signal while typing still has them when sending.
 */
function useSend(kind: FormKind): (values: Record<string, unknown>) => Promise<SubmitResult> {
  const { t, i18n } = useLingui();
  useEffect(() => {
    void whenIdle()
      .then(loadSubmit)
      .catch(() => undefined);
  }, []);
  return useCallback(
    async (values: Record<string, unknown>): Promise<SubmitResult> => {
      const submit = await loadSubmit().catch(() => null);
      // Only possible when the page was opened and the signal lost before anything was kept.
      if (!submit)
        return {
          ok: false,
          message: t`Sem ligação: o envio ainda não pôde ser preparado neste dispositivo. Tente de novo quando tiver ligação.`,
          fields: {},
        };
      return submit.submitForm(kind, values, i18n);
    },
    [kind, t, i18n],
  );
}

interface FormSubmitOptions<V> {
  validationSchema: AnyObjectSchema;
  /** The body posted, when it is not the values as typed (a number chosen in a select). */
  toSend?: (values: V) => Record<string, unknown>;
}

/**
 * What every form does with its post: starts from what a post without JavaScript came to (or
 * empty), sends through the outbox, clears the form once the post is stored or kept for later,
 * follows a kept post until it went, and shows the server's messages of a refused one beside its
 * fields. A form spreads `formik` on its <Formik> and shows `status` and `failure` under it.
 */
export function useFormSubmit<V extends object>(kind: FormKind, empty: V, options: FormSubmitOptions<V>) {
  const send = useSend(kind);
  const boot = useFormBoot(kind, empty);
  /** The line under the form: the success message (a kept post's line comes from `queued`). */
  const [status, setStatus] = useState(boot.success);
  const [failure, setFailure] = useState(boot.failure);
  /** The last post was stored: before hydration (the page answering it), or while the visitor waited. */
  const [sent, setSent] = useState(boot.sent);
  /** A post kept for later: the line follows it until it went, or says why it was refused. */
  const queued = useQueuedDelivery();
  const { toSend, validationSchema } = options;

  const onSubmit = async (values: V, { resetForm, setErrors }: FormikHelpers<V>) => {
    setStatus('');
    setFailure('');
    setSent(false);
    queued.follow(null);
    const result = await send(toSend ? toSend(values) : Object.fromEntries(Object.entries(values)));
    if (result.ok) {
      resetForm({ values: empty, errors: {}, touched: {} });
      if (result.queued) queued.follow(result.id, result.message);
      else {
        setStatus(result.message);
        setSent(true);
      }
      return;
    }
    setErrors(result.fields as FormikErrors<V>);
    setFailure(result.message);
  };

  return {
    formik: {
      initialValues: boot.initialValues,
      initialErrors: boot.initialErrors,
      initialTouched: boot.initialTouched,
      validationSchema,
      onSubmit,
    } satisfies FormikConfig<V>,
    sent,
    status: queued.status || status,
    failure: queued.failure || failure,
  };
}
