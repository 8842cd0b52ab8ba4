/** The festival's history: a past edition (by its year) and its films. */
import {
  collection,
  field,
  html,
  item,
  list,
  required,
  requiredHtml,
  requiredText,
  text,
  trimmedOf,
  type FieldKind,
  sayOf,
} from './field-kit';
import { say } from '../gestao-words';
import { EDITION } from './teams';

/** The year is the record: another year is another edition. */
const year = {
  input: 'text',
  rule: (label: string) =>
    trimmedOf(label)
      .required(required(label))
      .matches(
        /^\d{4}$/,
        sayOf(/*i18n*/ { id: 'gestao.history-editions.rule.ano-ex-2025', message: 'Campo {label} tem de ser um ano (ex.: 2025).' }, label),
      ),
} satisfies FieldKind;

/** A past edition's film, as the history lists it: a picture and a text. */
const films = list({
  noun: say(/*i18n*/ { id: 'gestao.history-editions.noun', message: 'filme' }),
  article: 'um',
  rowsIn: { table: 'history_movies', parentColumn: 'edition' },
  items: {
    thumb: item(/*i18n*/ { id: 'gestao.history-editions.item.thumb', message: 'imagem' }, text(300)),
    list_html: item(/*i18n*/ { id: 'gestao.history-editions.item.list_html', message: 'texto' }, requiredHtml(5000)),
  },
  max: 200,
  tooMany: /*i18n*/ { id: 'gestao.history-editions.tooMany', message: 'Uma edição tem no máximo 200 filmes no histórico.' },
  eachHas: /*i18n*/ { id: 'gestao.history-editions.eachHas', message: 'cada filme tem imagem e texto' },
});

export const historyEditions = collection({
  page: {
    path: 'historico',
    title: say(/*i18n*/ { id: 'gestao.history-editions.page.title', message: 'Histórico' }),
    newLabel: say(/*i18n*/ { id: 'gestao.history-editions.page.newLabel', message: 'Nova edição no histórico' }),
  },
  createRoles: EDITION,
  fields: {
    edition: field(/*i18n*/ { id: 'gestao.history-editions.edition', message: 'edição (ano)' }, EDITION, year, { key: true }),
    title: field(/*i18n*/ { id: 'gestao.history-editions.title', message: 'título' }, EDITION, requiredText(200)),
    poster: field(/*i18n*/ { id: 'gestao.history-editions.poster', message: 'cartaz' }, EDITION, text(300)),
    venues_html: field(/*i18n*/ { id: 'gestao.history-editions.venues_html', message: 'salas' }, EDITION, html(20_000)),
    guests_html: field(/*i18n*/ { id: 'gestao.history-editions.guests_html', message: 'convidados' }, EDITION, html(20_000)),
    awards_html: field(/*i18n*/ { id: 'gestao.history-editions.awards_html', message: 'prémios' }, EDITION, html(20_000)),
    numbers_html: field(/*i18n*/ { id: 'gestao.history-editions.numbers_html', message: 'números' }, EDITION, html(20_000)),
    sponsors_html: field(/*i18n*/ { id: 'gestao.history-editions.sponsors_html', message: 'patrocinadores' }, EDITION, html(20_000)),
    movies: field(/*i18n*/ { id: 'gestao.history-editions.movies', message: 'filmes' }, EDITION, films),
  },
});
