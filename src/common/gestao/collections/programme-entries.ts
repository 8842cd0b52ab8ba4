/** The programme page's entries: a text and its attachments (the full programme, the timetable as PDFs). */
import { number } from 'yup';
import {
  collection,
  DB_INTEGER_MAX,
  field,
  html,
  item,
  list,
  pdf,
  position,
  requiredHtml,
  requiredText,
  type FieldKind,
} from './field-kit';
import { say } from '../gestao-words';
import { SCHEDULE } from './teams';

/**
 * An attachment's id is kept while it stays in its entry (the public download link
 * /api/…/attachments/:id does not change when a text is corrected); 0 for a new one, which the
 * server numbers. Its type and size come from the stored file, never from the form.
 */
const attachmentId = {
  input: 'number',
  rule: () =>
    number()
      .typeError(say(/*i18n*/ { id: 'gestao.programme-entries.rule.anexo-desconhecido', message: 'Anexo desconhecido.' }))
      .integer()
      .min(0)
      .max(DB_INTEGER_MAX, say(/*i18n*/ { id: 'gestao.programme-entries.rule.anexo-desconhecido', message: 'Anexo desconhecido.' }))
      .default(0),
} satisfies FieldKind;

const attachments = list({
  noun: say(/*i18n*/ { id: 'gestao.programme-entries.noun', message: 'anexo' }),
  article: 'um',
  rowsIn: { table: 'programme_attachments', parentColumn: 'entry_id', serverColumns: ['mime', 'size'] },
  items: {
    id: item(undefined, attachmentId),
    title: item(/*i18n*/ { id: 'gestao.programme-entries.item.title', message: 'título' }, requiredText(200)),
    description_html: item(/*i18n*/ { id: 'gestao.programme-entries.item.description_html', message: 'descrição' }, html(5000)),
    file_name: item(/*i18n*/ { id: 'gestao.programme-entries.item.file_name', message: 'ficheiro PDF' }, pdf),
  },
  max: 20,
  tooMany: /*i18n*/ { id: 'gestao.programme-entries.tooMany', message: 'Uma entrada do programa tem no máximo 20 anexos.' },
  eachHas: /*i18n*/ { id: 'gestao.programme-entries.eachHas', message: 'cada anexo tem título e ficheiro PDF' },
});

// The programme page's texts and PDFs: Programação's.
export const programmeEntries = collection({
  page: {
    path: 'programa',
    title: say(/*i18n*/ { id: 'gestao.programme-entries.page.title', message: 'Programa' }),
    newLabel: say(/*i18n*/ { id: 'gestao.programme-entries.page.newLabel', message: 'Nova entrada do programa' }),
  },
  createRoles: SCHEDULE,
  fields: {
    position: field(/*i18n*/ { id: 'gestao.programme-entries.position', message: 'ordem' }, SCHEDULE, position),
    description_html: field(
      /*i18n*/ { id: 'gestao.programme-entries.description_html', message: 'texto' },
      SCHEDULE,
      requiredHtml(50_000),
      { localized: true },
    ),
    attachments: field(/*i18n*/ { id: 'gestao.programme-entries.attachments', message: 'anexos' }, SCHEDULE, attachments),
  },
});
