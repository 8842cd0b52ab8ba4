/**
 * The site's "Definições": one record, changed and never added or removed (not even by
 * Administração), kept in site_settings rows (server/content/settings-record.ts).
 */
import { number } from 'yup';
import {
  collection,
  email,
  field,
  flag,
  html,
  required,
  requiredEmail,
  requiredText,
  text,
  textOf,
  trimmedOf,
  webLink,
  type FieldKind,
} from './field-kit';
import { ADMIN_ONLY, EDITION, SCHEDULE } from './teams';

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const isRealDate = (v: string) => DATE.test(v) && new Date(`${v}T12:00:00Z`).toISOString().slice(0, 10) === v;

const colour = {
  input: 'text',
  rule: (label: string) =>
    trimmedOf(label)
      .required(required(label))
      .matches(/^#[0-9a-fA-F]{6}$/, `Campo ${label} tem de ser uma cor #rrggbb (ex.: #ed162c).`),
} satisfies FieldKind;

const firstDay = {
  input: 'date',
  rule: (label: string) =>
    textOf(label)
      .required(required(label))
      .test('date', `Campo ${label}: data inválida (aaaa-mm-dd).`, (v) => isRealDate(v)),
} satisfies FieldKind;

const days = {
  input: 'number',
  rule: (label: string) =>
    number()
      .typeError(`Campo ${label} tem de ser um número de dias.`)
      .integer(`Campo ${label} tem de ser um número de dias.`)
      .min(1, `Campo ${label} tem de ser entre 1 e 31 dias.`)
      .max(31, `Campo ${label} tem de ser entre 1 e 31 dias.`)
      .required(required(label)),
} satisfies FieldKind;

export const settings = collection({
  page: { path: 'definicoes', title: 'Definições', newLabel: '' },
  createRoles: [],
  fields: {
    festival_name: field('nome do festival', ADMIN_ONLY, requiredText(120)),
    description: field('descrição do site', EDITION, text(500)),
    agenda_color: field('cor da agenda', ADMIN_ONLY, colour),
    festival_start: field('primeiro dia do festival', SCHEDULE, firstDay),
    festival_days: field('dias do festival', SCHEDULE, days),
    visibility_festa_festprog: field('início da Festa: programação', EDITION, flag),
    visibility_festa_movies: field('início da Festa: filmes', EDITION, flag),
    visibility_festa_news: field('início da Festa: notícias', EDITION, flag),
    visibility_distrib_festprog: field('início da Distribuição: programação', EDITION, flag),
    visibility_distrib_movies: field('início da Distribuição: filmes', EDITION, flag),
    visibility_distrib_news: field('início da Distribuição: notícias', EDITION, flag),
    social_video: field('vídeo (Vimeo)', ADMIN_ONLY, webLink),
    social_photo: field('fotografia (Instagram)', ADMIN_ONLY, webLink),
    social_social: field('rede social (Facebook)', ADMIN_ONLY, webLink),
    social_microblog: field('microblogue (X)', ADMIN_ONLY, webLink),
    contact_email: field('e-mail de contacto', ADMIN_ONLY, requiredEmail),
    press_contact_name: field('contacto de imprensa', ADMIN_ONLY, text(120)),
    press_contact_email: field('e-mail de imprensa', ADMIN_ONLY, email),
    presentation_html: field('apresentação', EDITION, html(50_000)),
    team_html: field('equipa', EDITION, html(50_000)),
  },
});
