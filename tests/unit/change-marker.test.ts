/** The public marker's words for a moved, delayed or cancelled session, in pt-PT, English and Italian. */
import { describe, expect, it } from 'vitest';
import { changeMarkers, MOVED_DAY, MOVED_TIME, MOVED_VENUE, statusMarker } from '../../src/common/programme/change-marker';
import { changeStatus, RESTORED } from '../../src/common/programme/programme-change-words';
import { say } from '../../src/common/programme/message-text';
import { withValues } from '../../src/common/i18n/i18n';
import { STATUS_LABEL_MESSAGES, STATUS_SENTENCE_MESSAGES, statusSentence, WITH_REASON } from '../../src/common/programme/session-status';
import { FILM_DURATION, FILM_LANGUAGE, FILM_SUBTITLES } from '../../src/common/films/film-facts';
import type { ProgrammeChange } from '../../src/common/programme/programme-change';
import { testI18n } from '../support/i18n';

const now = { starts_at: '2026-11-28T19:15', venue_name: 'Cinema São Jorge' };

describe('the change marker', () => {
  it('names the time first published, the day too when it changed, and the venue it was in', () => {
    expect(changeMarkers({ ...now, planned: { starts_at: '2026-11-28T18:00', venue_name: 'Cinema São Jorge' } })).toEqual([
      'Mudou: era às 18:00',
    ]);
    expect(changeMarkers({ ...now, planned: { starts_at: '2026-11-27T18:00', venue_name: 'Cinema São Jorge' } })).toEqual([
      'Mudou: era sexta 27 às 18:00',
    ]);
    expect(changeMarkers({ ...now, planned: { starts_at: '2026-11-28T19:15', venue_name: 'Cinema Ideal' } })).toEqual([
      'Mudou de sala: era no Cinema Ideal',
    ]);
    expect(changeMarkers({ ...now, planned: { starts_at: '2026-11-28T18:00', venue_name: 'Cinema Ideal' } })).toEqual([
      'Mudou: era às 18:00',
      'Mudou de sala: era no Cinema Ideal',
    ]);
  });

  it('beside a delayed session’s badge, says the time it was at, not again that it changed', () => {
    const delayed = { ...now, status: 'delayed', planned: { starts_at: '2026-11-28T18:00', venue_name: 'Cinema São Jorge' } };
    expect(changeMarkers(delayed)).toEqual(['Era às 18:00']);
    expect(changeMarkers(delayed, testI18n('en'))).toEqual(['Originally at 18:00']);
    expect(changeMarkers(delayed, testI18n('it'))).toEqual(['Inizialmente alle 18:00']);
    // Put off to another day, it says the day it was on.
    expect(changeMarkers({ ...delayed, planned: { ...delayed.planned, starts_at: '2026-11-27T23:50' } })).toEqual([
      'Mudou: era sexta 27 às 23:50',
    ]);
  });

  it('says nothing of a session where and when it was planned', () => {
    expect(changeMarkers(now)).toEqual([]);
    expect(changeMarkers({ ...now, planned: { ...now } })).toEqual([]);
  });

  it('says a status with its reason, the word alone without one', () => {
    expect(statusMarker('cancelled', 'cópia não chegou')).toBe('Cancelada: cópia não chegou');
    expect(statusMarker('delayed', ' 20 minutos ')).toBe('Atrasada: 20 minutos');
    expect(statusMarker('moved', '')).toBe('Mudou de sala');
    expect(statusMarker('', '')).toBe('');
    expect(statusMarker('unknown', 'x')).toBe('');
  });

  it("agrees with the venue's gender: era no Cinema São Jorge, era na Cinemateca", () => {
    const from = (venue_name: string, venue_gender?: 'm' | 'f') => ({
      ...now,
      venue_name: 'Cinema Ideal',
      planned: { starts_at: now.starts_at, venue_name, venue_gender },
    });
    expect(changeMarkers(from('Cinemateca Portuguesa', 'f'))).toEqual(['Mudou de sala: era na Cinemateca Portuguesa']);
    expect(changeMarkers(from('Cinema São Jorge', 'm'))).toEqual(['Mudou de sala: era no Cinema São Jorge']);
    // An answer kept from before venues had a gender: masculine, as the marker always said.
    expect(changeMarkers(from('Cinema São Jorge'))).toEqual(['Mudou de sala: era no Cinema São Jorge']);
    // The page's catalog says the same as the source text.
    expect(changeMarkers(from('Cinemateca Portuguesa', 'f'), testI18n('pt-PT'))).toEqual(['Mudou de sala: era na Cinemateca Portuguesa']);
    expect(changeMarkers(from('Cinema São Jorge', 'm'), testI18n('pt-PT'))).toEqual(['Mudou de sala: era no Cinema São Jorge']);
  });

  it('speaks English and Italian, with Italian articles that agree too', () => {
    const en = testI18n('en');
    const it_ = testI18n('it');
    const moved = (venue_name: string, venue_gender: 'm' | 'f') => ({
      ...now,
      venue_name: 'Cinema Ideal',
      planned: { starts_at: '2026-11-27T18:00', venue_name, venue_gender },
    });
    expect(changeMarkers(moved('Cinemateca Portuguesa', 'f'), en)).toEqual([
      'Moved: was Friday 27 at 18:00',
      'Moved: was at Cinemateca Portuguesa',
    ]);
    expect(changeMarkers(moved('Cinemateca Portuguesa', 'f'), it_)).toEqual([
      'Spostata: era venerdì 27 alle 18:00',
      'Cambio di sala: era alla Cinemateca Portuguesa',
    ]);
    expect(changeMarkers(moved('Cinema São Jorge', 'm'), it_)[1]).toBe('Cambio di sala: era al Cinema São Jorge');
    // The Italian article before a vowel and an "impure" s: elided, and "allo".
    expect(changeMarkers(moved('Instituto Italiano de Cultura', 'm'), it_)[1]).toBe(
      'Cambio di sala: era all’Instituto Italiano de Cultura',
    );
    expect(changeMarkers(moved('Aula Magna', 'f'), it_)[1]).toBe('Cambio di sala: era all’Aula Magna');
    expect(changeMarkers(moved('Studio 2', 'm'), it_)[1]).toBe('Cambio di sala: era allo Studio 2');
    expect(changeMarkers(moved('Sala Manoel de Oliveira', 'f'), it_)[1]).toBe('Cambio di sala: era alla Sala Manoel de Oliveira');
    // pt-PT and English read only the gender.
    expect(changeMarkers(moved('Instituto Italiano de Cultura', 'm'), testI18n('pt-PT'))[1]).toBe(
      'Mudou de sala: era no Instituto Italiano de Cultura',
    );
    expect(changeMarkers({ ...now, planned: { starts_at: '2026-11-28T18:00', venue_name: now.venue_name } }, en)).toEqual([
      'Moved: was at 18:00',
    ]);
    expect(statusMarker('cancelled', 'cópia não chegou', en)).toBe('Cancelled: cópia não chegou');
    expect(statusSentence('sold_out', '', it_)).toBe('Proiezione esaurita');
    const restored = { kind: 'restored', now: { status: '', status_note: '' } } as unknown as ProgrammeChange;
    expect(changeStatus(restored, en)).toBe('Back as planned');
    expect(changeStatus(restored)).toBe('Reposta como planeada');
  });

  it('says without an i18n (back office, print, feed) exactly what the pt-PT catalog says', () => {
    const pt = testI18n('pt-PT');
    const cases = [
      [MOVED_TIME, { time: '18:00' }],
      [MOVED_DAY, { day: 'sexta 27', time: '18:00' }],
      [MOVED_VENUE, { gender: 'f', venue: 'Cinemateca' }],
      [MOVED_VENUE, { gender: 'm', venue: 'Cinema Ideal' }],
      [WITH_REASON, { status: 'Cancelada', reason: 'cópia não chegou' }],
      [RESTORED, {}],
      [FILM_DURATION, { minutes: 98 }],
      [FILM_LANGUAGE, { language: 'italiano' }],
      [FILM_SUBTITLES, { subtitles: 'português' }],
      ...Object.values(STATUS_LABEL_MESSAGES).map((d) => [d, {}] as const),
      ...Object.values(STATUS_SENTENCE_MESSAGES).map((d) => [d, {}] as const),
    ] as const;
    for (const [descriptor, values] of cases) expect(say(descriptor, values)).toBe(pt._(withValues(descriptor, values)));
    const plural = { id: 'probe.sessions', message: '{n, plural, =0 {nenhuma sessão} one {# sessão} other {# sessões}}' };
    expect([0, 1, 2].map((n) => say(plural, { n }))).toEqual(['nenhuma sessão', '1 sessão', '2 sessões']);
  });
});
