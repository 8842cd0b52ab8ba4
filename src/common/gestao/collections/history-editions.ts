/** The festival's history: a past edition (by its year) and its films. */
import { collection, field, html, item, list, required, requiredHtml, requiredText, text, trimmedOf, type FieldKind } from './field-kit';
import { EDITION } from './teams';

/** The year is the record: another year is another edition. */
const year = {
  input: 'text',
  rule: (label: string) =>
    trimmedOf(label)
      .required(required(label))
      .matches(/^\d{4}$/, `Campo ${label} tem de ser um ano (ex.: 2025).`),
} satisfies FieldKind;

/** A past edition's film, as the history lists it: a picture and a text. */
const films = list({
  noun: 'filme',
  article: 'um',
  rowsIn: { table: 'history_movies', parentColumn: 'edition' },
  items: {
    thumb: item('imagem', text(300)),
    list_html: item('texto', requiredHtml(5000)),
  },
  max: 200,
  tooMany: 'Uma edição tem no máximo 200 filmes no histórico.',
  eachHas: 'cada filme tem imagem e texto',
});

export const historyEditions = collection({
  page: { path: 'historico', title: 'Histórico', newLabel: 'Nova edição no histórico' },
  createRoles: EDITION,
  fields: {
    edition: field('edição (ano)', EDITION, year, { key: true }),
    title: field('título', EDITION, requiredText(200)),
    poster: field('cartaz', EDITION, text(300)),
    venues_html: field('salas', EDITION, html(20_000)),
    guests_html: field('convidados', EDITION, html(20_000)),
    awards_html: field('prémios', EDITION, html(20_000)),
    numbers_html: field('números', EDITION, html(20_000)),
    sponsors_html: field('patrocinadores', EDITION, html(20_000)),
    movies: field('filmes', EDITION, films),
  },
});
