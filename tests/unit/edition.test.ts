/** The edition markers of the seed, replaced at import (server/content/edition.ts). */
import { describe, expect, it } from 'vitest';
import { dateRange, editionFor, expandEdition, expandMarkers } from '../../server/content/edition';

const edition = editionFor(2008, '2026-04-02', 9);

describe('an edition from FESTIVAL_START', () => {
  it('counts its number from the founding year and ends after its days', () => {
    expect(edition).toEqual({ year: 2026, number: 19, start: '2026-04-02', end: '2026-04-10' });
    expect(editionFor(2008, '2008-03-30', 9).number).toBe(1);
  });

  it('writes date ranges in pt-PT, the year once, and twice across a new year', () => {
    expect(dateRange('2026-04-02', '2026-04-10', true)).toBe('2 a 10 de abril de 2026');
    expect(dateRange('2026-03-30', '2026-04-07', true)).toBe('30 de março a 7 de abril de 2026');
    expect(dateRange('2026-03-30', '2026-04-07', false)).toBe('30 de março a 7 de abril');
    expect(dateRange('2026-12-28', '2027-01-05', false)).toBe('28 de dezembro de 2026 a 5 de janeiro de 2027');
  });
});

describe('markers', () => {
  const expand = (text: string) => {
    const problems: string[] = [];
    return { text: expandMarkers(text, edition, 'teste', problems), problems };
  };

  it('replace years, edition numbers, dates and months', () => {
    expect(expand('A {{edition}}.ª Festa ({{edition-1}}.ª em {{year-1}}) decorre de {{dates}}.').text).toBe(
      'A 19.ª Festa (18.ª em 2025) decorre de 2 a 10 de abril de 2026.',
    );
    expect(expand('De {{days}}, até {{end}}; bilhetes a partir de {{date-29}}; estreia em {{month+40}}; {{ year + 1 }}').text).toBe(
      'De 2 a 10 de abril, até 10 de abril; bilhetes a partir de 4 de março; estreia em maio; 2027',
    );
  });

  it('report an unknown or broken marker instead of showing it', () => {
    expect(expand('{{ano}}').problems).toEqual(['teste: marcador desconhecido {{ano}}']);
    expect(expand('{{dates+1}}').problems).toHaveLength(1);
    expect(expand('em {{year').problems).toHaveLength(1);
    expect(expand('sem marcadores, 2008').problems).toEqual([]);
  });

  it('reach every string of the content, numbers and other values untouched', () => {
    const problems: string[] = [];
    const content = { films: [{ year: '{{year-1}}', durationMin: 98, keywords: 'Drama, Itália, {{year}}', videoId: null }] };
    expect(expandEdition(content, edition, 'seed', problems)).toEqual({
      films: [{ year: '2025', durationMin: 98, keywords: 'Drama, Itália, 2026', videoId: null }],
    });
    expandEdition({ news: [{ title: '{{x}}' }] }, edition, 'seed', problems);
    expect(problems).toEqual(['seed.news[0].title: marcador desconhecido {{x}}']);
  });
});
