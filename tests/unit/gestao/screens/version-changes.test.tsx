/** A version's changes as the history shows them: old → new for a short value, the words taken out and put in for a text. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GestaoI18nProvider } from '../../../../src/gestao/gestao-i18n';
import { VersionChanges } from '../../../../src/gestao/screens/version-changes';
import type { RecordFields } from '../../../../src/common/gestao/record-schemas';

const shown = (fields: RecordFields, previous: RecordFields | null | undefined, changed: string[]) =>
  renderToStaticMarkup(
    <GestaoI18nProvider>
      <VersionChanges fields={fields} previous={previous} changed={changed} labelOf={(f) => f.toUpperCase()} />
    </GestaoI18nProvider>,
  );

const SYNOPSIS = '<p>Um afinador de pianos que está a perder a audição atravessa Trieste num inverno de bora.</p>';

describe("a version's changes", () => {
  it('say a short value old → new, an emptied one as empty', () => {
    expect(shown({ title: 'Luz de Inverno', year: 2025 }, { title: 'Luz do Inverno', year: 2024 }, ['title', 'year'])).toBe(
      '<ul class="gestao-history__changes"><li><span class="gestao-history__field">TITLE:</span> <del>Luz do Inverno</del> → <ins>Luz de Inverno</ins></li>' +
        '<li><span class="gestao-history__field">YEAR:</span> <del>2024</del> → <ins>2025</ins></li></ul>',
    );
    expect(shown({ guest: '' }, { guest: 'Nanni Moretti' }, ['guest'])).toContain('<del>Nanni Moretti</del> → (vazio)');
  });

  it('show a text word by word, without its markup', () => {
    const html = shown({ synopsis: SYNOPSIS.replace('inverno de bora', 'verão de siroco') }, { synopsis: SYNOPSIS }, ['synopsis']);
    expect(html).toContain('<del>inverno</del><ins>verão</ins>');
    expect(html).toContain('<del>bora</del><ins>siroco</ins>');
    expect(html).not.toContain('&lt;p&gt;');
  });

  it('give the first saved version its new value alone: what it changed from is not kept', () => {
    expect(shown({ title: 'Luz de Inverno' }, undefined, ['title'])).toContain('TITLE:</span> <ins>Luz de Inverno</ins>');
  });
});
