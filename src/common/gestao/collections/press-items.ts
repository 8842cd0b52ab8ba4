/** The press area's items: a release, the press kit or support material, each a PDF. */
import { mixed } from 'yup';
import { PRESS_TYPES } from '../../constants';
import { collection, field, html, pdf, requiredText, wallTime, type FieldKind } from './field-kit';
import { PRESS } from './teams';

/** What a press item is: a press release, the press kit, or support material (rules, logos). */
const PRESS_TYPE_LABELS: Record<(typeof PRESS_TYPES)[number], string> = {
  pressrelease: 'Comunicado de imprensa',
  presskit: 'Dossiê de imprensa',
  support: 'Material de apoio',
};

const type = {
  input: 'choice',
  choices: PRESS_TYPES.map((t) => ({ value: t, text: PRESS_TYPE_LABELS[t] })),
  rule: () =>
    mixed<(typeof PRESS_TYPES)[number]>()
      .oneOf([...PRESS_TYPES], 'Escolha o tipo.')
      .required('Escolha o tipo.'),
} satisfies FieldKind;

export const pressItems = collection({
  page: { path: 'imprensa', title: 'Imprensa', newLabel: 'Novo material de imprensa' },
  createRoles: PRESS,
  fields: {
    type: field('tipo', PRESS, type),
    title: field('título', PRESS, requiredText(200)),
    description_html: field('descrição', PRESS, html(20_000)),
    // Its type and size are the stored file's, worked out by the server.
    file_name: field('ficheiro PDF', PRESS, pdf),
    published_at: field('data de publicação', PRESS, wallTime),
  },
});
