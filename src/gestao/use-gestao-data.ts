/** A read of the back office's API for a screen: the answer, the pt-PT error, and a reload after a write. */
import { useCallback, useEffect, useState } from 'react';
import { api, GestaoApiError } from './api';

export interface GestaoData<T> {
  data: T | undefined;
  error: string | undefined;
  reload: () => void;
}

export function useGestaoData<T>(path: string | null): GestaoData<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (path === null) return;
    let current = true;
    api<T>('GET', path).then(
      (answer) => {
        if (!current) return;
        setData(answer);
        setError(undefined);
      },
      (e: unknown) => current && setError(e instanceof GestaoApiError ? e.message : 'Não foi possível ler os dados.'),
    );
    return () => {
      current = false;
    };
  }, [path, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { data, error, reload };
}
