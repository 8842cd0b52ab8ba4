/** A film's or an activity's sessions: edited inside the film's screen, on the grid, from a phone and from a spreadsheet. */
import { mixed } from 'yup';
import { SESSION_STATUSES, STATUS_LABELS, type SessionStatus } from '../../programme/session-status';
import { collection, field, ref, text, tooLong, trimmedOf, wallTime, type FieldKind, type SheetColumnSpec, sayOf } from './field-kit';
import { say } from '../gestao-words';
import { SCHEDULE } from './teams';
import { ACCESS_HELP, accessFeatures, ageRating, languages } from './follow-fields';

const status = {
  input: 'choice',
  choices: SESSION_STATUSES.filter((s) => s !== '').map((s) => ({ value: s, text: STATUS_LABELS[s] })),
  emptyChoice: say(/*i18n*/ { id: 'gestao.sessions.emptyChoice', message: 'Como planeada' }),
  rule: (label: string) =>
    mixed<SessionStatus>()
      .default('')
      .oneOf(
        [...SESSION_STATUSES],
        sayOf(/*i18n*/ { id: 'gestao.sessions.rule.escolha-estado-lista', message: 'Campo {label}: escolha um estado da lista.' }, label),
      ),
} satisfies FieldKind;

/** The stable key a spreadsheet row is matched by (empty: the server gives S-{id}). */
const code = {
  input: 'text',
  rule: (label: string) =>
    trimmedOf(label)
      .default('')
      .max(40, tooLong(label, 40))
      .matches(
        /^[\w.\-/]*$/,
        sayOf(
          /*i18n*/ {
            id: 'gestao.sessions.rule.so-letras-algarismos-ponto-hifen',
            message: 'Campo {label}: só letras, algarismos, ponto, hífen e barra.',
          },
          label,
        ),
      ),
} satisfies FieldKind;

/**
 * The programme as a spreadsheet (CSV or XLSX), one row per session: its columns in the order the
 * export writes them, each with what the import screen calls it, the other headers a file may use
 * for it (compared without accents or case), the field it is read into, and whether a file must
 * have it. A column a file leaves out keeps what a session has, so a file without "estado" never
 * clears a status. The city is not a session's: it names which of the cities' venues "sala" is.
 */
export const SESSIONS_SHEET = {
  codigo: {
    label: say(/*i18n*/ { id: 'gestao.sessions.sheet.codigo', message: 'código da sessão' }),
    field: 'code',
    required: true,
    aliases: ['code', 'codigo da sessao', 'id sessao', 'sessao'],
  },
  filme: {
    label: say(/*i18n*/ { id: 'gestao.sessions.sheet.filme-titulo', message: 'filme (título ou número)' }),
    field: 'movie_id',
    required: true,
    aliases: ['titulo', 'film', 'movie', 'obra', 'filme ou atividade'],
  },
  cidade: {
    label: say(/*i18n*/ { id: 'gestao.sessions.sheet.cidade', message: 'cidade' }),
    required: true,
    aliases: ['city', 'localidade'],
  },
  sala: {
    label: say(/*i18n*/ { id: 'gestao.sessions.sheet.sala', message: 'sala' }),
    field: 'venue_id',
    required: true,
    aliases: ['venue', 'local', 'cinema'],
  },
  data: {
    label: say(/*i18n*/ { id: 'gestao.sessions.sheet.data', message: 'data (AAAA-MM-DD ou DD/MM/AAAA)' }),
    field: 'starts_at',
    cell: 'date',
    required: true,
    aliases: ['dia', 'date'],
  },
  hora: {
    label: say(/*i18n*/ { id: 'gestao.sessions.sheet.hora', message: 'hora (HH:MM)' }),
    field: 'starts_at',
    cell: 'time',
    required: true,
    aliases: ['horario', 'time', 'inicio'],
  },
  convidados: {
    label: say(/*i18n*/ { id: 'gestao.sessions.sheet.convidados', message: 'convidados' }),
    field: 'guest',
    aliases: ['convidado', 'guest', 'guests', 'convidados presentes'],
  },
  estado: {
    label: say(/*i18n*/ { id: 'gestao.sessions.sheet.estado', message: 'estado' }),
    field: 'status',
    aliases: ['status', 'situacao'],
  },
  motivo: {
    label: say(/*i18n*/ { id: 'gestao.sessions.sheet.motivo', message: 'motivo' }),
    field: 'status_note',
    aliases: ['nota', 'razao', 'reason', 'status note'],
  },
  // The reason in English and in Italian: a column per language, as the form has a field per language.
  motivo_en: {
    label: say(/*i18n*/ { id: 'gestao.sessions.sheet.motivo-en', message: 'motivo em inglês' }),
    field: 'status_note_en',
    aliases: ['motivo en', 'motivo (en)', 'motivo ingles', 'reason en', 'status note en'],
  },
  motivo_it: {
    label: say(/*i18n*/ { id: 'gestao.sessions.sheet.motivo-it', message: 'motivo em italiano' }),
    field: 'status_note_it',
    aliases: ['motivo it', 'motivo (it)', 'motivo italiano', 'reason it', 'status note it'],
  },
  // How to follow it: codes, empty for "as its film" (session-access.ts).
  linguas: {
    label: say(/*i18n*/ { id: 'gestao.sessions.sheet.linguas', message: 'línguas faladas (códigos; vazio: as do filme)' }),
    field: 'spoken_languages',
    aliases: ['lingua', 'linguas', 'language', 'languages', 'idioma'],
  },
  legendas: {
    label: say(/*i18n*/ { id: 'gestao.sessions.sheet.legendas', message: 'legendas (códigos; vazio: as do filme; none: sem)' }),
    field: 'subtitle_languages',
    aliases: ['legenda', 'subtitles', 'subtitle languages'],
  },
  idade: {
    label: say(/*i18n*/ { id: 'gestao.sessions.sheet.idade', message: 'classificação etária (M/3 a M/18; vazio: a do filme)' }),
    field: 'age_rating',
    aliases: ['classificacao', 'classificacao etaria', 'age', 'age rating', 'm/'],
  },
  acessibilidade: {
    label: say(
      /*i18n*/ { id: 'gestao.sessions.sheet.acessibilidade', message: 'acessibilidade (códigos; vazio: a do filme; none: nenhuma)' },
    ),
    field: 'access_features',
    aliases: ['acessos', 'access', 'accessibility'],
  },
} as const satisfies Record<string, SheetColumnSpec>;

export const sessions = collection({
  createRoles: SCHEDULE,
  sheet: SESSIONS_SHEET,
  fields: {
    movie_id: field(
      /*i18n*/ { id: 'gestao.sessions.movie_id', message: 'filme' },
      SCHEDULE,
      ref('movies', /*i18n*/ { id: 'gestao.choose.o-filme', message: 'Escolha o filme.' }),
    ),
    venue_id: field(
      /*i18n*/ { id: 'gestao.sessions.venue_id', message: 'sala' },
      SCHEDULE,
      ref('venues', /*i18n*/ { id: 'gestao.choose.a-sala', message: 'Escolha a sala.' }),
    ),
    starts_at: field(/*i18n*/ { id: 'gestao.sessions.starts_at', message: 'data e hora' }, SCHEDULE, wallTime),
    status: field(/*i18n*/ { id: 'gestao.sessions.status', message: 'estado' }, SCHEDULE, status),
    status_note: field(/*i18n*/ { id: 'gestao.sessions.status_note', message: 'motivo (lido pelo público)' }, SCHEDULE, text(200), {
      localized: true,
    }),
    guest: field(/*i18n*/ { id: 'gestao.sessions.guest', message: 'convidados' }, SCHEDULE, text(300)),
    // Empty: as its film. A session shown with other subtitles, or with an interpreter, says so here.
    spoken_languages: field(
      /*i18n*/ { id: 'gestao.sessions.spoken_languages', message: 'línguas faladas (vazio: as do filme)' },
      SCHEDULE,
      languages({ none: false }),
    ),
    subtitle_languages: field(
      /*i18n*/ { id: 'gestao.sessions.subtitle_languages', message: 'legendas (vazio: as do filme; none: sem legendas)' },
      SCHEDULE,
      languages({ none: true }),
    ),
    age_rating: field(
      /*i18n*/ { id: 'gestao.sessions.age_rating', message: 'classificação etária' },
      SCHEDULE,
      ageRating(say(/*i18n*/ { id: 'gestao.sessions.age_rating.empty', message: 'Como o filme' })),
    ),
    access_features: field(
      /*i18n*/ { id: 'gestao.sessions.access_features', message: 'acessibilidade (vazio: a do filme; none: nenhuma)' },
      SCHEDULE,
      accessFeatures({ none: true }),
      { help: say(ACCESS_HELP) },
    ),
    code: field(/*i18n*/ { id: 'gestao.sessions.code', message: 'código' }, SCHEDULE, code),
  },
});
