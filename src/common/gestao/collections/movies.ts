/** Films and parallel events (activities): one table, told apart by is_movie; each with its sessions. */
import { number } from 'yup';
import { plural } from '../../text/plural';
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
} from './field-kit';
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
    .typeError(`Campo ${label} tem de ser um ano.`)
    .integer(`Campo ${label} tem de ser um ano.`)
    .min(1888, `Campo ${label} tem de ser um ano depois de 1888.`)
    .max(2100, `Campo ${label} tem de ser um ano até 2100.`),
);
const minutes = filmNumber((n, label) =>
  n
    .typeError(`Campo ${label} tem de ser um número de minutos.`)
    .integer(`Campo ${label} tem de ser um número de minutos.`)
    .min(1, `Campo ${label} tem de ser entre 1 e 600 minutos.`)
    .max(600, `Campo ${label} tem de ser entre 1 e 600 minutos.`),
);

export const movies = collection({
  page: { path: 'filmes', title: 'Filmes e atividades', newLabel: 'Novo filme ou atividade' },
  noun: 'o filme',
  createRoles: SCHEDULE,
  fields: {
    is_movie: field('filme (e não atividade)', SCHEDULE, flag, { start: 1 }),
    title: field('título', TEXTS, requiredText(200)),
    original_title: field('título original', TEXTS, text(200), {
      visitors: 'Título original do filme, em italiano; numa atividade, o seu título.',
    }),
    director: field('realização', TEXTS, text(200)),
    year: field('ano', TEXTS, year),
    country: field('país', TEXTS, text(120), { start: 'Itália' }),
    duration_min: field('duração (min)', SCHEDULE, minutes, { visitors: 'Duração em minutos; 0 quando não se sabe.' }),
    language: field('língua', TEXTS, text(80), { start: 'Italiano', visitors: 'Língua em que o filme é exibido.' }),
    subtitles: field('legendas', TEXTS, text(80), { start: 'Português', visitors: 'Língua das legendas; vazio sem legendas.' }),
    section_id: field('secção', SCHEDULE, ref('sections', 'a secção')),
    scope: field('âmbito', SCHEDULE, scope),
    highlight: field('destaque', SCHEDULE, flag),
    keywords: field('palavras-chave', TEXTS, text(500)),
    logline: field('sinopse curta', TEXTS, longText(500, 2)),
    description_html: field('sinopse', TEXTS, html(20_000)),
    technical_info_html: field('ficha técnica', TEXTS, html(20_000)),
    video_id: field('vídeo', TEXTS, text(200)),
    buy_label: field('texto do botão de compra', SCHEDULE, text(80)),
    buy_link: field('ligação de compra', SCHEDULE, link),
    from_festival: field('do festival', SCHEDULE, flag, { start: 1 }),
    thumb: field('imagem pequena', TEXTS, picture),
    poster: field('cartaz', TEXTS, picture),
  },
  dependants: [
    {
      type: 'sessions',
      columns: ['movie_id'],
      message: (n) => `Este filme tem ${plural(n, { one: 'uma sessão', other: '{n} sessões' })}: apague-as primeiro.`,
    },
  ],
});
