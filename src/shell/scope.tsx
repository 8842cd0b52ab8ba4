/** The selected scope ('festa' or 'distrib'): kept in a cookie so the server renders / for it. */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { DEFAULT_SCOPE, SCOPES, type Scope } from '../common/constants';

const SCOPE_COOKIE = 'escopo';

export function scopeFromCookie(cookieHeader: string | undefined): Scope {
  const match = /(?:^|;\s*)escopo=([a-z]+)/.exec(cookieHeader ?? '');
  const value = match?.[1] as Scope | undefined;
  return value && SCOPES.includes(value) ? value : DEFAULT_SCOPE;
}

/** The cookie as written in the browser: a year, whole site, SameSite=Lax, and Secure over HTTPS. */
export function scopeCookie(scope: Scope, https: boolean): string {
  return `${SCOPE_COOKIE}=${scope}; Path=/; Max-Age=31536000; SameSite=Lax${https ? '; Secure' : ''}`;
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
    document.cookie = scopeCookie(next, location.protocol === 'https:');
  }, []);
  const value = useMemo(() => ({ scope, setScope }), [scope, setScope]);
  return <ScopeContext.Provider value={value}>{children}</ScopeContext.Provider>;
}

export function useScope(): ScopeState {
  return useContext(ScopeContext);
}
