/** The sponsors' groups, by scope, each with its logos large or small. */
import { collection, field, flag, position, requiredText, scope } from './field-kit';
import { say } from '../gestao-words';
import { EDITION } from './teams';

// Sponsors, posters and banners are the site's face: Edição's.
export const sponsorGroups = collection({
  page: {
    path: 'grupos-de-patrocinadores',
    title: say(/*i18n*/ { id: 'gestao.sponsor-groups.page.title', message: 'Grupos de patrocinadores' }),
    newLabel: say(/*i18n*/ { id: 'gestao.sponsor-groups.page.newLabel', message: 'Novo grupo' }),
    menuLabel: say(/*i18n*/ { id: 'gestao.sponsor-groups.page.menuLabel', message: 'Grupos' }),
  },
  createRoles: EDITION,
  fields: {
    name: field(/*i18n*/ { id: 'gestao.sponsor-groups.name', message: 'nome' }, EDITION, requiredText(120), { localized: true }),
    scope: field(/*i18n*/ { id: 'gestao.sponsor-groups.scope', message: 'âmbito' }, EDITION, scope),
    position: field(/*i18n*/ { id: 'gestao.sponsor-groups.position', message: 'ordem' }, EDITION, position),
    minimized: field(/*i18n*/ { id: 'gestao.sponsor-groups.minimized', message: 'logótipos pequenos' }, EDITION, flag),
  },
  dependants: [
    {
      type: 'sponsors',
      columns: ['group_id'],
      message: (n) =>
        say(
          /*i18n*/ {
            id: 'gestao.sponsor-groups.dependants.este-grupo-mude',
            message:
              '{n, plural, one {Este grupo tem um patrocinador: mude-os ou apague-os primeiro.} other {Este grupo tem {n} patrocinadores: mude-os ou apague-os primeiro.}}',
          },
          { n },
        ),
    },
  ],
});
