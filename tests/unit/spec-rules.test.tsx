// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { InLocale } from '../support/i18n';
import { apiRequest, endpoints } from '../../src/common/api/endpoint-refs';
import type { HomePrefs } from '../../src/common/api/api-types';
import { canonicalSection } from '../../src/common/films/film-filter';
import { historyPath } from '../../src/common/addresses/page-paths';
import { ListState, listPhase, LOAD_ERROR, OFFLINE_NOT_SAVED } from '../../src/primitives/list-state';
import { DataStore, type Entry } from '../../src/data/store';
import { DataStoreContext } from '../../src/data/use-api';
import { historyEdition, historyRoute, NO_EDITION, readHistoryAddress } from '../../src/screens/history/history-route';
import ProgrammeTextPage from '../../src/screens/programme-text/programme-text-page';
import { prefsRequest, type Read } from '../../src/routing/route-kit';

afterEach(() => {
  cleanup();
});

const entry = (over: Partial<Entry<unknown>>): Entry<unknown> => ({ status: 'ready', data: [], updatedAt: 1, fetching: false, ...over });

describe('section names in addresses', () => {
  const names = ['SECÇÕES', 'Competição', 'Secções Especiais', 'Documentários', 'Distribuição'];
  it('map to the listed name without case or accents', () => {
    expect(canonicalSection('competição', names)).toBe('Competição');
    expect(canonicalSection('Competicao', names)).toBe('Competição');
    expect(canonicalSection('SECCOES ESPECIAIS', names)).toBe('Secções Especiais');
    expect(canonicalSection('distribuicao', names)).toBe('Distribuição');
    expect(canonicalSection('Competição', names)).toBe('Competição');
  });
  it('keep a name that matches none', () => {
    expect(canonicalSection('Terror', names)).toBe('Terror');
  });
});

describe('history addresses', () => {
  it('read the edition and the tab in either order, with the defaults', () => {
    expect(readHistoryAddress('2015', undefined)).toEqual({ year: '2015', tab: 'programacao' });
    expect(readHistoryAddress('2015', 'premios')).toEqual({ year: '2015', tab: 'premios' });
    expect(readHistoryAddress('premios', undefined)).toEqual({ tab: 'premios' });
    expect(readHistoryAddress('premios', '2014')).toEqual({ year: '2014', tab: 'premios' });
    expect(readHistoryAddress('programacao', undefined)).toEqual({ tab: 'programacao' });
  });
  it('take {id} as the edition whenever it is a year, as the spec reads festival_history/{id}', () => {
    expect(readHistoryAddress('2025', '2024')).toEqual({ year: '2024', tab: 'programacao' });
    expect(readHistoryAddress('convidados', '2024')).toEqual({ year: '2024', tab: 'convidados' });
    expect(readHistoryAddress('historia', '2024')).toEqual({ year: '2024', tab: 'programacao' });
  });
  it('refuse an unknown tab or a segment that is not a year', () => {
    expect(readHistoryAddress('bilhetes', undefined)).toBeNull();
    expect(readHistoryAddress('2015', 'bilhetes')).toBeNull();
    expect(readHistoryAddress('premios', 'convidados')).toBeNull();
    expect(readHistoryAddress('premios', 'x2014')).toBeNull();
  });
  const reader =
    (answers: Record<string, unknown>): Read =>
    <T,>(request: { path: string } | null) =>
      (request ? answers[request.path] : undefined) as T | undefined;
  const prefsPath = prefsRequest.path;
  const editionPath = (edition: string) => apiRequest(endpoints.history, { edition }).path;
  const ctx = (page: string, id?: string) => ({
    params: { page, id },
    scope: 'festa' as const,
    query: new URLSearchParams(),
    locale: 'pt-PT' as const,
  });

  it('read the default edition from the preferences: the newest edition of the archive', () => {
    expect(historyEdition({ tab: 'premios' }, reader({}))).toBeNull();
    const prefs = { year: 2026, historyEditions: ['2025', '2024'] } as HomePrefs;
    expect(historyEdition({ tab: 'premios' }, reader({ [prefsPath]: prefs }))).toBe('2025');
    const empty = { year: 2026, historyEditions: [] as string[] } as HomePrefs;
    expect(historyEdition({ tab: 'premios' }, reader({ [prefsPath]: empty }))).toBe(NO_EDITION);
    expect(historyEdition(null, reader({}))).toBe(NO_EDITION);
  });

  it('make the route read the edition the address names, and a 404 subject for a bad address', () => {
    expect(historyRoute.data!(ctx('premios', '2014'), reader({})).edition?.path).toBe(editionPath('2014'));
    expect(historyRoute.data!(ctx('2013'), reader({})).edition?.path).toBe(editionPath('2013'));
    expect(historyRoute.data!(ctx('bilhetes'), reader({})).edition?.path).toBe(editionPath(NO_EDITION));
    expect(historyRoute.subject).toBe('edition');
  });

  it('link tabs of the default edition without an edition', () => {
    expect(historyPath(undefined, 'premios')).toBe('/historico/premios');
    expect(historyPath('2015', 'premios')).toBe('/historico/2015/premios');
  });
});

describe('the state line of a list', () => {
  it('never says empty when the request failed', () => {
    expect(listPhase(entry({ status: 'error', data: undefined }), 0)).toBe('error');
    expect(listPhase(entry({ status: 'loading', data: undefined }), 0)).toBe('loading');
    expect(listPhase(entry({ status: 'ready', fetching: true }), 0)).toBe('loading');
    expect(listPhase(entry({ status: 'ready' }), 0)).toBe('empty');
    expect(listPhase(entry({ status: 'error' }), 2)).toBe('ready');
  });

  const renderState = (store: DataStore, value: Entry<unknown>) =>
    render(
      <InLocale>
        <DataStoreContext.Provider value={store}>
          <MemoryRouter>
            <ListState entry={value} path="/api/x" count={0} loading="A carregar conteúdos..." empty="Não existem filmes" />
          </MemoryRouter>
        </DataStoreContext.Provider>
      </InLocale>,
    );

  it('shows the failure with a retry that asks again, not the empty message', () => {
    const store = new DataStore({}, () => new Promise(() => undefined));
    const load = vi.spyOn(store, 'load');
    renderState(store, entry({ status: 'error', data: undefined }));
    expect(screen.getByText(LOAD_ERROR)).toBeTruthy();
    expect(screen.queryByText('Não existem filmes')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(load).toHaveBeenCalledWith('/api/x', 0);
  });

  it('says there is no connection when offline', () => {
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      act(() => {
        renderState(new DataStore({}, () => new Promise(() => undefined)), entry({ status: 'error', data: undefined }));
      });
      expect(screen.getByText(OFFLINE_NOT_SAVED, { exact: false })).toBeTruthy();
    } finally {
      offline.mockRestore();
    }
  });

  it('shows the loading text while loading and the empty text once loaded', () => {
    const store = new DataStore({}, () => new Promise(() => undefined));
    renderState(store, entry({ status: 'loading', data: undefined }));
    expect(screen.getByText('A carregar conteúdos...')).toBeTruthy();
    cleanup();
    renderState(store, entry({ status: 'ready', data: [] }));
    expect(screen.getByText('Não existem filmes')).toBeTruthy();
  });
});

describe('/programa while loading', () => {
  it('shows only the heading Programa, not the page title', () => {
    render(
      <InLocale>
        <DataStoreContext.Provider value={new DataStore({}, () => new Promise(() => undefined))}>
          <MemoryRouter initialEntries={['/programa']}>
            <Routes>
              <Route path="/programa" element={<ProgrammeTextPage />} />
            </Routes>
          </MemoryRouter>
        </DataStoreContext.Provider>
      </InLocale>,
    );
    expect(screen.getByRole('heading', { name: 'Programa' })).toBeTruthy();
    expect(screen.queryByText('Programação')).toBeNull();
  });
});
