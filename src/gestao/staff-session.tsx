/**
 * Who is working: the staff session as the server knows it (GET /gestao/api/session), with its
 * CSRF token. Every screen reads the role from here to grey what it may not change.
 */
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { SessionAnswer, StaffUser } from '../common/gestao/api/answers';
import { gestaoEndpoints } from '../common/gestao/api/gestao-endpoints';
import { api, setCsrfToken } from './api';
import { forgetBrowserCopies } from './typed-drafts';
import { holdScreenReads, resumeScreenReads } from './use-gestao-data';

export type { StaffUser };

interface StaffSession {
  /** undefined while the first answer is awaited. */
  user: StaffUser | null | undefined;
  /** The app shows only the enrolment of a second factor (server/gestao/auth/enrolment.ts). */
  enrolmentRequired: boolean;
  /** The account's two-step login is on (A minha conta says so rather than offer it). */
  totpEnabled: boolean;
  refresh: () => Promise<StaffUser | null>;
  logout: () => Promise<void>;
  /** From "Terminar sessão" until the next login: the server has let go of what the session held (its record leases). */
  isLeaving: () => boolean;
}

const SessionContext = createContext<StaffSession | null>(null);

export function StaffSessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<StaffUser | null | undefined>(undefined);
  const [enrolmentRequired, setEnrolmentRequired] = useState(false);
  const [totpEnabled, setTotpEnabled] = useState(false);
  const take = useCallback((answer: SessionAnswer) => {
    setCsrfToken(answer.csrfToken);
    setEnrolmentRequired(answer.enrolmentRequired);
    setTotpEnabled(answer.totpEnabled === true);
    setUser(answer.user);
  }, []);
  const refresh = useCallback(async () => {
    const answer = await api(gestaoEndpoints.staffSession);
    take(answer);
    return answer.user;
  }, [take]);
  const leaving = useRef(false);
  useEffect(() => {
    if (user) leaving.current = false;
  }, [user]);
  const isLeaving = useCallback(() => leaving.current, []);
  const logout = useCallback(async () => {
    leaving.current = true;
    // The reads under way are called off at once, and the logout sent without waiting for them;
    // the session's new security code is read once they have all ended (use-gestao-data.ts).
    const readsEnded = holdScreenReads();
    try {
      await api(gestaoEndpoints.logout);
      await forgetBrowserCopies();
      await readsEnded;
      await refresh();
    } finally {
      resumeScreenReads();
    }
  }, [refresh]);
  useEffect(() => {
    let current = true;
    api(gestaoEndpoints.staffSession).then(
      (answer) => {
        if (current) take(answer);
      },
      () => current && setUser(null),
    );
    return () => {
      current = false;
    };
  }, [take]);
  return (
    <SessionContext.Provider value={{ user, enrolmentRequired, totpEnabled, refresh, logout, isLeaving }}>
      {children}
    </SessionContext.Provider>
  );
}

export function useStaffSession(): StaffSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useStaffSession outside StaffSessionProvider');
  return session;
}

/** The logged-in user; only rendered under the app's login gate. */
export function useStaff(): StaffUser {
  const { user } = useStaffSession();
  if (!user) throw new Error('useStaff without a logged-in user');
  return user;
}
