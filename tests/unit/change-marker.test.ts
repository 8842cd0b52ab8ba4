/** The public marker's words for a moved, delayed or cancelled session. */
import { describe, expect, it } from 'vitest';
import { changeMarkers, statusMarker } from '../../src/common/programme/change-marker';

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
});
