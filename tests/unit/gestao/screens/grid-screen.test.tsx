/**
 * "Grelha" as a programmer sees it, over the real server in process (../back-office.tsx) with the
 * seeded programme, Lisbon's first festival day: a session moved with the arrow keys (each move said,
 * each saved with its version), a clash shown at once on both blocks and in the day's list, accepted
 * with a reason, and a move refused because someone else moved the session first; a move undone
 * and made again (buttons and keys), each a save; a session's history one click away.
 */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fieldText, type RecordView } from '../../../../src/common/gestao/record-schemas';
import { startTestServer, type TestServer } from '../../../server/helper';
import { openBackOffice, person, type Person } from '../back-office';

let server: TestServer;
let programmer: Person;
/** Another programmer, at another computer. */
let colleague: Person;

async function stored(id: number): Promise<RecordView> {
  const answer = await colleague.browser.request('GET', `/records/sessions/${id}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<RecordView>();
}

/** Where the server has the session: its time and its venue's id. */
async function placeOf(id: number): Promise<[string, number]> {
  const { fields } = await stored(id);
  return [fieldText(fields.starts_at).slice(11), Number(fields.venue_id)];
}

async function openGrid(): Promise<void> {
  await openBackOffice(programmer, '/grelha');
  await screen.findByRole('heading', { level: 1, name: 'Grelha' });
  // The heading is there while the grid loads: the days come with it.
  // It opens on today by the server's clock (NOW: the festival's fourth day); these stories are on the first.
  expect((await screen.findByRole('tab', { selected: true })).textContent).toBe('domingo 5/04');
  fireEvent.click(screen.getAllByRole('tab')[0]!);
}

/** A session's block: a control that moves, named by what it shows (its title, its times, its marks); not "Desfazer: …". */
const block = (title: string) => screen.getByRole('button', { name: new RegExp(`^(?!Desfazer|Refazer).*${title}`) });

/** Presses an arrow on the focused block, as many times as asked. */
function press(target: HTMLElement, key: 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight', times = 1): void {
  for (let i = 0; i < times; i += 1) fireEvent.keyDown(target, { key });
}

/** What the grid's live region last said. */
const said = () => screen.getByText(/^(Desfeito: |Refeito: )?Sessão .* movida para /).textContent;

const dayClashes = () => screen.getByRole('region', { name: 'Conflitos deste dia' });

beforeAll(async () => {
  server = await startTestServer();
  programmer = await person(server, 'grelha@festa.test', 'programacao');
  colleague = await person(server, 'colega@festa.test', 'programacao');
});
afterAll(() => server?.close());
afterEach(() => {
  cleanup();
  // Each story's moves are its own to undo.
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('the grid', () => {
  it('moves a focused session with the arrows: each move said, the block redrawn, the last place saved', async () => {
    await openGrid();
    const session = block('Tempestade Sobre Siena');
    expect(session.textContent).toContain('20:00–21:37');
    const { version } = await stored(23);
    session.focus();
    press(session, 'ArrowDown');
    expect(said()).toBe('Sessão Tempestade Sobre Siena movida para 20:05, Cinemateca Portuguesa');
    press(session, 'ArrowDown', 2);
    expect(said()).toBe('Sessão Tempestade Sobre Siena movida para 20:15, Cinemateca Portuguesa');
    press(session, 'ArrowRight');
    expect(said()).toBe('Sessão Tempestade Sobre Siena movida para 20:15, Cinema Ideal');
    press(session, 'ArrowUp');
    expect(said()).toBe('Sessão Tempestade Sobre Siena movida para 20:10, Cinema Ideal');
    expect(block('Tempestade Sobre Siena').textContent).toContain('20:10–21:47');
    expect(document.activeElement).toBe(block('Tempestade Sobre Siena'));

    // Saved one after another, each on the version the one before made (moves made meanwhile go
    // together in the next): none refused as a conflict with itself.
    await waitFor(async () => expect(await placeOf(23)).toEqual(['20:10', 3]));
    expect((await stored(23)).version).toBeGreaterThan(version);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows a clash at once on both blocks and in the day's list, in words, and drops it when the session moves back", async () => {
    await openGrid();
    const moved = block('Neve em Agosto');
    expect(moved.textContent).toContain('19:00–20:37');
    const { version } = await stored(21);
    expect(within(dayClashes()).queryByText(/Neve em Agosto/)).toBeNull();
    moved.focus();
    // Two hours later, onto «O Verão de Ada» at 21:30 in the same venue.
    press(moved, 'ArrowDown', 24);
    expect(said()).toBe('Sessão Neve em Agosto movida para 21:00, Cinema São Jorge');
    expect(block('Neve em Agosto').textContent).toMatch(/^✖ Conflito.*21:00–22:37/);
    expect(block('O Verão de Ada').textContent).toMatch(/^✖ Conflito/);
    const clash = within(dayClashes())
      .getAllByRole('listitem')
      .find((item) => item.textContent?.includes('«Neve em Agosto» (21:00–22:37) e «O Verão de Ada» (21:30–23:08) sobrepõem-se'));
    expect(clash?.textContent).toMatch(/^✖ Impede a publicação: /);
    expect(clash?.textContent).toContain('Cinema São Jorge');

    press(moved, 'ArrowUp', 24);
    expect(said()).toBe('Sessão Neve em Agosto movida para 19:00, Cinema São Jorge');
    expect(within(dayClashes()).queryByText(/Neve em Agosto/)).toBeNull();
    expect(block('O Verão de Ada').textContent).not.toMatch(/Conflito/);
    // Back where it was, by a save of its own.
    await waitFor(async () => expect([...(await placeOf(21)), (await stored(21)).version > version]).toEqual(['19:00', 1, true]));
  });

  it('accepts a clash with a reason: an empty one is refused beside the field; accepted, it says who and why', async () => {
    await openGrid();
    const moved = block('Neve em Agosto');
    moved.focus();
    press(moved, 'ArrowDown', 24);
    await waitFor(async () => expect(await placeOf(21)).toEqual(['21:00', 1]));
    const clash = () =>
      within(dayClashes())
        .getAllByRole('listitem')
        .find((item) => item.textContent?.includes('«Neve em Agosto» (21:00–22:37) e «O Verão de Ada»'))!;
    fireEvent.click(within(clash()).getByRole('button', { name: 'Aceitar com motivo' }));
    fireEvent.click(within(clash()).getByRole('button', { name: 'Aceitar' }));
    const reason = within(clash()).getByLabelText('Motivo (fica no registo)');
    await within(clash()).findByText('Escreva o motivo por que aceita este conflito.');
    fireEvent.change(reason, { target: { value: 'Sessão dupla combinada com a distribuidora.' } });
    fireEvent.click(within(clash()).getByRole('button', { name: 'Aceitar' }));
    await within(dayClashes()).findByText(`Aceite por ${programmer.email}: «Sessão dupla combinada com a distribuidora.»`);
    expect(clash().textContent).toMatch(/^✓ Aceite: /);
    expect(block('Neve em Agosto').textContent).toMatch(/^✓ Conflito aceite/);
    // Moved again, the acceptance lapses: it named the sessions where they were.
    press(block('Neve em Agosto'), 'ArrowDown');
    expect(block('Neve em Agosto').textContent).toMatch(/^✖ Conflito.*21:05–22:42/);
    await waitFor(async () => expect(await placeOf(21)).toEqual(['21:05', 1]));
  });

  it('refuses a move of a session someone else moved since it was read, says so, and shows where it is now', async () => {
    await openGrid();
    // «Domingo», 18:30 at the Cinema Ideal: another programmer puts it at noon first.
    const before = await stored(17);
    const elsewhere = await colleague.browser.request('PUT', '/records/sessions/17', {
      baseVersion: before.version,
      fields: { ...before.fields, starts_at: fieldText(before.fields.starts_at).replace(/T\d\d:\d\d$/, 'T12:00') },
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    const session = block('Domingo');
    expect(session.textContent).toContain('18:30–18:42');
    session.focus();
    press(session, 'ArrowDown');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Outra pessoa guardou este registo depois de o abrir. Compare as versões antes de guardar.',
    );
    await waitFor(() => expect(block('Domingo').textContent).toContain('12:00–12:12'));
    expect(await placeOf(17)).toEqual(['12:00', 3]);
  });

  it('undoes a move and makes it again, by the buttons and by Ctrl+Z / Ctrl+Shift+Z, each a save of the draft', async () => {
    await openGrid();
    const undo = () => screen.getByRole('button', { name: /^Desfazer/ });
    const redo = () => screen.getByRole('button', { name: /^Refazer/ });
    expect(undo().hasAttribute('disabled')).toBe(true);
    expect(redo().hasAttribute('disabled')).toBe(true);
    // «O Segredo de Villa Aurora», 20:00 at the fourth venue: three steps of 5 minutes down.
    const session = block('O Segredo de Villa Aurora');
    expect(await placeOf(24)).toEqual(['20:00', 4]);
    session.focus();
    press(session, 'ArrowDown', 3);
    await waitFor(async () => expect(await placeOf(24)).toEqual(['20:15', 4]));
    expect(undo().textContent).toBe('Desfazer: O Segredo de Villa Aurora 20:10 → 20:15');

    // Three steps of 5 minutes are three moves: the buttons undo the last two, Ctrl+Z the first.
    fireEvent.click(undo());
    fireEvent.click(undo());
    expect(said()).toMatch(/^Desfeito: Sessão O Segredo de Villa Aurora movida para /);
    fireEvent.keyDown(session, { key: 'z', ctrlKey: true });
    expect(undo().hasAttribute('disabled')).toBe(true);
    expect(redo().textContent).toBe('Refazer: O Segredo de Villa Aurora 20:00 → 20:05');
    await waitFor(async () => expect(await placeOf(24)).toEqual(['20:00', 4]));

    fireEvent.keyDown(session, { key: 'Z', ctrlKey: true, shiftKey: true });
    expect(said()).toMatch(/^Refeito: Sessão O Segredo de Villa Aurora movida para /);
    await waitFor(async () => expect(await placeOf(24)).toEqual(['20:05', 4]));
    expect(undo().textContent).toBe('Desfazer: O Segredo de Villa Aurora 20:00 → 20:05');
    fireEvent.click(undo());
    await waitFor(async () => expect(await placeOf(24)).toEqual(['20:00', 4]));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows a session's history at a click: who moved it, when, from → to", async () => {
    await openGrid();
    const session = block('O Segredo de Villa Aurora');
    fireEvent.click(session);
    const history = await screen.findByRole('region', { name: 'Histórico de «O Segredo de Villa Aurora»' });
    await waitFor(() => expect(within(history).getAllByRole('listitem').length).toBeGreaterThan(1));
    const newest = within(history).getAllByRole('listitem')[0]!;
    expect(newest.textContent).toContain(programmer.email);
    expect(newest.textContent).toMatch(/^domingo 5, \d\d:\d\d · /);
    expect(newest.textContent).toMatch(/data e hora: quinta 2, \d\d:\d\d → quinta 2, \d\d:\d\d/);
  });

  it('shows one festival day at a time, the days as tabs the arrows go through', async () => {
    await openGrid();
    const days = screen.getAllByRole('tab');
    const drawn = () => screen.getAllByRole('button', { name: /\d\d:\d\d–\d\d:\d\d/ }).map((b) => b.textContent);
    const firstDay = drawn();
    expect(days.length).toBeGreaterThan(1);
    expect(days[0]!.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: days[0]!.textContent })).toBeDefined();
    fireEvent.keyDown(days[0]!, { key: 'ArrowRight' });
    expect(days[1]!.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(days[1]);
    expect(screen.getByRole('tabpanel', { name: days[1]!.textContent })).toBeDefined();
    // Another day, other sessions: the first day's are not drawn.
    expect(drawn()).not.toEqual(firstDay);
    fireEvent.keyDown(days[1]!, { key: 'End' });
    expect(days[days.length - 1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(days[days.length - 1]!, { key: 'Home' });
    expect(days[0]!.getAttribute('aria-selected')).toBe('true');
    expect(drawn()).toEqual(firstDay);
  });
});
