/** The top menu and the footer's, by scope: an entry is a link or one of the site's pages, inside a top entry or not. */
import { mixed, number } from 'yup';
import { plural } from '../../text/plural';
import { collection, DB_INTEGER_MAX, field, position, requiredText, scope, tooLong, trimmedOf, type FieldKind } from './field-kit';
import { EDITION } from './teams';

const MENU_LOCATIONS = ['top', 'bottom'] as const;
/** A menu's link: an address outside (https://…) or a path of this site without the first slash (programacao, t1/sobre). */
const MENU_LINK = /^(https?:\/\/\S+|[a-z0-9][\w\-./#?=&]*)$/i;

const location = {
  input: 'choice',
  choices: [
    { value: 'top', text: 'Menu de topo' },
    { value: 'bottom', text: 'Menu do rodapé' },
  ],
  rule: () =>
    mixed<(typeof MENU_LOCATIONS)[number]>()
      .oneOf([...MENU_LOCATIONS], 'Escolha o lugar.')
      .required('Escolha o lugar.'),
} satisfies FieldKind;

/** The top entry it is inside, or none. */
const parent = {
  input: 'choice',
  optionsFrom: 'menuParents',
  emptyChoice: 'Nenhuma (entrada de topo)',
  rule: () =>
    number()
      .nullable()
      .default(null)
      .transform((v: number | null, raw: unknown) => (raw === '' ? null : v))
      .typeError('Escolha a entrada onde fica (ou nenhuma).')
      .max(DB_INTEGER_MAX, 'Esta entrada não existe.'),
} satisfies FieldKind;

/** The link, unless a page is chosen (the server then writes the page's address). */
const menuUrl = {
  input: 'text',
  rule: (label: string) =>
    trimmedOf(label)
      .default('')
      .max(500, tooLong(label, 500))
      .when('internal_page_id', {
        is: (page: number) => !page,
        then: (s) =>
          s
            .required('Escreva a ligação ou escolha uma página.')
            .matches(MENU_LINK, `Campo ${label} tem de ser um endereço https:// ou um caminho do site (ex.: programacao).`),
      }),
} satisfies FieldKind;

const page = {
  input: 'choice',
  optionsFrom: 'pages',
  zeroChoice: 'Nenhuma: uso a ligação',
  rule: () =>
    number()
      .default(0)
      .transform((v: number, raw: unknown) => (raw === '' ? 0 : v))
      .typeError('Escolha a página (ou nenhuma).')
      .integer()
      .min(0)
      .max(DB_INTEGER_MAX, 'Esta página não existe.'),
} satisfies FieldKind;

export const menuItems = collection({
  page: { path: 'menus', title: 'Menus', newLabel: 'Nova entrada de menu' },
  createRoles: EDITION,
  fields: {
    scope: field('âmbito', EDITION, scope),
    location: field('lugar', EDITION, location),
    parent_id: field('dentro de', EDITION, parent),
    position: field('ordem', EDITION, position),
    title: field('título', EDITION, requiredText(120)),
    menu_url: field('ligação', EDITION, menuUrl),
    internal_page_id: field('página', EDITION, page),
  },
  dependants: [
    {
      type: 'menu_items',
      columns: ['parent_id'],
      message: (n) =>
        `Esta entrada tem ${plural(n, { one: 'outra dentro de si', other: '{n} outras dentro de si' })}: mude-as ou apague-as primeiro.`,
    },
  ],
});
