/** Films and parallel events (activities): one table, told apart by is_movie; each with its sessions. */
import { number } from 'yup';
import {
  collection,
  field,
  flag,
  html,
  link,
  longText,
  picture,
  ref,
  required,
  requiredText,
  scope,
  text,
  type FieldKind,
  sayOf,
} from './field-kit';
import { say } from '../gestao-words';
import { ACCESS_HELP, accessFeatures, ageRating, languages } from './follow-fields';
import { SCHEDULE, TEXTS } from './teams';

/** A whole number or none: empty is none. */
const wholeOrNone = () =>
  number()
    .nullable()
    .default(null)
    .transform((v: number | null, raw: unknown) => (raw === '' ? null : v));
type WholeOrNone = ReturnType<typeof wholeOrNone>;

/** A whole number every film has and an activity may leave empty: the rule's own checks come from `checks`. */
const filmNumber = (checks: (n: WholeOrNone, label: string) => WholeOrNone) =>
  ({
    input: 'number',
    rule: (label: string) => checks(wholeOrNone(), label).when('is_movie', { is: 1, then: (s) => s.required(required(label)) }),
  }) satisfies FieldKind;

const year = filmNumber((n, label) =>
  n
    .typeError(sayOf(/*i18n*/ { id: 'gestao.movies.rule.ano', message: 'Campo {label} tem de ser um ano.' }, label))
    .integer(sayOf(/*i18n*/ { id: 'gestao.movies.rule.ano', message: 'Campo {label} tem de ser um ano.' }, label))
    .min(
      1888,
      sayOf(/*i18n*/ { id: 'gestao.movies.rule.ano-depois-1888', message: 'Campo {label} tem de ser um ano depois de 1888.' }, label),
    )
    .max(2100, sayOf(/*i18n*/ { id: 'gestao.movies.rule.ano-ate-2100', message: 'Campo {label} tem de ser um ano até 2100.' }, label)),
);
const minutes = filmNumber((n, label) =>
  n
    .typeError(
      sayOf(/*i18n*/ { id: 'gestao.movies.rule.numero-minutos', message: 'Campo {label} tem de ser um número de minutos.' }, label),
    )
    .integer(sayOf(/*i18n*/ { id: 'gestao.movies.rule.numero-minutos', message: 'Campo {label} tem de ser um número de minutos.' }, label))
    .min(
      1,
      sayOf(/*i18n*/ { id: 'gestao.movies.rule.entre-1-600-minutos', message: 'Campo {label} tem de ser entre 1 e 600 minutos.' }, label),
    )
    .max(
      600,
      sayOf(/*i18n*/ { id: 'gestao.movies.rule.entre-1-600-minutos', message: 'Campo {label} tem de ser entre 1 e 600 minutos.' }, label),
    ),
);

export const movies = collection({
  page: {
    path: 'filmes',
    title: say(/*i18n*/ { id: 'gestao.movies.page.title', message: 'Filmes e atividades' }),
    newLabel: say(/*i18n*/ { id: 'gestao.movies.page.newLabel', message: 'Novo filme ou atividade' }),
  },
  noun: say(/*i18n*/ { id: 'gestao.movies.noun', message: 'o filme' }),
  createRoles: SCHEDULE,
  fields: {
    is_movie: field(/*i18n*/ { id: 'gestao.movies.is_movie', message: 'filme (e não atividade)' }, SCHEDULE, flag, { start: 1 }),
    title: field(/*i18n*/ { id: 'gestao.movies.title', message: 'título' }, TEXTS, requiredText(200), { localized: true }),
    original_title: field(/*i18n*/ { id: 'gestao.movies.original_title', message: 'título original' }, TEXTS, text(200), {
      visitors: 'Título original do filme, em italiano; numa atividade, o seu título.',
    }),
    director: field(/*i18n*/ { id: 'gestao.movies.director', message: 'realização' }, TEXTS, text(200)),
    year: field(/*i18n*/ { id: 'gestao.movies.year', message: 'ano' }, TEXTS, year),
    country: field(/*i18n*/ { id: 'gestao.movies.country', message: 'país' }, TEXTS, text(120), { start: 'Itália' }),
    duration_min: field(/*i18n*/ { id: 'gestao.movies.duration_min', message: 'duração (min)' }, SCHEDULE, minutes, {
      visitors: 'Duração em minutos; 0 quando não se sabe.',
    }),
    language: field(/*i18n*/ { id: 'gestao.movies.language', message: 'língua' }, TEXTS, text(80), {
      start: 'Italiano',
      visitors: 'Língua em que o filme é exibido.',
    }),
    subtitles: field(/*i18n*/ { id: 'gestao.movies.subtitles', message: 'legendas' }, TEXTS, text(80), {
      start: 'Português',
      visitors: 'Língua das legendas; vazio sem legendas.',
    }),
    // What visitors need to know to follow it: each session says the same unless it says otherwise.
    spoken_languages: field(
      /*i18n*/ { id: 'gestao.movies.spoken_languages', message: 'línguas faladas (códigos)' },
      TEXTS,
      languages({ none: false }),
      {
        start: 'it',
        help: say(
          /*i18n*/ { id: 'gestao.movies.spoken_languages.help', message: 'Códigos separados por espaços: it, pt, en, fr, es, de.' },
        ),
      },
    ),
    subtitle_languages: field(
      /*i18n*/ { id: 'gestao.movies.subtitle_languages', message: 'legendas (códigos)' },
      TEXTS,
      languages({ none: false }),
      {
        start: 'pt',
        help: say(
          /*i18n*/ { id: 'gestao.movies.subtitle_languages.help', message: 'As línguas das legendas: pt, en… Vazio: sem legendas.' },
        ),
      },
    ),
    age_rating: field(
      /*i18n*/ { id: 'gestao.movies.age_rating', message: 'classificação etária' },
      TEXTS,
      ageRating(say(/*i18n*/ { id: 'gestao.movies.age_rating.empty', message: 'A classificar' })),
    ),
    access_features: field(
      /*i18n*/ { id: 'gestao.movies.access_features', message: 'acessibilidade (códigos)' },
      TEXTS,
      accessFeatures({ none: false }),
      { help: say(ACCESS_HELP) },
    ),
    section_id: field(
      /*i18n*/ { id: 'gestao.movies.section_id', message: 'secção' },
      SCHEDULE,
      ref('sections', /*i18n*/ { id: 'gestao.choose.a-seccao', message: 'Escolha a secção.' }),
      { listFilter: 'seccao' },
    ),
    scope: field(/*i18n*/ { id: 'gestao.movies.scope', message: 'âmbito' }, SCHEDULE, scope, { listFilter: 'ambito' }),
    highlight: field(/*i18n*/ { id: 'gestao.movies.highlight', message: 'destaque' }, SCHEDULE, flag),
    keywords: field(/*i18n*/ { id: 'gestao.movies.keywords', message: 'palavras-chave' }, TEXTS, text(500)),
    logline: field(/*i18n*/ { id: 'gestao.movies.logline', message: 'sinopse curta' }, TEXTS, longText(500, 2), { localized: true }),
    description_html: field(/*i18n*/ { id: 'gestao.movies.description_html', message: 'sinopse' }, TEXTS, html(20_000), {
      localized: true,
    }),
    technical_info_html: field(/*i18n*/ { id: 'gestao.movies.technical_info_html', message: 'ficha técnica' }, TEXTS, html(20_000), {
      localized: true,
    }),
    video_id: field(/*i18n*/ { id: 'gestao.movies.video_id', message: 'vídeo' }, TEXTS, text(200)),
    buy_label: field(/*i18n*/ { id: 'gestao.movies.buy_label', message: 'texto do botão de compra' }, SCHEDULE, text(80), {
      localized: true,
    }),
    buy_link: field(/*i18n*/ { id: 'gestao.movies.buy_link', message: 'ligação de compra' }, SCHEDULE, link),
    from_festival: field(/*i18n*/ { id: 'gestao.movies.from_festival', message: 'do festival' }, SCHEDULE, flag, { start: 1 }),
    thumb: field(/*i18n*/ { id: 'gestao.movies.thumb', message: 'imagem pequena' }, TEXTS, picture),
    poster: field(/*i18n*/ { id: 'gestao.movies.poster', message: 'cartaz' }, TEXTS, picture),
  },
  dependants: [
    {
      type: 'sessions',
      columns: ['movie_id'],
      listFilters: { city: { param: 'cidade', venueField: 'venue_id' }, day: { param: 'dia', timeField: 'starts_at' } },
      message: (n) =>
        say(
          /*i18n*/ {
            id: 'gestao.movies.dependants.este-filme-apague',
            message:
              '{n, plural, one {Este filme tem uma sessão: apague-as primeiro.} other {Este filme tem {n} sessões: apague-as primeiro.}}',
          },
          { n },
        ),
    },
  ],
});
