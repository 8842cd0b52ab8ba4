/** The sections films and parallel events are grouped in. */
import { mixed } from 'yup';
import { plural } from '../../text/plural';
import { collection, field, position, requiredText, scope, type FieldKind } from './field-kit';
import { SCHEDULE, TEXTS } from './teams';

/** What a section groups: films, or parallel events (activities). */
const SECTION_ASSET_TYPES = ['movies', 'activities'] as const;

const assetType = {
  input: 'choice',
  choices: [
    { value: 'movies', text: 'Filmes' },
    { value: 'activities', text: 'Eventos paralelos' },
  ],
  rule: () =>
    mixed<(typeof SECTION_ASSET_TYPES)[number]>()
      .oneOf([...SECTION_ASSET_TYPES], 'Escolha o tipo.')
      .required('Escolha o tipo.'),
} satisfies FieldKind;

export const sections = collection({
  page: { path: 'seccoes', title: 'Secções', newLabel: 'Nova secção' },
  createRoles: SCHEDULE,
  fields: {
    // Its name is what visitors read: Edição may correct it too.
    name: field('nome', TEXTS, requiredText(120)),
    scope: field('âmbito', SCHEDULE, scope),
    asset_type: field('tipo', SCHEDULE, assetType),
    position: field('ordem', SCHEDULE, position),
  },
  dependants: [
    {
      type: 'movies',
      columns: ['section_id'],
      message: (n) =>
        `Esta secção tem ${plural(n, { one: 'um filme ou atividade', other: '{n} filmes e atividades' })}: mude-os de secção primeiro.`,
    },
  ],
});
