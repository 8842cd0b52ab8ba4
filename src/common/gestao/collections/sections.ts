/** The sections films and parallel events are grouped in. */
import { mixed } from 'yup';
import { collection, field, position, requiredText, scope, type FieldKind } from './field-kit';
import { say } from '../gestao-words';
import { SCHEDULE, TEXTS } from './teams';

/** What a section groups: films, or parallel events (activities). */
const SECTION_ASSET_TYPES = ['movies', 'activities'] as const;

const assetType = {
  input: 'choice',
  choices: [
    { value: 'movies', text: say(/*i18n*/ { id: 'gestao.sections.choice.movies', message: 'Filmes' }) },
    { value: 'activities', text: say(/*i18n*/ { id: 'gestao.sections.choice.activities', message: 'Eventos paralelos' }) },
  ],
  rule: () =>
    mixed<(typeof SECTION_ASSET_TYPES)[number]>()
      .oneOf([...SECTION_ASSET_TYPES], say(/*i18n*/ { id: 'gestao.sections.rule.escolha-tipo', message: 'Escolha o tipo.' }))
      .required(say(/*i18n*/ { id: 'gestao.sections.rule.escolha-tipo', message: 'Escolha o tipo.' })),
} satisfies FieldKind;

export const sections = collection({
  page: {
    path: 'seccoes',
    title: say(/*i18n*/ { id: 'gestao.sections.page.title', message: 'Secções' }),
    newLabel: say(/*i18n*/ { id: 'gestao.sections.page.newLabel', message: 'Nova secção' }),
  },
  createRoles: SCHEDULE,
  fields: {
    // Its name is what visitors read: Edição may correct it too.
    name: field(/*i18n*/ { id: 'gestao.sections.name', message: 'nome' }, TEXTS, requiredText(120), { localized: true }),
    scope: field(/*i18n*/ { id: 'gestao.sections.scope', message: 'âmbito' }, SCHEDULE, scope),
    asset_type: field(/*i18n*/ { id: 'gestao.sections.asset_type', message: 'tipo' }, SCHEDULE, assetType),
    position: field(/*i18n*/ { id: 'gestao.sections.position', message: 'ordem' }, SCHEDULE, position),
  },
  dependants: [
    {
      type: 'movies',
      columns: ['section_id'],
      message: (n) =>
        say(
          /*i18n*/ {
            id: 'gestao.sections.dependants.esta-seccao-mude',
            message:
              '{n, plural, one {Esta secção tem um filme ou atividade: mude-os de secção primeiro.} other {Esta secção tem {n} filmes e atividades: mude-os de secção primeiro.}}',
          },
          { n },
        ),
    },
  ],
});
