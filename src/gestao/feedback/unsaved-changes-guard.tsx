/**
 * Leaving a form with changes not saved asks first: a link of the back office opens a dialog
 * ("Sair sem guardar?"), a reload or a closed tab the browser's own question. A record form also
 * keeps what is typed after each pause (record-form.tsx's KeepTyped), but the last words before a
 * slip of the finger would not be: leaving should be a choice.
 *
 * One guard for the whole back office (a router takes one blocker), told by each form whether it
 * holds changes: a film's page has its own form and one per session.
 */
import { Trans } from '@lingui/react/macro';
import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router-dom';

type Report = (form: string, dirty: boolean) => void;
const UnsavedForms = createContext<Report>(() => undefined);

/** Tells the guard whether this form holds changes not saved (and that it holds none once gone). */
export function ReportUnsaved({ dirty }: { dirty: boolean }) {
  const report = useContext(UnsavedForms);
  const form = useId();
  useEffect(() => {
    report(form, dirty);
    return () => report(form, false);
  }, [report, form, dirty]);
  return null;
}

export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const [unsaved, setUnsaved] = useState<ReadonlySet<string>>(new Set());
  const report = useCallback<Report>(
    (form, dirty) =>
      setUnsaved((before) => {
        if (dirty === before.has(form)) return before;
        const after = new Set(before);
        if (dirty) after.add(form);
        else after.delete(form);
        return after;
      }),
    [],
  );
  const dirty = unsaved.size > 0;
  // Another place of the app, not the same one with another query (a list's filter) or hash; nor a
  // new record's own address, where its form goes once its first save is stored (`created`).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname && (nextLocation.state as { created?: boolean } | null)?.created !== true,
  );
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  useEffect(() => {
    if (blocker.state === 'blocked' && !dialog.current?.open) dialog.current?.showModal();
    if (blocker.state !== 'blocked' && dialog.current?.open) dialog.current.close();
  }, [blocker.state]);

  const stay = () => blocker.state === 'blocked' && blocker.reset();
  return (
    <UnsavedForms.Provider value={report}>
      {children}
      <dialog ref={dialog} className="gestao-dialog" aria-labelledby="sair-titulo" aria-describedby="sair-texto" onCancel={stay}>
        <h2 id="sair-titulo">
          <Trans>Sair sem guardar?</Trans>
        </h2>
        <p id="sair-texto">
          <Trans>As alterações a este formulário ainda não foram guardadas.</Trans>
        </p>
        <div className="gestao-actions">
          <button type="button" onClick={stay} autoFocus>
            <Trans>Ficar no formulário</Trans>
          </button>
          <button type="button" className="gestao-secondary" onClick={() => blocker.state === 'blocked' && blocker.proceed()}>
            <Trans>Sair sem guardar</Trans>
          </button>
        </div>
      </dialog>
    </UnsavedForms.Provider>
  );
}
