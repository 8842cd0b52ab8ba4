/** The site's own pages (/t1/… to /t4/…: src/screens/custom-page/custom-page-view.tsx), a mosaic's cards inside. */
import { number } from 'yup';
import { plural } from '../../text/plural';
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
} from './field-kit';
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
      .matches(SLUG, `Campo ${label}: só letras minúsculas sem acentos, algarismos e hífenes (ex.: sobre-o-festival).`),
} satisfies FieldKind;

const template = {
  input: 'choice',
  choices: [
    { value: 1, text: '1: imagem ao lado do texto' },
    { value: 2, text: '2: imagem e texto lateral' },
    { value: 3, text: '3: imagem grande no topo' },
    { value: 4, text: '4: mosaico de cartões' },
  ],
  rule: () =>
    number()
      .typeError('Escolha o modelo.')
      .oneOf([...PAGE_TEMPLATES], 'Escolha o modelo.')
      .required('Escolha o modelo.'),
} satisfies FieldKind;

const textColumns = {
  input: 'choice',
  choices: [
    { value: 1, text: 'Uma coluna' },
    { value: 2, text: 'Duas colunas' },
  ],
  rule: (label: string) =>
    number().typeError(`Campo ${label}: uma ou duas.`).oneOf([1, 2], `Campo ${label}: uma ou duas.`).required(required(label)),
} satisfies FieldKind;

/** A card's film, or none (0). */
const cardFilm = {
  input: 'choice',
  optionsFrom: 'movies',
  zeroChoice: 'Nenhum',
  rule: () => number().typeError('Escolha o filme (ou nenhum).').integer().min(0).max(DB_INTEGER_MAX, 'Este filme não existe.').default(0),
} satisfies FieldKind;

/** A card of template 4's mosaic: its film (or none), picture, title and text. */
const cards = list({
  noun: 'cartão',
  article: 'um',
  rowsIn: { table: 'custom_page_cards', parentColumn: 'page_id' },
  items: {
    movie_id: item('filme', cardFilm),
    thumb: item('imagem', text(300)),
    title: item('título', requiredText(200)),
    description: item('texto', longText(1000)),
  },
  max: 60,
  tooMany: 'Uma página tem no máximo 60 cartões.',
  eachHas: 'cada cartão tem título, imagem e texto',
});

// Pages and menus are texts: Edição's.
export const customPages = collection({
  page: { path: 'paginas', title: 'Páginas', newLabel: 'Nova página' },
  createRoles: EDITION,
  fields: {
    slug: field('endereço (slug)', EDITION, slug),
    template_id: field('modelo', EDITION, template),
    title: field('título', EDITION, requiredText(200)),
    poster: field('imagem', EDITION, text(300)),
    main_html: field('texto', EDITION, html(50_000)),
    sidebar_html: field('texto lateral', EDITION, html(20_000)),
    num_text_cols: field('colunas do texto', EDITION, textColumns),
    subsection_title: field('título da subsecção', EDITION, text(200)),
    subsection_html: field('texto da subsecção', EDITION, html(20_000)),
    cards: field('cartões', EDITION, cards),
  },
  dependants: [
    {
      type: 'menu_items',
      columns: ['internal_page_id'],
      message: (n) => `Esta página está no menu (${plural(n, { one: 'uma entrada', other: '{n} entradas' })}): tire-a do menu primeiro.`,
    },
  ],
});
