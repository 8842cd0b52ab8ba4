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
    if (path === null) return;
    let current = true;
    readAt(endpoint, path).then(
      (data) => {
        if (!current) return;
        setData({ path, data });
        setError(undefined);
      },
      (e: unknown) => current && setError({ path, message: e instanceof GestaoApiError ? e.message : unread }),
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
