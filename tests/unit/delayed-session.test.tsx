/**
 * A delayed session says so once where visitors look: the badge ("Atrasada"), the desk's reason and
 * the time it was at ("Era às 18:00"), never also "Sessão atrasada" and "Mudou: era às".
 * Rendered as the server sends it (the marker's clock is the device's only once mounted).
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../src/common/i18n/locales';
import { SessionChange } from '../../src/primitives/session/session-change';
import { SessionStatus } from '../../src/primitives/session/session-status';
import { InLocale } from '../support/i18n';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function rendered(status: string, note: string, locale: Locale = 'pt-PT') {
  const session = {
    starts_at: '2026-11-28T19:15',
    venue_name: 'Cinema São Jorge',
    status,
    planned: { starts_at: '2026-11-28T18:45', venue_name: 'Cinema São Jorge' },
  };
  return text(
    renderToString(
      <InLocale locale={locale}>
        <SessionStatus status={status} note={note} />
        <SessionChange session={session} />
      </InLocale>,
    ),
  );
}

describe('a delayed session', () => {
  it('says it once: the badge, the reason and the time it was at', () => {
    expect(rendered('delayed', 'convidado atrasado')).toBe('Atrasada convidado atrasado Era às 18:45');
    expect(rendered('delayed', '')).toBe('Atrasada Era às 18:45');
    expect(rendered('delayed', 'guest running late', 'en')).toBe('Delayed guest running late Originally at 18:45');
  });

  it('leaves the other statuses their sentence, and a time changed without a delay its marker', () => {
    expect(rendered('cancelled', 'cópia não chegou')).toBe('Cancelada Sessão cancelada: cópia não chegou Mudou: era às 18:45');
    expect(rendered('', '')).toBe('Mudou: era às 18:45');
  });
});
