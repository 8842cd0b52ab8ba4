/**
 * The record form as staff see it, over the real server in process (back-office.tsx): the fields a
 * role may not change are greyed with who may; a save on a record someone saved since joins their
 * change of other fields and asks only about a field both changed, losing nothing; what is typed is kept (in this browser and on the
 * server) and comes back; the schema's messages, and the server's, are said beside their fields.
 */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { COLLECTIONS } from '../../../src/common/gestao/collections';
import { fieldText, type RecordView } from '../../../src/common/gestao/record-schemas';
import { sessionWhen } from '../../../src/gestao/lisbon-format';
import { runStaffCommand } from '../../../server/gestao/run-staff-command';
import { GestaoBrowser, STAFF_PASSWORD } from '../../server/gestao-browser';
import { NOW, startTestServer, type TestServer } from '../../server/helper';
import { descriptionOf, openBackOffice, person, type Person } from './back-office';

let server: TestServer;
let programmer: Person;
let editor: Person;
/**
 * Seeded films (not events), one for each story that changes one, so that no story reads another's:
 * those with the fewest sessions first (each session is a form of its own on the film's screen).
 */
let films: RecordView[];

const SCHEDULE_ONLY = 'Só Administração ou Programação pode alterar este campo.';
const EDITION_ONLY = 'Só Administração ou Edição pode alterar este campo.';
const SAVED = 'Guardado no rascunho. Publique para que os visitantes o vejam.';
const RECOVERED = 'Recuperámos o que tinha escrito e não chegou a guardar.';

async function read<T>(path: string): Promise<T> {
  const answer = await programmer.browser.request('GET', path);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<T>();
}

const title = (record: RecordView) => fieldText(record.fields.title);

/** The film's screen, open in the person's browser once its form is there. */
async function openFilm(who: Person, film: RecordView): Promise<void> {
  await openBackOffice(who, `/filmes/${film.id}`);
  await screen.findByRole('heading', { level: 1, name: title(film) });
  await screen.findByLabelText('sinopse curta');
}

/** Leaves the page and opens it again (what the browser keeps stays). */
async function reload(who: Person, film: RecordView): Promise<void> {
  cleanup();
  await openFilm(who, film);
}

const typeInto = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

beforeAll(async () => {
  server = await startTestServer();
  programmer = await person(server, 'prog@festa.test', 'programacao');
  editor = await person(server, 'edicao@festa.test', 'edicao');
  const sessions = await read<RecordView[]>('/records/sessions');
  const sessionsOf = (film: RecordView) => sessions.filter((s) => fieldText(s.fields.movie_id) === film.id).length;
  films = (await read<RecordView[]>('/records/movies'))
    .filter((f) => Number(f.fields.is_movie) === 1)
    .sort((a, b) => sessionsOf(a) - sessionsOf(b));
  expect(films.length).toBeGreaterThan(5);
});
afterAll(() => server?.close());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  editor.online = true;
});

describe('a field the role may not change', () => {
  it('is greyed for Edição on a film, saying who may change it; the texts stay open, and so does Guardar', async () => {
    const film = films[0]!;
    await openFilm(editor, film);
    for (const label of ['duração (min)', 'secção', 'destaque', 'ligação de compra']) {
      const field = screen.getByLabelText(label);
      expect(field, label).toHaveProperty('disabled', true);
      expect(descriptionOf(field), label).toBe(SCHEDULE_ONLY);
    }
    for (const label of ['título', 'realização', 'sinopse curta']) {
      const field = screen.getByLabelText(label);
      expect(field, label).toHaveProperty('disabled', false);
      expect(descriptionOf(field), label).toBe('');
    }
    expect(screen.getByRole('button', { name: 'Guardar' })).toHaveProperty('disabled', false);
  });

  it("is greyed in each of a film's sessions for Edição: the film, the venue and the time are Programação's", async () => {
    const sessions = await read<RecordView[]>('/records/sessions');
    const film = films.find((f) => sessions.some((s) => fieldText(s.fields.movie_id) === f.id))!;
    await openFilm(editor, film);
    const times = await screen.findAllByLabelText('data e hora');
    expect(times).toHaveLength(sessions.filter((s) => fieldText(s.fields.movie_id) === film.id).length);
    for (const field of [...times, ...screen.getAllByLabelText('sala'), ...screen.getAllByLabelText('filme')]) {
      expect(field).toHaveProperty('disabled', true);
      expect(descriptionOf(field)).toBe(SCHEDULE_ONLY);
    }
    // Edição adds no session: only Programação and Administração do.
    expect(screen.queryByRole('button', { name: 'Nova sessão' })).toBeNull();
  });

  it('is every field of a news item for Programação, each saying only Edição (or Administração) may', async () => {
    const news = (await read<RecordView[]>('/records/news'))[0]!;
    await openBackOffice(programmer, `/noticias/${news.id}`);
    await screen.findByRole('heading', { level: 1, name: title(news) });
    await screen.findByLabelText('título');
    // The publication date also says what it is (the date shown, not a schedule), before who may change it.
    const dateHelp = COLLECTIONS.news.fields.published_at.help;
    expect(dateHelp).toMatch(/^A data que a notícia mostra/);
    for (const [label, description] of [
      ['título', EDITION_ONLY],
      ['resumo', EDITION_ONLY],
      ['data de publicação', `${dateHelp} ${EDITION_ONLY}`],
    ] as const) {
      const field = screen.getByLabelText(label);
      expect(field, label).toHaveProperty('disabled', true);
      expect(descriptionOf(field), label).toBe(description);
    }
  });

  it('is every field of a new film for Edição, which cannot add one: Guardar too', async () => {
    await openBackOffice(editor, '/filmes/novo');
    await screen.findByRole('heading', { level: 1, name: 'Novo filme ou atividade' });
    await screen.findByLabelText('título');
    for (const label of ['título', 'sinopse curta', 'duração (min)'])
      expect(screen.getByLabelText(label), label).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Guardar' })).toHaveProperty('disabled', true);
  });

  it("is a travel time's cities once it exists, for everyone: they are its key", async () => {
    const journey = (await read<RecordView[]>('/records/travel_times'))[0]!;
    await openBackOffice(programmer, `/tempos-de-viagem/${journey.id}`);
    const from = await screen.findByLabelText('de');
    for (const field of [from, screen.getByLabelText('para')]) {
      expect(field).toHaveProperty('disabled', true);
      expect(descriptionOf(field)).toBe('Não se muda: apague este registo e crie outro.');
    }
    expect(screen.getByLabelText('minutos')).toHaveProperty('disabled', false);
  });

  it("is a cancelled session's status, saying with its reason that only «Repor sessão» brings it back", async () => {
    const published = await read<RecordView[]>('/records/sessions');
    const session = published.find((s) => s.state === 'publicado' && fieldText(s.fields.status) === '')!;
    const cancelled = await programmer.browser.request('POST', `/screenings/${session.id}/status`, {
      status: 'cancelled',
      note: 'cópia não chegou',
      baseVersion: session.version,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const film = await read<RecordView>(`/records/movies/${fieldText(session.fields.movie_id)}`);
    await openBackOffice(programmer, `/filmes/${film.id}`);
    // Named as people read it: "Sessão de sábado 28, 18:00, Cinema Ideal".
    const form = await screen.findByRole('form', {
      name: (name) => name.startsWith(`Sessão de ${sessionWhen(fieldText(session.fields.starts_at))}, `),
    });
    const status = within(form).getByLabelText('estado');
    expect(status).toHaveProperty('disabled', true);
    expect(descriptionOf(status)).toBe(
      'Sessão cancelada (cópia não chegou): só «Repor sessão», em Alterações de última hora, a traz de volta.',
    );
    // The time is still the programmer's to change.
    expect(within(form).getByLabelText('data e hora')).toHaveProperty('disabled', false);
  });
});

describe('a save on a record someone saved since it was opened', () => {
  /** The programmer saves the film from their own browser, while the editor has the form open. */
  async function programmerSaves(film: RecordView, changes: RecordView['fields']): Promise<void> {
    const current = await read<RecordView>(`/records/movies/${film.id}`);
    const saved = await programmer.browser.request('PUT', `/records/movies/${film.id}`, {
      baseVersion: current.version,
      fields: { ...current.fields, ...changes },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }

  const CONFLICT = 'Prog alterou os mesmos campos depois de abrir este registo';

  async function editorMeetsTheConflict(film: RecordView): Promise<HTMLElement> {
    await openFilm(editor, film);
    await programmerSaves(film, { logline: 'A versão da programação.' });
    typeInto(screen.getByLabelText('sinopse curta'), 'A versão da edição.');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    const conflict = await screen.findByRole('region', { name: CONFLICT });
    // The focus is on it, beside the button just pressed.
    await waitFor(() => expect(document.activeElement).toBe(within(conflict).getByRole('heading', { name: CONFLICT })));
    expect(conflict.nextElementSibling?.querySelector('button')?.textContent).toBe('Guardar');
    // Only the field both changed, each side named, the original beside them.
    const field = within(conflict).getByRole('group', { name: 'sinopse curta' });
    expect(within(field).getByRole('radio', { name: 'A sua alteração: A versão da edição.' })).toBeDefined();
    expect(within(field).getByRole('radio', { name: 'A alteração de Prog: A versão da programação.' })).toBeDefined();
    expect(within(field).getByText(`Original: ${fieldText(film.fields.logline) || '(vazio)'}`)).toBeDefined();
    expect(within(conflict).getAllByRole('group')).toHaveLength(1);
    return conflict;
  }

  it("joins the other person's change of another field without asking, shows it in the form and says whose", async () => {
    const film = films[0]!;
    await openFilm(editor, film);
    await programmerSaves(film, { duration_min: 123 });
    typeInto(screen.getByLabelText('sinopse curta'), 'Só a sinopse.');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await screen.findByText('Guardado no rascunho. Juntámos a alteração de Prog (duração (min)). Publique para que os visitantes o vejam.');
    expect(screen.queryByRole('region', { name: CONFLICT })).toBeNull();
    expect(screen.getByLabelText('duração (min)')).toHaveProperty('value', '123');
    expect((await read<RecordView>(`/records/movies/${film.id}`)).fields).toMatchObject({ logline: 'Só a sinopse.', duration_min: 123 });
  });

  it('lists only the field both changed, focused beside Guardar; the choice made is saved, and asks for one first', async () => {
    const film = films[1]!;
    const conflict = await editorMeetsTheConflict(film);
    fireEvent.click(within(conflict).getByRole('button', { name: 'Guardar estas escolhas' }));
    expect(within(conflict).getByRole('alert').textContent).toBe('Escolha uma das alterações em cada campo.');
    fireEvent.click(within(conflict).getByRole('radio', { name: 'A sua alteração: A versão da edição.' }));
    fireEvent.click(within(conflict).getByRole('button', { name: 'Guardar estas escolhas' }));
    await screen.findByText(SAVED);
    expect(screen.queryByRole('region', { name: CONFLICT })).toBeNull();
    expect(screen.getByLabelText('sinopse curta')).toHaveProperty('value', 'A versão da edição.');
    expect(fieldText((await read<RecordView>(`/records/movies/${film.id}`)).fields.logline)).toBe('A versão da edição.');

    // The programmer's next visit says what was lost to that choice, and puts it back at a click.
    cleanup();
    await openBackOffice(programmer, '/filmes');
    const notice = await screen.findByRole('region', { name: 'Um valor seu foi substituído' });
    expect(notice.textContent).toContain(`Edicao substituiu o seu valor em «sinopse curta» de ${title(film)}`);
    expect(
      within(notice)
        .getByRole('link', { name: title(film) })
        .getAttribute('href'),
    ).toBe(`/gestao/filmes/${film.id}`);
    expect(notice.querySelector('del')?.textContent).toBe('A versão da programação.');
    expect(notice.querySelector('ins')?.textContent).toBe('A versão da edição.');
    fireEvent.click(within(notice).getByRole('button', { name: 'Repor o meu valor' }));
    await within(notice).findByText('O seu valor de «sinopse curta» voltou ao rascunho. Publique para que os visitantes o vejam.');
    expect(fieldText((await read<RecordView>(`/records/movies/${film.id}`)).fields.logline)).toBe('A versão da programação.');
    await waitFor(() => expect(within(notice).queryByRole('button', { name: 'Repor o meu valor' })).toBeNull());
  });

  it('"Usar a versão guardada" puts the other version in the form and saves nothing', async () => {
    const film = films[2]!;
    const before = await read<RecordView>(`/records/movies/${film.id}`);
    const conflict = await editorMeetsTheConflict(film);
    fireEvent.click(within(conflict).getByRole('button', { name: 'Usar a versão guardada' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: CONFLICT })).toBeNull());
    expect(screen.getByLabelText('sinopse curta')).toHaveProperty('value', 'A versão da programação.');
    expect(screen.queryByText(SAVED)).toBeNull();
    // The programmer's save alone: one version on from the one the form opened.
    expect(await read<RecordView>(`/records/movies/${film.id}`)).toMatchObject({ version: before.version + 1 });
  });

  it('says so when an administrator put an earlier release back meanwhile, naming it', async () => {
    const film = films[5]!;
    const releases = await read<{ number: number }[]>('/releases');
    const published = await programmer.browser.request('PUT', `/records/movies/${film.id}`, {
      baseVersion: film.version,
      fields: { ...film.fields, logline: 'Publicada e depois desfeita.' },
    });
    expect(published.statusCode, published.body).toBe(200);
    expect((await programmer.browser.request('POST', '/releases')).statusCode).toBe(201);
    await openFilm(editor, film);

    // An administrator (the second factor set up at this first login) puts the release before back.
    expect(
      (
        await runStaffCommand(['add', 'admin@festa.test', '--role', 'administracao', '--password-stdin'], {
          db: server.db,
          now: NOW,
          readStdin: () => Promise.resolve(`${STAFF_PASSWORD}\n`),
        })
      ).code,
    ).toBe(0);
    const admin = new GestaoBrowser(server.app);
    expect((await admin.login('admin@festa.test', STAFF_PASSWORD)).statusCode).toBe(200);
    await admin.enrolTotp(NOW);
    expect((await admin.request('POST', `/releases/${releases[0]!.number}/restore`)).statusCode).toBe(201);

    typeInto(screen.getByLabelText('sinopse curta'), 'Escrito antes da reposição.');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    const conflict = await screen.findByRole('region', { name: 'Uma publicação anterior foi reposta depois de abrir este registo' });
    expect(
      within(conflict).getByText(
        /^Depois de abrir este registo, a Administração repôs uma publicação anterior \(Reposição da publicação \d+\): o registo voltou ao que era\. Compare as versões antes de guardar\.$/,
      ),
    ).toBeDefined();
    const logline = within(conflict).getByRole('group', { name: 'sinopse curta' });
    expect(within(logline).getByRole('radio', { name: 'A sua alteração: Escrito antes da reposição.' })).toBeDefined();
    expect(
      within(logline).getByRole('radio', { name: `A alteração de Admin: ${fieldText(film.fields.logline) || '(vazio)'}` }),
    ).toBeDefined();
    expect(within(logline).getByText('Original: Publicada e depois desfeita.')).toBeDefined();
  });
});

describe('what is typed and not saved', () => {
  const KEPT_BOTH = /^Guardado automaticamente \(neste navegador e no servidor\) às \d\d:\d\d:\d\d\.$/;
  const KEPT_HERE = /^Sem ligação ao servidor: guardado automaticamente só neste navegador às \d\d:\d\d:\d\d\.$/;

  it('is kept two seconds after the typing pauses, said with the time, comes back on reload, and is forgotten once saved', async () => {
    const film = films[3]!;
    await openFilm(editor, film);
    typeInto(screen.getByLabelText('sinopse curta'), 'Ainda por guardar.');
    await screen.findByText(KEPT_BOTH);

    await reload(editor, film);
    expect(await screen.findByText(RECOVERED)).toBeDefined();
    expect(screen.getByLabelText('sinopse curta')).toHaveProperty('value', 'Ainda por guardar.');

    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await screen.findByText(SAVED);
    expect(screen.queryByText(RECOVERED)).toBeNull();
    await reload(editor, film);
    expect(screen.queryByText(RECOVERED)).toBeNull();
    expect(screen.getByLabelText('sinopse curta')).toHaveProperty('value', 'Ainda por guardar.');
  });

  it("without a connection is kept in this browser only, said so, and wins over the server's older copy; logging out forgets it, not the server's", async () => {
    const film = films[4]!;
    await openFilm(editor, film);
    typeInto(screen.getByLabelText('sinopse curta'), 'Escrito com rede.');
    await screen.findByText(KEPT_BOTH);
    editor.online = false;
    typeInto(screen.getByLabelText('sinopse curta'), 'Escrito sem rede.');
    await screen.findByText(KEPT_HERE);

    editor.online = true;
    await reload(editor, film);
    expect(await screen.findByText(RECOVERED)).toBeDefined();
    expect(screen.getByLabelText('sinopse curta')).toHaveProperty('value', 'Escrito sem rede.');

    // Logging out forgets this browser's copies; logging in again brings back the server's.
    fireEvent.click(screen.getByRole('button', { name: 'Terminar sessão' }));
    typeInto(await screen.findByLabelText('Email'), editor.email);
    typeInto(screen.getByLabelText('Palavra-passe'), STAFF_PASSWORD);
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await screen.findByRole('heading', { level: 1, name: title(film) });
    expect(await screen.findByText(RECOVERED)).toBeDefined();
    expect(screen.getByLabelText('sinopse curta')).toHaveProperty('value', 'Escrito com rede.');
  });
});

describe("the form's messages", () => {
  it('say beside each field, in pt-PT, what the schema refuses, and nothing is sent until it is right', async () => {
    const before = (await read<RecordView[]>('/records/movies')).length;
    await openBackOffice(programmer, '/filmes/novo');
    const duration = await screen.findByLabelText('duração (min)');
    typeInto(duration, '700');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    const titleField = screen.getByLabelText('título');
    await waitFor(() => expect(descriptionOf(titleField)).toBe('Campo título é obrigatório.'));
    expect(titleField.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(duration)).toBe('Campo duração (min) tem de ser entre 1 e 600 minutos.');
    expect(duration.getAttribute('aria-invalid')).toBe('true');
    expect((await read<RecordView[]>('/records/movies')).length).toBe(before);

    typeInto(duration, '95');
    await waitFor(() => expect(descriptionOf(duration)).toBe(''));
    expect(duration.getAttribute('aria-invalid')).toBeNull();
  });

  it("say beside the field what the server refuses (a journey the two cities already have), with the form's message", async () => {
    const [journey] = await read<RecordView[]>('/records/travel_times');
    await openBackOffice(programmer, '/tempos-de-viagem/novo');
    const from = await screen.findByLabelText('de');
    fireEvent.change(from, { target: { value: fieldText(journey!.fields.from_city_id) } });
    fireEvent.change(screen.getByLabelText('para'), { target: { value: fieldText(journey!.fields.to_city_id) } });
    typeInto(screen.getByLabelText('minutos'), '45');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Há campos por corrigir.');
    expect(descriptionOf(screen.getByLabelText('para'))).toBe('Estas duas cidades já têm um tempo de viagem: altere esse.');
  });
});
