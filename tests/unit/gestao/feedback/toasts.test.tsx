/**
 * A result said off the screen comes to a toast (src/gestao/feedback/toasts.tsx): raised when its
 * line appears out of view, gone when the line is seen, closed, or goes; none while the line is in
 * view. jsdom has no IntersectionObserver: this one reports what each story says the viewport holds.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastsProvider } from '../../../../src/gestao/feedback/toasts';
import { GestaoI18nProvider } from '../../../../src/gestao/gestao-i18n';
import { StatusLine, type Status } from '../../../../src/gestao/status-line';

/** The observers alive, each told by `report` whether its element is in view. */
const observers = new Set<{ report: (inView: boolean) => void }>();

class ViewportObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    const watched = {
      report: (inView: boolean) =>
        this.callback([{ isIntersecting: inView, target } as IntersectionObserverEntry], this as unknown as IntersectionObserver),
    };
    this.watched = watched;
    observers.add(watched);
  }
  private watched?: { report: (inView: boolean) => void };
  disconnect() {
    if (this.watched) observers.delete(this.watched);
  }
}

const report = (inView: boolean) => act(() => [...observers].forEach((o) => o.report(inView)));

/** The screen's setter, handed out once it has rendered. */
const screenState: { set?: (status: Status | undefined) => void } = {};
const setStatus = (status: Status | undefined) => screenState.set!(status);
function Screen() {
  const [status, set] = useState<Status | undefined>(undefined);
  useEffect(() => {
    screenState.set = set;
  }, [set]);
  return <StatusLine status={status} />;
}

const toasts = () => document.querySelectorAll('.gestao-toast');

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', ViewportObserver);
  render(
    <GestaoI18nProvider>
      <ToastsProvider>
        <Screen />
      </ToastsProvider>
    </GestaoI18nProvider>,
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  observers.clear();
});

describe('a result off the screen', () => {
  it('is repeated in a toast until its line is seen', () => {
    act(() => setStatus({ kind: 'ok', text: 'Importação aplicada ao rascunho.' }));
    report(false);
    expect(toasts()).toHaveLength(1);
    expect(toasts()[0]!.textContent).toContain('Importação aplicada ao rascunho.');
    // Not a second live region: the line itself is the status screen readers hear.
    expect(screen.getByRole('status').className).toContain('gestao-status');
    report(true);
    expect(toasts()).toHaveLength(0);
  });

  it('follows a line pushed off the screen after it appeared, until the person acts with it in view', () => {
    act(() => setStatus({ kind: 'ok', text: 'Convite enviado por e-mail.' }));
    report(true);
    expect(toasts()).toHaveLength(0);
    // The pending invitations grow above it: the line is pushed down, out of view.
    report(false);
    expect(toasts()).toHaveLength(1);
    report(true);
    expect(toasts()).toHaveLength(0);
    // Seen: a scroll away from it no longer raises it.
    fireEvent.wheel(window);
    report(false);
    expect(toasts()).toHaveLength(0);
    expect(observers.size).toBe(0);
  });

  it('is not repeated while its line is in view', () => {
    act(() => setStatus({ kind: 'error', text: 'Não foi possível reenviar o convite.' }));
    report(true);
    expect(toasts()).toHaveLength(0);
  });

  it('takes the reader to its line, or is closed, or goes with the line', () => {
    const scrolled = vi.fn();
    act(() => setStatus({ kind: 'error', text: 'Não foi possível retirar o convite.' }));
    report(false);
    expect(toasts()[0]!.className).toContain('gestao-toast--error');
    screen.getByRole('alert').scrollIntoView = scrolled;
    fireEvent.click(screen.getByRole('button', { name: 'Ir para a mensagem' }));
    expect(scrolled).toHaveBeenCalledOnce();
    expect(document.activeElement).toBe(screen.getByRole('alert'));
    expect(toasts()).toHaveLength(0);

    // Closed, it gives the focus back to where it was when it came (the button that acted).
    const acted = document.body.appendChild(document.createElement('button'));
    acted.focus();
    act(() => setStatus({ kind: 'ok', text: 'Convite retirado.' }));
    report(false);
    screen.getByRole('button', { name: 'Fechar o aviso' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'Fechar o aviso' }));
    expect(toasts()).toHaveLength(0);
    expect(document.activeElement).toBe(acted);

    // A button disabled while its action ran cannot take it back: the line does.
    acted.disabled = true;
    acted.focus();
    act(() => setStatus({ kind: 'ok', text: 'Convite reenviado de novo.' }));
    report(false);
    fireEvent.click(screen.getByRole('button', { name: 'Fechar o aviso' }));
    expect(document.activeElement).toBe(screen.getByRole('status'));
    acted.remove();

    act(() => setStatus({ kind: 'ok', text: 'Convite reenviado.' }));
    report(false);
    expect(toasts()).toHaveLength(1);
    act(() => setStatus(undefined));
    expect(toasts()).toHaveLength(0);
  });
});
