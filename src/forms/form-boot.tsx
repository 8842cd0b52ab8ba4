/**
 * Forms that work before (and without) JavaScript. Each form is a real
 * `<form method="post" action="{its page}">`: posted before hydration, the server stores it and
 * renders the page again with a FormResult, which reaches the forms through this context (embedded
 * in the boot data, so hydration starts from the same state). Once hydrated, Formik takes over
 * with what was typed before hydration, and submits through the outbox as usual.
 */
import { useFormikContext, type FormikErrors, type FormikTouched } from 'formik';
import { useContext, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { IDEMPOTENCY_FIELD } from '../common/render-types';
import type { FormKind } from '../common/forms/form-schemas';
import { FormBootContext } from './form-boot-context';

/** A form's starting state: empty, or what its post without JavaScript came to. */
export function useFormBoot<V extends object>(kind: FormKind, empty: V) {
  const { result, path } = useContext(FormBootContext);
  const { pathname } = useLocation();
  const mine = result?.kind === kind && path === pathname ? result : undefined;
  return useMemo(() => {
    const names = Object.keys(empty) as (keyof V & string)[];
    const kept = mine && mine.status !== 'sent' ? mine : undefined;
    const initialValues = { ...empty };
    const initialErrors: Record<string, string> = {};
    for (const name of names) {
      const value = kept?.values?.[name];
      if (typeof value === 'string') (initialValues as Record<string, unknown>)[name] = value;
      const error = kept?.fields?.[name];
      if (error) initialErrors[name] = error;
    }
    const initialTouched = Object.fromEntries(Object.keys(initialErrors).map((name) => [name, true]));
    return {
      initialValues,
      initialErrors: initialErrors as FormikErrors<V>,
      initialTouched: initialTouched as FormikTouched<V>,
      sent: mine?.status === 'sent',
      /** The success message of a post that was stored. */
      success: mine?.status === 'sent' ? (mine.message ?? '') : '',
      /** The message of a post that failed for another reason than its fields. */
      failure: mine?.status === 'error' ? (mine.message ?? '') : '',
    };
  }, [empty, mine]);
}

const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/** The named fields of a form as they are now: what the visitor typed, or what the server wrote there. */
function formFieldValues(form: HTMLFormElement, names: Iterable<string>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of names) {
    const element = form.elements.namedItem(name);
    if (element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement) {
      values[name] = element.value;
    }
  }
  return values;
}

/**
 * Inside a Formik form: the hidden idempotency key and, once at hydration, the values typed
 * before it (read from the DOM) adopted as Formik's values, so no keystroke is lost. A form whose
 * code arrives after hydration replaces the server's form, which was left as sent: its values,
 * read just before (its FormData), come as `typedBefore` and are adopted the same way.
 */
export function FormBootFields({ typedBefore }: { typedBefore?: Readonly<Record<string, string>> }) {
  const { idempotencyKey } = useContext(FormBootContext);
  const { values, setValues } = useFormikContext<Record<string, unknown>>();
  const ref = useRef<HTMLInputElement>(null);
  const initial = useRef(values);
  const before = useRef(typedBefore);
  useIsomorphicLayoutEffect(() => {
    const form = ref.current?.form;
    if (!form) return;
    const start = initial.current;
    const typed: Record<string, string> = {};
    const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
    const now = before.current ?? formFieldValues(form, Object.keys(start));
    for (const name of Object.keys(start)) {
      const value = now[name];
      if (value !== undefined && value !== text(start[name])) typed[name] = value;
    }
    if (Object.keys(typed).length > 0) void setValues((current) => ({ ...current, ...typed }), false);
  }, [setValues]);
  return <input ref={ref} type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />;
}
