/**
 * "Nova hora" on "Alterações de última hora", over the real server in process (../back-office.tsx)
 * with the seeded programme: a new time on another festival day after midnight (the night of that
 * day, the next morning's date) that clashes with nothing publishes with "Publicar a nova hora"; it is
 * among a session's changes too, and a cancelled session has none; the time it already has is
 * refused beside the field; a session someone else changed meanwhile is
 * said, and the list read again.
 */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LastMinuteDay, LastMinuteSession } from '../../../../src/common/gestao/last-minute';
import type { DraftClash } from '../../../../src/common/programme/grid';
import { wallTimeInFestivalDay } from '../../../../src/common/time/festival-day';
import { clockTime } from '../../../../src/common/time/lisbon-time';
import { spokenDay } from '../../../../src/common/time/calendar-names';
import { startTestServer, type TestServer } from '../../../server/helper';
import { descriptionOf, openBackOffice, person, type Person } from '../back-office';

let server: TestServer;
let programmer: Person;

const sessionName = (s: LastMinuteSession) => `${clockTime(s.starts_at)} · ${s.title}`;

async function lastMinuteDay(): Promise<LastMinuteDay> {
  const answer = await programmer.browser.request('GET', '/last-minute');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<LastMinuteDay>();
}

/** Opens the phone screen and "Nova hora" beside the session: its editor. */
async function openNewTime(session: LastMinuteSession): Promise<HTMLElement> {
  await openBackOffice(programmer, '/ultima-hora');
  fireEvent.click(await screen.findByRole('button', { name: `Nova hora para ${sessionName(session)}` }));
  return screen.getByRole('form', { name: `Nova hora: ${sessionName(session)}` });
}

beforeAll(async () => {
  server = await startTestServer();
  programmer = await person(server, 'porta@festa.test', 'programacao');
});
afterAll(() => server?.close());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a new time from the phone', () => {
  it('on another day after midnight, clashing with nothing: said so, and published with "Publicar a nova hora"', async () => {
    const day = await lastMinuteDay();
    const session = day.sessions.find((s) => s.status === '')!;
    // A day of the festival other than the session's where 00:30 (that night) blocks nothing, as the server says.
    let chosen: string | undefined;
    for (const d of day.days.filter((other) => other !== day.day)) {
      const answer = await programmer.browser.request('POST', `/screenings/${session.id}/status/clashes`, {
        status: '',
        starts_at: wallTimeInFestivalDay(d, '00:30'),
        baseVersion: session.version,
      });
      const { clashes } = answer.json<{ clashes: DraftClash[] }>();
      if (clashes.every((c) => c.severity !== 'block')) {
        chosen = d;
        break;
      }
    }
    expect(chosen, 'a festival day whose night has room at 00:30').toBeDefined();
    const startsAt = wallTimeInFestivalDay(chosen!, '00:30');
    expect(startsAt.slice(0, 10)).not.toBe(chosen);

    const editor = await openNewTime(session);
    const dayField = within(editor).getByRole('combobox', { name: 'Dia' });
    expect(within(dayField).getByRole('option', { name: spokenDay(chosen!) })).toBeTruthy();
    fireEvent.change(dayField, { target: { value: chosen } });
    fireEvent.change(within(editor).getByLabelText('Nova hora'), { target: { value: '00:30' } });
    // Said as the date it really is, and the night it belongs to (or, for a warning, the warning).
    await within(editor).findByText(
      new RegExp(`^(Sem conflitos: ${spokenDay(startsAt.slice(0, 10))}, 00:30 \\(a noite de ${spokenDay(chosen!)}\\)\\.|Esta hora cria)`),
    );
    expect(within(editor).queryByLabelText('Motivo para aceitar (fica no registo)')).toBeNull();
    fireEvent.click(within(editor).getByRole('button', { name: 'Publicar a nova hora' }));

    const published = await screen.findByText('Publicado (publicação', { exact: false });
    expect(published.closest('[role="status"]')).toBeTruthy();
    // On another day now: gone from today's list, and the server has it at the night's time.
    await waitFor(() => expect(screen.queryByRole('button', { name: `Nova hora para ${sessionName(session)}` })).toBeNull());
    expect((await lastMinuteDay()).sessions.find((s) => s.id === session.id)).toBeUndefined();
    const there = await programmer.browser.request('GET', `/last-minute?dia=${chosen}`);
    expect(there.json<LastMinuteDay>().sessions.find((s) => s.id === session.id)).toMatchObject({ starts_at: startsAt, status: '' });
  });

  it("is also among a session's changes; «Voltar» goes back to them, and a cancelled session has no new time", async () => {
    const day = await lastMinuteDay();
    const [session, cancelled] = day.sessions.filter((s) => s.status === '');
    const cancel = await programmer.browser.request('POST', `/screenings/${cancelled!.id}/status`, {
      status: 'cancelled',
      note: 'cópia não chegou',
      baseVersion: cancelled!.version,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await openBackOffice(programmer, '/ultima-hora');
    const exactly = (s: LastMinuteSession) => new RegExp(`^${sessionName(s).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
    await screen.findByRole('button', { name: `Nova hora para ${sessionName(session!)}` });
    expect(screen.queryByRole('button', { name: `Nova hora para ${sessionName(cancelled!)}` })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: exactly(session!) }));
    const changes = screen.getByRole('list', { name: 'Alterações' });
    expect(within(changes).getByRole('button', { name: 'Cancelar sessão' })).toBeTruthy();
    fireEvent.click(within(changes).getByRole('button', { name: 'Nova hora' }));
    const editor = screen.getByRole('form', { name: `Nova hora: ${sessionName(session!)}` });
    expect(within(editor).getByLabelText('Nova hora')).toHaveProperty('value', clockTime(session!.starts_at));
    fireEvent.click(within(editor).getByRole('button', { name: 'Voltar' }));
    expect(screen.getByRole('list', { name: 'Alterações' })).toBeTruthy();

    // Put back, for the story after this one.
    const restored = await programmer.browser.request('POST', `/screenings/${cancelled!.id}/status`, {
      status: '',
      baseVersion: cancelled!.version + 1,
    });
    expect(restored.statusCode, restored.body).toBe(200);
  });

  it('the time it already has is refused beside the field; a session changed meanwhile is said, and the list read again', async () => {
    const day = await lastMinuteDay();
    const session = day.sessions.find((s) => s.status === '')!;
    const editor = await openNewTime(session);
    const time = within(editor).getByLabelText('Nova hora');
    expect(time).toHaveProperty('value', clockTime(session.starts_at));
    fireEvent.click(within(editor).getByRole('button', { name: 'Publicar a nova hora' }));
    await waitFor(() => expect(descriptionOf(time)).toBe(`A sessão já é às ${clockTime(session.starts_at)}: escreva a nova hora.`));

    // Someone else marks it sold out from another phone.
    const other = await programmer.browser.request('POST', `/screenings/${session.id}/status`, {
      status: 'sold_out',
      baseVersion: session.version,
    });
    expect(other.statusCode, other.body).toBe(200);
    fireEvent.change(time, { target: { value: '23:50' } });
    await within(editor).findByText('Outra pessoa alterou esta sessão entretanto. Veja como está agora antes de mudar.');
    fireEvent.click(within(editor).getByRole('button', { name: 'Publicar a nova hora' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: `Nova hora: ${sessionName(session)}` })).toBeNull());
    expect(screen.getByRole('alert').textContent).toBe('Outra pessoa alterou esta sessão entretanto. Veja como está agora antes de mudar.');
    // The list as it now is: the session says "Esgotada".
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: new RegExp(`^${sessionName(session).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).textContent,
      ).toContain('Esgotada'),
    );
  });
});
