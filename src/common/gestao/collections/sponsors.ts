/** A sponsor: its logo, link and text, in its group. */
import { collection, field, html, link, picture, position, ref, requiredText } from './field-kit';
import { EDITION } from './teams';

export const sponsors = collection({
  page: { path: 'patrocinadores', title: 'Patrocinadores', newLabel: 'Novo patrocinador' },
  noun: 'o patrocinador',
  createRoles: EDITION,
  fields: {
    group_id: field('grupo', EDITION, ref('sponsorGroups', 'o grupo')),
    position: field('ordem', EDITION, position),
    name: field('nome', EDITION, requiredText(120)),
    link: field('ligação', EDITION, link),
    thumb: field('logótipo', EDITION, picture),
    description_html: field('descrição', EDITION, html(20_000)),
  },
});
