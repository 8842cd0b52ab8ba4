/**
 * Results in view: an action's outcome is said where it happened (StatusLine), and when that place
 * is off the screen (a list's end, a form's top on a phone), a toast repeats it in the corner with a
 * way to go there. The toast leaves when its line scrolls into view, when it is closed, or when
 * the line goes; never on a timer, so nobody loses a message they were slow to read. Screen
 * readers already hear the line itself (a status or an alert), so the toast is not a live region.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode, type RefObject } from 'react';
import './toasts.css';

/** The outcome of an action, as a line (status-line.tsx) and a toast say it: it worked, or it did not. */
export interface Status {
  kind: 'ok' | 'error';
  text: string;
}

interface Toast {
  id: number;
  status: Status;
  /** The line it repeats. */
  line: HTMLElement;
  /** Where the focus was when it came (the button that acted), for when it is closed. */
  returnTo: Element | null;
}

interface Toasts {
  show: (status: Status, line: HTMLElement) => number;
  dismiss: (id: number) => void;
}

/** Outside the back office's frame (the login), there are no toasts: the line is the whole screen's. */
const ToastsContext = createContext<Toasts | null>(null);
/** Three at most: older results than that are history, not news. */
const MAX_TOASTS = 3;
let nextId = 1;

export function ToastsProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback((status: Status, line: HTMLElement) => {
    const id = nextId++;
    const returnTo = document.activeElement;
    setToasts((all) => [...all.filter((t) => t.line !== line), { id, status, line, returnTo }].slice(-MAX_TOASTS));
    return id;
  }, []);
  const value = useMemo(() => ({ show, dismiss }), [show, dismiss]);
  return (
    <ToastsContext.Provider value={value}>
      {children}
      {toasts.length > 0 && <ToastList toasts={toasts} onClose={dismiss} />}
    </ToastsContext.Provider>
  );
}

/** A landmark of its own (axe: all content in landmarks), beside the page's main. */
function ToastList({ toasts, onClose }: { toasts: readonly Toast[]; onClose: (id: number) => void }) {
  const { t } = useLingui();
  return (
    <aside className="gestao-toasts" aria-label={t`Resultados fora de vista`}>
      <ul>
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onClose={() => onClose(toast.id)} />
        ))}
      </ul>
    </aside>
  );
}

function ToastItem({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  const { t } = useLingui();
  const { status, line, returnTo } = toast;
  return (
    <li className={`gestao-toast gestao-toast--${status.kind}`}>
      <p>{status.text}</p>
      <button
        type="button"
        onClick={() => {
          // The focus goes with the eyes to the line, so that the next Tab continues from there.
          line.scrollIntoView({ block: 'center' });
          focusFirst([line]);
          onClose();
        }}
      >
        <Trans>Ir para a mensagem</Trans>
      </button>
      <button
        type="button"
        className="gestao-toast__close"
        aria-label={t`Fechar o aviso`}
        onClick={() => {
          // Back where it was before the toast came, or to the line: never lost on the page's body.
          focusFirst([returnTo, line]);
          onClose();
        }}
      >
        <X aria-hidden="true" size={16} />
      </button>
    </li>
  );
}

/**
 * Focuses the first of `candidates` that takes it: on the page, shown, enabled, not in a closed
 * dialog; whether one did (a button disabled while its action ran, or a folded panel, does not).
 */
function focusFirst(candidates: readonly (Element | null)[]): boolean {
  for (const candidate of candidates) {
    if (!(candidate instanceof HTMLElement) || candidate === document.body || !candidate.isConnected) continue;
    if (candidate.matches(':disabled') || candidate.closest('dialog:not([open]), [inert]') || candidate.checkVisibility?.() === false)
      continue;
    candidate.focus({ preventScroll: true });
    if (document.activeElement === candidate) return true;
  }
  return false;
}

/**
 * Raises a toast for `status` while its line (`ref`) is out of the viewport, and takes it down while
 * the line is in view: a list that grows above the line after an action (a new invitation) pushes it
 * off the screen after it appeared. It stops following the line once the person acts (a tap, a key,
 * a scroll) while the line is in view: it has been seen, and it never chases them down the page.
 */
const INPUTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

export function useToastWhenOutOfView(status: Status | undefined, ref: RefObject<HTMLElement | null>): void {
  const toasts = useContext(ToastsContext);
  // The words, not the object: a screen that builds its status again on each render is not news.
  const kind = status?.kind;
  const text = status?.text;
  useEffect(() => {
    const line = ref.current;
    if (!kind || text === undefined || !line || !toasts || typeof IntersectionObserver === 'undefined') return;
    let id: number | undefined;
    let inView = false;
    const hide = () => {
      if (id !== undefined) toasts.dismiss(id);
      id = undefined;
    };
    const observer = new IntersectionObserver(([entry]) => {
      inView = entry?.isIntersecting ?? false;
      if (inView) hide();
      else if (id === undefined) id = toasts.show({ kind, text }, line);
    });
    const stop = () => {
      observer.disconnect();
      for (const input of INPUTS) window.removeEventListener(input, seen, true);
    };
    const seen = () => {
      if (inView) stop();
    };
    observer.observe(line);
    for (const input of INPUTS) window.addEventListener(input, seen, { capture: true, passive: true });
    return () => {
      stop();
      hide();
    };
  }, [kind, text, ref, toasts]);
}
