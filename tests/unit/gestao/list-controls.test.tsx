/** A list's controls as a person meets them (src/gestao/list-controls.tsx): what an empty list and an empty search say. */
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { GestaoI18nProvider } from '../../../src/gestao/gestao-i18n';
import { ListControls } from '../../../src/gestao/list-controls';
import type { ListedRow } from '../../../src/gestao/record-list-query';

const shown = (listed: ListedRow<string>[], address = '/salas') =>
  renderToStaticMarkup(
    <GestaoI18nProvider>
      <MemoryRouter initialEntries={[address]}>
        <ListControls
          listed={listed}
          noun="Salas"
          empty="Esta lista ainda está vazia: use «Nova sala» para acrescentar o primeiro registo."
          render={(rows) => (
            <ul>
              {rows.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          )}
        />
      </MemoryRouter>
    </GestaoI18nProvider>,
  );

describe('a list with nothing to show', () => {
  it('says how to begin when it is empty, not to search again', () => {
    const html = shown([]);
    expect(html).toContain('Esta lista ainda está vazia: use «Nova sala» para acrescentar o primeiro registo.');
    expect(html).not.toContain('Nada corresponde');
  });

  it('says what to try when only the search empties it', () => {
    const html = shown([{ row: 'Cinema Ideal', name: 'Cinema Ideal', state: 'publicado' }], '/salas?q=batalha');
    expect(html).toContain('Nada corresponde à procura e ao estado escolhidos.');
    expect(html).not.toContain('ainda está vazia');
    expect(html).toContain('0 de 1');
  });

  it('folds its filters under a button that counts what the address chose', () => {
    expect(shown([], '/salas?estado=agendado&ordem=titulo')).toMatch(/aria-expanded="true"[^>]*>Filtros e ordem \(2\)</);
    expect(shown([])).toMatch(/aria-expanded="false"[^>]*>Filtros e ordem</);
  });
});
