/** A sponsor: its logo, link and text, in its group. */
import { collection, field, html, link, picture, position, ref, requiredText } from './field-kit';
import { say } from '../gestao-words';
import { EDITION } from './teams';

export const sponsors = collection({
  page: {
    path: 'patrocinadores',
    title: say(/*i18n*/ { id: 'gestao.sponsors.page.title', message: 'Patrocinadores' }),
    newLabel: say(/*i18n*/ { id: 'gestao.sponsors.page.newLabel', message: 'Novo patrocinador' }),
  },
  noun: say(/*i18n*/ { id: 'gestao.sponsors.noun', message: 'o patrocinador' }),
  createRoles: EDITION,
  fields: {
    group_id: field(
      /*i18n*/ { id: 'gestao.sponsors.group_id', message: 'grupo' },
      EDITION,
      ref('sponsorGroups', /*i18n*/ { id: 'gestao.choose.o-grupo', message: 'Escolha o grupo.' }),
      { listFilter: 'grupo' },
    ),
    position: field(/*i18n*/ { id: 'gestao.sponsors.position', message: 'ordem' }, EDITION, position),
    name: field(/*i18n*/ { id: 'gestao.sponsors.name', message: 'nome' }, EDITION, requiredText(120)),
    link: field(/*i18n*/ { id: 'gestao.sponsors.link', message: 'ligação' }, EDITION, link),
    thumb: field(/*i18n*/ { id: 'gestao.sponsors.thumb', message: 'logótipo' }, EDITION, picture),
    description_html: field(/*i18n*/ { id: 'gestao.sponsors.description_html', message: 'descrição' }, EDITION, html(20_000), {
      localized: true,
    }),
  },
});
