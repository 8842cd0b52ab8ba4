// @vitest-environment jsdom
/** The archive's tabs and a news item's date speak the page's language; pt-PT stays as the spec writes it. */
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { NewsItem } from '../../../src/common/api/api-types';
import type { Locale } from '../../../src/common/i18n/locales';
import { HistoryTabs } from '../../../src/screens/history/history-tabs';
import { newsDate } from '../../../src/screens/news/news-page';
import { InLocale } from '../../support/i18n';

afterEach(cleanup);

const tabs = (locale: Locale) => {
  render(
    <InLocale locale={locale}>
      <MemoryRouter>
        <HistoryTabs edition="2015" selected="premios" idBase="h" panelId="p" label="x" />
      </MemoryRouter>
    </InLocale>,
  );
  return screen.getAllByRole('tab').map((tab) => [tab.textContent, tab.getAttribute('href')]);
};

describe('the archive’s tabs', () => {
  it('read in pt-PT as the spec writes them', () => {
    expect(tabs('pt-PT').map(([text]) => text)).toEqual(['Programação', 'Convidados', 'Prémios', 'Números', 'Patrocinadores']);
  });

  it('read in English and Italian, the addresses unchanged', () => {
    expect(tabs('en')).toEqual([
      ['Programme', '/historico/2015/programacao'],
      ['Guests', '/historico/2015/convidados'],
      ['Awards', '/historico/2015/premios'],
      ['Figures', '/historico/2015/numeros'],
      ['Sponsors', '/historico/2015/patrocinadores'],
    ]);
    cleanup();
    expect(tabs('it').map(([text]) => text)).toEqual(['Programma', 'Ospiti', 'Premi', 'Numeri', 'Sponsor']);
  });
});

describe('a news item’s date', () => {
  const news = { pretty_date: '2 Abril 2026', dd: '2', mm: '4', yy: '2026' } as NewsItem;
  it('is the API’s own in pt-PT, and written in English and Italian from its day, month and year', () => {
    expect(newsDate(news, 'pt-PT')).toBe('2 Abril 2026');
    expect(newsDate(news, 'en')).toBe('2 April 2026');
    expect(newsDate(news, 'it')).toBe('2 aprile 2026');
  });
});
