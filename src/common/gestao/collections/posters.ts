/** A poster is the home's large picture; a banner the strip between its blocks. */
import { mixed } from 'yup';
import { collection, field, html, link, position, requiredPicture, scope, type FieldKind } from './field-kit';
import { say } from '../gestao-words';
import { EDITION } from './teams';

const POSTER_KINDS = ['poster', 'banner'] as const;

const kind = {
  input: 'choice',
  choices: [
    { value: 'poster', text: say(/*i18n*/ { id: 'gestao.posters.choice.poster', message: 'Cartaz' }) },
    { value: 'banner', text: say(/*i18n*/ { id: 'gestao.posters.choice.banner', message: 'Banner' }) },
  ],
  rule: () =>
    mixed<(typeof POSTER_KINDS)[number]>()
      .oneOf([...POSTER_KINDS], say(/*i18n*/ { id: 'gestao.posters.rule.escolha-formato', message: 'Escolha o formato.' }))
      .required(say(/*i18n*/ { id: 'gestao.posters.rule.escolha-formato', message: 'Escolha o formato.' })),
} satisfies FieldKind;

export const posters = collection({
  page: {
    path: 'cartazes',
    title: say(/*i18n*/ { id: 'gestao.posters.page.title', message: 'Cartazes e banners' }),
    newLabel: say(/*i18n*/ { id: 'gestao.posters.page.newLabel', message: 'Novo cartaz ou banner' }),
    menuLabel: say(/*i18n*/ { id: 'gestao.posters.page.menuLabel', message: 'Cartazes' }),
  },
  noun: say(/*i18n*/ { id: 'gestao.posters.noun', message: 'o cartaz' }),
  createRoles: EDITION,
  fields: {
    scope: field(/*i18n*/ { id: 'gestao.posters.scope', message: 'âmbito' }, EDITION, scope),
    kind: field(/*i18n*/ { id: 'gestao.posters.kind', message: 'formato' }, EDITION, kind),
    position: field(/*i18n*/ { id: 'gestao.posters.position', message: 'ordem' }, EDITION, position),
    img: field(/*i18n*/ { id: 'gestao.posters.img', message: 'imagem' }, EDITION, requiredPicture),
    link: field(/*i18n*/ { id: 'gestao.posters.link', message: 'ligação' }, EDITION, link),
    caption_html: field(/*i18n*/ { id: 'gestao.posters.caption_html', message: 'legenda' }, EDITION, html(2000), { localized: true }),
  },
});
