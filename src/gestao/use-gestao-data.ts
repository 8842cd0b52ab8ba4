/** A read of the back office's API for a screen: the answer, the pt-PT error, and a reload after a write. */
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import { gestaoPath, type AnswerOf, type GestaoEndpoint } from '../common/gestao/api/gestao-endpoints';
import { GestaoApiError, readAt, type ArgsOf } from './api';

export interface GestaoData<T> {
  data: T | undefined;
  error: string | undefined;
  reload: () => void;
}

/**
 * The screens' reads under way. "Terminar sessão" calls them off and starts no more until the next
 * login: a read the server took after the logout would be answered 401 (noise in the console) and
 * open a session for an unknown visitor, whose cookie replaces the one the login form's security
 * code belongs to. The logout then waits for them to end before it reads that code.
 */
const underWay = new Map<Promise<unknown>, AbortController>();
let held = false;

/** Calls off the screens' reads under way and holds new ones until `resumeScreenReads`; resolves once all have ended. */
export async function holdScreenReads(): Promise<void> {
  held = true;
  for (const controller of underWay.values()) controller.abort();
  while (underWay.size > 0) await Promise.allSettled([...underWay.keys()]);
}

export function resumeScreenReads(): void {
  held = false;
}

/** Reads a GET endpoint of the table with its input; `null` for the input reads nothing (yet). */
export function useGestaoData<E extends GestaoEndpoint & { readonly method: 'GET' }>(
  endpoint: E,
  ...[input]: ArgsOf<E> | [null]
): GestaoData<AnswerOf<E>> {
  const path = input === null ? null : gestaoPath(endpoint, input);
  // Kept with the address it answers: one screen reused for another type (Notícias → Salas) never
  // shows the previous list while the new one is on its way.
  const [answer, setData] = useState<{ path: string; data: AnswerOf<E> } | undefined>(undefined);
  const [failure, setError] = useState<{ path: string; message: string } | undefined>(undefined);
  const [round, setRound] = useState(0);
  const { t } = useLingui();
  const unread = t`Não foi possível ler os dados.`;
  useEffect(() => {
    if (path === null || held) return;
    let current = true;
    const controller = new AbortController();
    const read = readAt(endpoint, path, undefined, controller.signal);
    underWay.set(read, controller);
    void read.finally(() => underWay.delete(read)).catch(() => undefined);
    read.then(
      (data) => {
        if (!current) return;
        setData({ path, data });
        setError(undefined);
      },
      (e: unknown) =>
        current && !controller.signal.aborted && setError({ path, message: e instanceof GestaoApiError ? e.message : unread }),
    );
    return () => {
      current = false;
    };
  }, [endpoint, path, round, unread]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  const data = answer?.path === path ? answer.data : undefined;
  const error = failure?.path === path ? failure.message : undefined;
  return { data, error, reload };
}
