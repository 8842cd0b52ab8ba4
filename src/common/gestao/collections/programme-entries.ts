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
import { SCHEDULE } from './teams';

/**
 * An attachment's id is kept while it stays in its entry (the public download link
 * /api/…/attachments/:id does not change when a text is corrected); 0 for a new one, which the
 * server numbers. Its type and size come from the stored file, never from the form.
 */
const attachmentId = {
  input: 'number',
  rule: () => number().typeError('Anexo desconhecido.').integer().min(0).max(DB_INTEGER_MAX, 'Anexo desconhecido.').default(0),
} satisfies FieldKind;

const attachments = list({
  noun: 'anexo',
  article: 'um',
  rowsIn: { table: 'programme_attachments', parentColumn: 'entry_id', serverColumns: ['mime', 'size'] },
  items: {
    id: item(undefined, attachmentId),
    title: item('título', requiredText(200)),
    description_html: item('descrição', html(5000)),
    file_name: item('ficheiro PDF', pdf),
  },
  max: 20,
  tooMany: 'Uma entrada do programa tem no máximo 20 anexos.',
  eachHas: 'cada anexo tem título e ficheiro PDF',
});

// The programme page's texts and PDFs: Programação's.
export const programmeEntries = collection({
  page: { path: 'programa', title: 'Programa', newLabel: 'Nova entrada do programa' },
  createRoles: SCHEDULE,
  fields: {
    position: field('ordem', SCHEDULE, position),
    description_html: field('texto', SCHEDULE, requiredHtml(50_000)),
    attachments: field('anexos', SCHEDULE, attachments),
  },
});
