/** The site's own pages (/t1/… to /t4/…: src/screens/custom-page/custom-page-view.tsx), a mosaic's cards inside. */
import { number } from 'yup';
import {
  collection,
  DB_INTEGER_MAX,
  field,
  html,
  item,
  list,
  longText,
  required,
  requiredText,
  text,
  tooLong,
  trimmedOf,
  type FieldKind,
  sayOf,
} from './field-kit';
import { say } from '../gestao-words';
import { EDITION } from './teams';

/** The four templates. */
const PAGE_TEMPLATES = [1, 2, 3, 4] as const;
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const slug = {
  input: 'text',
  rule: (label: string) =>
    trimmedOf(label)
      .required(required(label))
      .max(120, tooLong(label, 120))
      .matches(
        SLUG,
        sayOf(
          /*i18n*/ {
            id: 'gestao.custom-pages.rule.so-letras-minusculas-sem-acentos',
            message: 'Campo {label}: só letras minúsculas sem acentos, algarismos e hífenes (ex.: sobre-o-festival).',
          },
          label,
        ),
      ),
} satisfies FieldKind;

const template = {
  input: 'choice',
  choices: [
    { value: 1, text: say(/*i18n*/ { id: 'gestao.custom-pages.template.1', message: '1: imagem ao lado do texto' }) },
    { value: 2, text: say(/*i18n*/ { id: 'gestao.custom-pages.template.2', message: '2: imagem e texto lateral' }) },
    { value: 3, text: say(/*i18n*/ { id: 'gestao.custom-pages.template.3', message: '3: imagem grande no topo' }) },
    { value: 4, text: say(/*i18n*/ { id: 'gestao.custom-pages.template.4', message: '4: mosaico de cartões' }) },
  ],
  rule: () =>
    number()
      .typeError(say(/*i18n*/ { id: 'gestao.custom-pages.rule.escolha-modelo', message: 'Escolha o modelo.' }))
      .oneOf([...PAGE_TEMPLATES], say(/*i18n*/ { id: 'gestao.custom-pages.rule.escolha-modelo', message: 'Escolha o modelo.' }))
      .required(say(/*i18n*/ { id: 'gestao.custom-pages.rule.escolha-modelo', message: 'Escolha o modelo.' })),
} satisfies FieldKind;

const textColumns = {
  input: 'choice',
  choices: [
    { value: 1, text: say(/*i18n*/ { id: 'gestao.custom-pages.columns.1', message: 'Uma coluna' }) },
    { value: 2, text: say(/*i18n*/ { id: 'gestao.custom-pages.columns.2', message: 'Duas colunas' }) },
  ],
  rule: (label: string) =>
    number()
      .typeError(sayOf(/*i18n*/ { id: 'gestao.custom-pages.rule.ou-duas', message: 'Campo {label}: uma ou duas.' }, label))
      .oneOf([1, 2], sayOf(/*i18n*/ { id: 'gestao.custom-pages.rule.ou-duas', message: 'Campo {label}: uma ou duas.' }, label))
      .required(required(label)),
} satisfies FieldKind;

/** A card's film, or none (0). */
const cardFilm = {
  input: 'choice',
  optionsFrom: 'movies',
  zeroChoice: say(/*i18n*/ { id: 'gestao.custom-pages.zeroChoice', message: 'Nenhum' }),
  rule: () =>
    number()
      .typeError(say(/*i18n*/ { id: 'gestao.custom-pages.rule.escolha-filme-ou-nenhum', message: 'Escolha o filme (ou nenhum).' }))
      .integer()
      .min(0)
      .max(DB_INTEGER_MAX, say(/*i18n*/ { id: 'gestao.custom-pages.rule.este-filme-nao-existe', message: 'Este filme não existe.' }))
      .default(0),
} satisfies FieldKind;

/** A card of template 4's mosaic: its film (or none), picture, title and text. */
const cards = list({
  noun: say(/*i18n*/ { id: 'gestao.custom-pages.noun', message: 'cartão' }),
  article: 'um',
  rowsIn: { table: 'custom_page_cards', parentColumn: 'page_id' },
  items: {
    movie_id: item(/*i18n*/ { id: 'gestao.custom-pages.item.movie_id', message: 'filme' }, cardFilm),
    thumb: item(/*i18n*/ { id: 'gestao.custom-pages.item.thumb', message: 'imagem' }, text(300)),
    title: item(/*i18n*/ { id: 'gestao.custom-pages.item.title', message: 'título' }, requiredText(200)),
    description: item(/*i18n*/ { id: 'gestao.custom-pages.item.description', message: 'texto' }, longText(1000)),
  },
  max: 60,
  tooMany: /*i18n*/ { id: 'gestao.custom-pages.tooMany', message: 'Uma página tem no máximo 60 cartões.' },
  eachHas: /*i18n*/ { id: 'gestao.custom-pages.eachHas', message: 'cada cartão tem título, imagem e texto' },
});

// Pages and menus are texts: Edição's.
export const customPages = collection({
  page: {
    path: 'paginas',
    title: say(/*i18n*/ { id: 'gestao.custom-pages.page.title', message: 'Páginas' }),
    newLabel: say(/*i18n*/ { id: 'gestao.custom-pages.page.newLabel', message: 'Nova página' }),
  },
  createRoles: EDITION,
  fields: {
    slug: field(/*i18n*/ { id: 'gestao.custom-pages.slug', message: 'endereço (slug)' }, EDITION, slug),
    template_id: field(/*i18n*/ { id: 'gestao.custom-pages.template_id', message: 'modelo' }, EDITION, template),
    title: field(/*i18n*/ { id: 'gestao.custom-pages.title', message: 'título' }, EDITION, requiredText(200), { localized: true }),
    poster: field(/*i18n*/ { id: 'gestao.custom-pages.poster', message: 'imagem' }, EDITION, text(300)),
    main_html: field(/*i18n*/ { id: 'gestao.custom-pages.main_html', message: 'texto' }, EDITION, html(50_000), { localized: true }),
    sidebar_html: field(/*i18n*/ { id: 'gestao.custom-pages.sidebar_html', message: 'texto lateral' }, EDITION, html(20_000), {
      localized: true,
    }),
    num_text_cols: field(/*i18n*/ { id: 'gestao.custom-pages.num_text_cols', message: 'colunas do texto' }, EDITION, textColumns),
    subsection_title: field(/*i18n*/ { id: 'gestao.custom-pages.subsection_title', message: 'título da subsecção' }, EDITION, text(200), {
      localized: true,
    }),
    subsection_html: field(/*i18n*/ { id: 'gestao.custom-pages.subsection_html', message: 'texto da subsecção' }, EDITION, html(20_000), {
      localized: true,
    }),
    cards: field(/*i18n*/ { id: 'gestao.custom-pages.cards', message: 'cartões' }, EDITION, cards),
  },
  dependants: [
    {
      type: 'menu_items',
      columns: ['internal_page_id'],
      message: (n) =>
        say(
          /*i18n*/ {
            id: 'gestao.custom-pages.dependants.esta-pagina-esta',
            message:
              '{n, plural, one {Esta página está no menu (uma entrada): tire-a do menu primeiro.} other {Esta página está no menu ({n} entradas): tire-a do menu primeiro.}}',
          },
          { n },
        ),
    },
  ],
});
