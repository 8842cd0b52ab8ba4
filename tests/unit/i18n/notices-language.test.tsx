// @vitest-environment jsdom
/**
 * The app's own notices and lines in English and Italian: a count agrees with its number, a time is
 * Lisbon's ("enviado às 20:05"), a sentence with a link keeps it, and pt-PT stays as the spec writes it.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InLocale, testI18n } from '../../support/i18n';
import type { Session } from '../../../src/common/api/api-types';
import { heldMessage, QUEUED_MESSAGE, waitingMessage } from '../../../src/data/queued-message';
import { sessionLine } from '../../../src/detail/sessions-list';
import { deliveryLine } from '../../../src/forms/use-queued-delivery';
import { LoadError } from '../../../src/primitives/list-state';
import { NotFound } from '../../../src/primitives/not-found';
import { pendingLine } from '../../../src/pwa/outbox-status';

afterEach(() => {
  cleanup();
});

// 20:05 in Lisbon (winter: UTC).
const until = Date.parse('2026-11-22T20:05:00Z');

describe('the outbox lines', () => {
  it('count in English and Italian, with the time the server asked to wait for', () => {
    expect(pendingLine(1, undefined, testI18n('en'))).toBe("1 submission saved: it will be sent when you're back online.");
    expect(pendingLine(3, until, testI18n('en'))).toBe('3 submissions saved: the server asked us to wait, so they will be sent at 20:05.');
    expect(pendingLine(1, until, testI18n('it'))).toBe('1 invio in attesa: il server ha chiesto di aspettare, partirà alle 20:05.');
    expect(pendingLine(2, undefined, testI18n('it'))).toBe('2 invii in attesa: partiranno appena tornerà la connessione.');
  });

  it("say when a form's post went, or when it will", () => {
    expect(deliveryLine({ state: 'sent', sentAt: until, message: '' }, testI18n('en'))).toBe('Sent at 20:05.');
    expect(deliveryLine({ state: 'sent', sentAt: until, message: 'Obrigado!' }, testI18n('it'))).toBe('Inviato alle 20:05. Obrigado!');
    expect(deliveryLine({ state: 'waiting', heldUntil: until }, testI18n('it'))).toBe(heldMessage(until, testI18n('it')));
    expect(heldMessage(until, testI18n('en'))).toBe('The server asked us to wait: saved, it will be sent at 20:05.');
    expect(waitingMessage(0, until, testI18n('en'))).toBe("You're offline: saved, it will be sent when you're back online.");
  });

  it('stay as the spec writes them on a pt-PT page, with or without its i18n', () => {
    expect(deliveryLine({ state: 'waiting' }, testI18n('pt-PT'))).toBe(QUEUED_MESSAGE);
    expect(pendingLine(2, until, testI18n('pt-PT'))).toBe(pendingLine(2, until));
    expect(pendingLine(2, until)).toBe('2 envios guardados: o servidor pediu para aguardar, serão enviados às 20:05.');
  });
});

describe('a session line', () => {
  const session = { city_name: 'Lisboa', dd: '05', mm: '04', hhmm: '21:30', venue_name: 'Cinema São Jorge' } as Session;
  it('writes the month as each language writes it in a date', () => {
    expect(sessionLine(session)).toBe('Lisboa | 5 Abril | 21:30 | Cinema São Jorge');
    expect(sessionLine(session, 'en')).toBe('Lisboa | 5 April | 21:30 | Cinema São Jorge');
    expect(sessionLine(session, 'it')).toBe('Lisboa | 5 aprile | 21:30 | Cinema São Jorge');
  });
});

describe('the failure and 404 lines', () => {
  it('say there is no connection in Italian, with the way to the saved programme', () => {
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      render(
        <InLocale locale="it">
          <MemoryRouter>
            <p>
              <LoadError />
            </p>
          </MemoryRouter>
        </InLocale>,
      );
      expect(
        screen.getByText('Sei offline: questa pagina non è ancora stata salvata su questo dispositivo.', { exact: false }),
      ).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Vedi il programma salvato' })).toBeTruthy();
    } finally {
      offline.mockRestore();
    }
  });

  it('say a page was not found in English', () => {
    render(
      <InLocale locale="en">
        <MemoryRouter>
          <NotFound />
        </MemoryRouter>
      </InLocale>,
    );
    expect(screen.getByRole('heading', { name: 'Page not found.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toBeTruthy();
  });
});
