/** The top menu and the footer's, by scope: an entry is a link or one of the site's pages, inside a top entry or not. */
import { mixed, number } from 'yup';
import { collection, DB_INTEGER_MAX, field, position, requiredText, scope, tooLong, trimmedOf, type FieldKind, sayOf } from './field-kit';
import { say } from '../gestao-words';
import { EDITION } from './teams';

const MENU_LOCATIONS = ['top', 'bottom'] as const;
/** A menu's link: an address outside (https://…) or a path of this site without the first slash (programacao, t1/sobre). */
const MENU_LINK = /^(https?:\/\/\S+|[a-z0-9][\w\-./#?=&]*)$/i;

const location = {
  input: 'choice',
  choices: [
    { value: 'top', text: say(/*i18n*/ { id: 'gestao.menu-items.choice.top', message: 'Menu de topo' }) },
    { value: 'bottom', text: say(/*i18n*/ { id: 'gestao.menu-items.choice.bottom', message: 'Menu do rodapé' }) },
  ],
  rule: () =>
    mixed<(typeof MENU_LOCATIONS)[number]>()
      .oneOf([...MENU_LOCATIONS], say(/*i18n*/ { id: 'gestao.menu-items.rule.escolha-lugar', message: 'Escolha o lugar.' }))
      .required(say(/*i18n*/ { id: 'gestao.menu-items.rule.escolha-lugar', message: 'Escolha o lugar.' })),
} satisfies FieldKind;

/** The top entry it is inside, or none. */
const parent = {
  input: 'choice',
  optionsFrom: 'menuParents',
  emptyChoice: say(/*i18n*/ { id: 'gestao.menu-items.emptyChoice', message: 'Nenhuma (entrada de topo)' }),
  rule: () =>
    number()
      .nullable()
      .default(null)
      .transform((v: number | null, raw: unknown) => (raw === '' ? null : v))
      .typeError(
        say(/*i18n*/ { id: 'gestao.menu-items.rule.escolha-entrada-onde-fica-ou', message: 'Escolha a entrada onde fica (ou nenhuma).' }),
      )
      .max(DB_INTEGER_MAX, say(/*i18n*/ { id: 'gestao.menu-items.rule.esta-entrada-nao-existe', message: 'Esta entrada não existe.' })),
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
            .required(
              say(
                /*i18n*/ {
                  id: 'gestao.menu-items.rule.escreva-ligacao-ou-escolha-pagina',
                  message: 'Escreva a ligação ou escolha uma página.',
                },
              ),
            )
            .matches(
              MENU_LINK,
              sayOf(
                /*i18n*/ {
                  id: 'gestao.menu-items.rule.endereco-https-ou-caminho-site',
                  message: 'Campo {label} tem de ser um endereço https:// ou um caminho do site (ex.: programacao).',
                },
                label,
              ),
            ),
      }),
} satisfies FieldKind;

const page = {
  input: 'choice',
  optionsFrom: 'pages',
  zeroChoice: say(/*i18n*/ { id: 'gestao.menu-items.zeroChoice', message: 'Nenhuma: uso a ligação' }),
  rule: () =>
    number()
      .default(0)
      .transform((v: number, raw: unknown) => (raw === '' ? 0 : v))
      .typeError(say(/*i18n*/ { id: 'gestao.menu-items.rule.escolha-pagina-ou-nenhuma', message: 'Escolha a página (ou nenhuma).' }))
      .integer()
      .min(0)
      .max(DB_INTEGER_MAX, say(/*i18n*/ { id: 'gestao.menu-items.rule.esta-pagina-nao-existe', message: 'Esta página não existe.' })),
} satisfies FieldKind;

export const menuItems = collection({
  page: {
    path: 'menus',
    title: say(/*i18n*/ { id: 'gestao.menu-items.page.title', message: 'Menus' }),
    newLabel: say(/*i18n*/ { id: 'gestao.menu-items.page.newLabel', message: 'Nova entrada de menu' }),
  },
  createRoles: EDITION,
  fields: {
    scope: field(/*i18n*/ { id: 'gestao.menu-items.scope', message: 'âmbito' }, EDITION, scope),
    location: field(/*i18n*/ { id: 'gestao.menu-items.location', message: 'lugar' }, EDITION, location),
    parent_id: field(/*i18n*/ { id: 'gestao.menu-items.parent_id', message: 'dentro de' }, EDITION, parent),
    position: field(/*i18n*/ { id: 'gestao.menu-items.position', message: 'ordem' }, EDITION, position),
    title: field(/*i18n*/ { id: 'gestao.menu-items.title', message: 'título' }, EDITION, requiredText(120), { localized: true }),
    menu_url: field(/*i18n*/ { id: 'gestao.menu-items.menu_url', message: 'ligação' }, EDITION, menuUrl),
    internal_page_id: field(/*i18n*/ { id: 'gestao.menu-items.internal_page_id', message: 'página' }, EDITION, page),
  },
  dependants: [
    {
      type: 'menu_items',
      columns: ['parent_id'],
      message: (n) =>
        say(
          /*i18n*/ {
            id: 'gestao.menu-items.dependants.esta-entrada-mude',
            message:
              '{n, plural, one {Esta entrada tem outra dentro de si: mude-as ou apague-as primeiro.} other {Esta entrada tem {n} outras dentro de si: mude-as ou apague-as primeiro.}}',
          },
          { n },
        ),
    },
  ],
});
