/** A film's or an activity's sessions: edited inside the film's screen, on the grid, from a phone and from a spreadsheet. */
import { mixed } from 'yup';
import { SESSION_STATUSES, STATUS_LABELS, type SessionStatus } from '../../programme/session-status';
import { collection, field, ref, text, tooLong, trimmedOf, wallTime, type FieldKind } from './field-kit';
import { SCHEDULE } from './teams';

const status = {
  input: 'choice',
  choices: SESSION_STATUSES.filter((s) => s !== '').map((s) => ({ value: s, text: STATUS_LABELS[s] })),
  emptyChoice: 'Como planeada',
  rule: (label: string) =>
    mixed<SessionStatus>()
      .default('')
      .oneOf([...SESSION_STATUSES], `Campo ${label}: escolha um estado da lista.`),
} satisfies FieldKind;

/** The stable key a spreadsheet row is matched by (empty: the server gives S-{id}). */
const code = {
  input: 'text',
  rule: (label: string) =>
    trimmedOf(label)
      .default('')
      .max(40, tooLong(label, 40))
      .matches(/^[\w.\-/]*$/, `Campo ${label}: só letras, algarismos, ponto, hífen e barra.`),
} satisfies FieldKind;

export const sessions = collection({
  createRoles: SCHEDULE,
  fields: {
    movie_id: field('filme', SCHEDULE, ref('movies', 'o filme'), { sheetColumn: 'filme' }),
    venue_id: field('sala', SCHEDULE, ref('venues', 'a sala'), { sheetColumn: 'sala' }),
    starts_at: field('data e hora', SCHEDULE, wallTime, { sheetColumn: 'data' }),
    status: field('estado', SCHEDULE, status, { sheetColumn: 'estado' }),
    status_note: field('motivo (lido pelo público)', SCHEDULE, text(200), { sheetColumn: 'motivo' }),
    guest: field('convidados', SCHEDULE, text(300), { sheetColumn: 'convidados' }),
    code: field('código', SCHEDULE, code, { sheetColumn: 'codigo' }),
  },
});
