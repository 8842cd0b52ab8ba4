/** The sponsors' groups, by scope, each with its logos large or small. */
import { plural } from '../../text/plural';
import { collection, field, flag, position, requiredText, scope } from './field-kit';
import { EDITION } from './teams';

// Sponsors, posters and banners are the site's face: Edição's.
export const sponsorGroups = collection({
  page: { path: 'grupos-de-patrocinadores', title: 'Grupos de patrocinadores', newLabel: 'Novo grupo', menuLabel: 'Grupos' },
  createRoles: EDITION,
  fields: {
    name: field('nome', EDITION, requiredText(120)),
    scope: field('âmbito', EDITION, scope),
    position: field('ordem', EDITION, position),
    minimized: field('logótipos pequenos', EDITION, flag),
  },
  dependants: [
    {
      type: 'sponsors',
      columns: ['group_id'],
      message: (n) =>
        `Este grupo tem ${plural(n, { one: 'um patrocinador', other: '{n} patrocinadores' })}: mude-os ou apague-os primeiro.`,
    },
  ],
});
