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
  sayOf,
} from './field-kit';
import { say } from '../gestao-words';
import { ADMIN_ONLY, EDITION, SCHEDULE } from './teams';

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const isRealDate = (v: string) => DATE.test(v) && new Date(`${v}T12:00:00Z`).toISOString().slice(0, 10) === v;

const colour = {
  input: 'text',
  rule: (label: string) =>
    trimmedOf(label)
      .required(required(label))
      .matches(
        /^#[0-9a-fA-F]{6}$/,
        sayOf(
          /*i18n*/ { id: 'gestao.settings.rule.cor-rrggbb-ex-ed162c', message: 'Campo {label} tem de ser uma cor #rrggbb (ex.: #ed162c).' },
          label,
        ),
      ),
} satisfies FieldKind;

const firstDay = {
  input: 'date',
  rule: (label: string) =>
    textOf(label)
      .required(required(label))
      .test(
        'date',
        sayOf(
          /*i18n*/ { id: 'gestao.settings.rule.data-invalida-aaaa-mm-dd', message: 'Campo {label}: data inválida (aaaa-mm-dd).' },
          label,
        ),
        (v) => isRealDate(v),
      ),
} satisfies FieldKind;

const days = {
  input: 'number',
  rule: (label: string) =>
    number()
      .typeError(sayOf(/*i18n*/ { id: 'gestao.settings.rule.numero-dias', message: 'Campo {label} tem de ser um número de dias.' }, label))
      .integer(sayOf(/*i18n*/ { id: 'gestao.settings.rule.numero-dias', message: 'Campo {label} tem de ser um número de dias.' }, label))
      .min(1, sayOf(/*i18n*/ { id: 'gestao.settings.rule.entre-1-31-dias', message: 'Campo {label} tem de ser entre 1 e 31 dias.' }, label))
      .max(
        31,
        sayOf(/*i18n*/ { id: 'gestao.settings.rule.entre-1-31-dias', message: 'Campo {label} tem de ser entre 1 e 31 dias.' }, label),
      )
      .required(required(label)),
} satisfies FieldKind;

export const settings = collection({
  page: { path: 'definicoes', title: say(/*i18n*/ { id: 'gestao.settings.page.title', message: 'Definições' }), newLabel: '' },
  createRoles: [],
  fields: {
    festival_name: field(/*i18n*/ { id: 'gestao.settings.festival_name', message: 'nome do festival' }, ADMIN_ONLY, requiredText(120)),
    description: field(/*i18n*/ { id: 'gestao.settings.description', message: 'descrição do site' }, EDITION, text(500), {
      localized: true,
    }),
    agenda_color: field(/*i18n*/ { id: 'gestao.settings.agenda_color', message: 'cor da agenda' }, ADMIN_ONLY, colour),
    festival_start: field(/*i18n*/ { id: 'gestao.settings.festival_start', message: 'primeiro dia do festival' }, SCHEDULE, firstDay),
    festival_days: field(/*i18n*/ { id: 'gestao.settings.festival_days', message: 'dias do festival' }, SCHEDULE, days),
    visibility_festa_festprog: field(
      /*i18n*/ { id: 'gestao.settings.visibility_festa_festprog', message: 'início da Festa: programação' },
      EDITION,
      flag,
    ),
    visibility_festa_movies: field(
      /*i18n*/ { id: 'gestao.settings.visibility_festa_movies', message: 'início da Festa: filmes' },
      EDITION,
      flag,
    ),
    visibility_festa_news: field(
      /*i18n*/ { id: 'gestao.settings.visibility_festa_news', message: 'início da Festa: notícias' },
      EDITION,
      flag,
    ),
    visibility_distrib_festprog: field(
      /*i18n*/ { id: 'gestao.settings.visibility_distrib_festprog', message: 'início da Distribuição: programação' },
      EDITION,
      flag,
    ),
    visibility_distrib_movies: field(
      /*i18n*/ { id: 'gestao.settings.visibility_distrib_movies', message: 'início da Distribuição: filmes' },
      EDITION,
      flag,
    ),
    visibility_distrib_news: field(
      /*i18n*/ { id: 'gestao.settings.visibility_distrib_news', message: 'início da Distribuição: notícias' },
      EDITION,
      flag,
    ),
    social_video: field(/*i18n*/ { id: 'gestao.settings.social_video', message: 'vídeo (Vimeo)' }, ADMIN_ONLY, webLink),
    social_photo: field(/*i18n*/ { id: 'gestao.settings.social_photo', message: 'fotografia (Instagram)' }, ADMIN_ONLY, webLink),
    social_social: field(/*i18n*/ { id: 'gestao.settings.social_social', message: 'rede social (Facebook)' }, ADMIN_ONLY, webLink),
    social_microblog: field(/*i18n*/ { id: 'gestao.settings.social_microblog', message: 'microblogue (X)' }, ADMIN_ONLY, webLink),
    contact_email: field(/*i18n*/ { id: 'gestao.settings.contact_email', message: 'e-mail de contacto' }, ADMIN_ONLY, requiredEmail),
    press_contact_name: field(
      /*i18n*/ { id: 'gestao.settings.press_contact_name', message: 'contacto de imprensa' },
      ADMIN_ONLY,
      text(120),
    ),
    press_contact_email: field(/*i18n*/ { id: 'gestao.settings.press_contact_email', message: 'e-mail de imprensa' }, ADMIN_ONLY, email),
    presentation_html: field(/*i18n*/ { id: 'gestao.settings.presentation_html', message: 'apresentação' }, EDITION, html(50_000), {
      localized: true,
    }),
    team_html: field(/*i18n*/ { id: 'gestao.settings.team_html', message: 'equipa' }, EDITION, html(50_000), { localized: true }),
  },
});
