/** The selected scope ('festa' or 'distrib'): kept in a cookie so the server renders / for it. */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { DEFAULT_SCOPE, SCOPES, type Scope } from './common/constants';

export const SCOPE_COOKIE = 'escopo';

export function scopeFromCookie(cookieHeader: string | undefined): Scope {
  const match = /(?:^|;\s*)escopo=([a-z]+)/.exec(cookieHeader ?? '');
  const value = match?.[1] as Scope | undefined;
  return value && SCOPES.includes(value) ? value : DEFAULT_SCOPE;
}

interface ScopeState {
  scope: Scope;
  setScope: (scope: Scope) => void;
}

const ScopeContext = createContext<ScopeState>({ scope: DEFAULT_SCOPE, setScope: () => {} });

export function ScopeProvider({ initial, children }: { initial: Scope; children: ReactNode }) {
  const [scope, setState] = useState<Scope>(initial);
  const setScope = useCallback((next: Scope) => {
    setState(next);
    document.cookie = `${SCOPE_COOKIE}=${next}; path=/; max-age=31536000; samesite=lax`;
  }, []);
  const value = useMemo(() => ({ scope, setScope }), [scope, setScope]);
  return <ScopeContext.Provider value={value}>{children}</ScopeContext.Provider>;
}

export function useScope(): ScopeState {
  return useContext(ScopeContext);
}
