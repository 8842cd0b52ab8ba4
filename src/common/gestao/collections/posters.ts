/** A poster is the home's large picture; a banner the strip between its blocks. */
import { mixed } from 'yup';
import { collection, field, html, link, position, requiredPicture, scope, type FieldKind } from './field-kit';
import { EDITION } from './teams';

const POSTER_KINDS = ['poster', 'banner'] as const;

const kind = {
  input: 'choice',
  choices: [
    { value: 'poster', text: 'Cartaz' },
    { value: 'banner', text: 'Banner' },
  ],
  rule: () =>
    mixed<(typeof POSTER_KINDS)[number]>()
      .oneOf([...POSTER_KINDS], 'Escolha o formato.')
      .required('Escolha o formato.'),
} satisfies FieldKind;

export const posters = collection({
  page: { path: 'cartazes', title: 'Cartazes e banners', newLabel: 'Novo cartaz ou banner', menuLabel: 'Cartazes' },
  noun: 'o cartaz',
  createRoles: EDITION,
  fields: {
    scope: field('âmbito', EDITION, scope),
    kind: field('formato', EDITION, kind),
    position: field('ordem', EDITION, position),
    img: field('imagem', EDITION, requiredPicture),
    link: field('ligação', EDITION, link),
    caption_html: field('legenda', EDITION, html(2000)),
  },
});
