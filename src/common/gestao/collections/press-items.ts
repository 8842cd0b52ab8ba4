/** The press area's items: a release, the press kit or support material, each a PDF. */
import { mixed } from 'yup';
import { PRESS_TYPES } from '../../constants';
import { collection, field, html, pdf, requiredText, wallTime, type FieldKind } from './field-kit';
import { say } from '../gestao-words';
import { PRESS } from './teams';

/** What a press item is: a press release, the press kit, or support material (rules, logos). */
const PRESS_TYPE_LABELS: Record<(typeof PRESS_TYPES)[number], string> = {
  pressrelease: say(/*i18n*/ { id: 'gestao.press-items.type.pressrelease', message: 'Comunicado de imprensa' }),
  presskit: say(/*i18n*/ { id: 'gestao.press-items.type.presskit', message: 'Dossiê de imprensa' }),
  support: say(/*i18n*/ { id: 'gestao.press-items.type.support', message: 'Material de apoio' }),
};

const type = {
  input: 'choice',
  choices: PRESS_TYPES.map((t) => ({ value: t, text: PRESS_TYPE_LABELS[t] })),
  rule: () =>
    mixed<(typeof PRESS_TYPES)[number]>()
      .oneOf([...PRESS_TYPES], say(/*i18n*/ { id: 'gestao.press-items.rule.escolha-tipo', message: 'Escolha o tipo.' }))
      .required(say(/*i18n*/ { id: 'gestao.press-items.rule.escolha-tipo', message: 'Escolha o tipo.' })),
} satisfies FieldKind;

export const pressItems = collection({
  page: {
    path: 'imprensa',
    title: say(/*i18n*/ { id: 'gestao.press-items.page.title', message: 'Imprensa' }),
    newLabel: say(/*i18n*/ { id: 'gestao.press-items.page.newLabel', message: 'Novo material de imprensa' }),
  },
  createRoles: PRESS,
  fields: {
    type: field(/*i18n*/ { id: 'gestao.press-items.type', message: 'tipo' }, PRESS, type),
    title: field(/*i18n*/ { id: 'gestao.press-items.title', message: 'título' }, PRESS, requiredText(200), { localized: true }),
    description_html: field(/*i18n*/ { id: 'gestao.press-items.description_html', message: 'descrição' }, PRESS, html(20_000), {
      localized: true,
    }),
    // Its type and size are the stored file's, worked out by the server.
    file_name: field(/*i18n*/ { id: 'gestao.press-items.file_name', message: 'ficheiro PDF' }, PRESS, pdf),
    published_at: field(/*i18n*/ { id: 'gestao.press-items.published_at', message: 'data de publicação' }, PRESS, wallTime),
  },
});
