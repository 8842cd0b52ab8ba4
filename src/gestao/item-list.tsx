/**
 * A list edited inside its record's form: a custom page's cards (template 4's mosaic: each its film
 * or none, picture, title and text), a past edition's films (picture and text), a programme entry's
 * attachments (title, text and an uploaded PDF). Items are added,
 * moved and removed before the record is saved; the record's schema validates them, so an item's
 * message sits beside the item's field.
 */
import { FieldArray, getIn, useFormikContext } from 'formik';
import { ATTACHMENT_LABELS, CARD_LABELS, HISTORY_MOVIE_LABELS, type ListItem, type RecordOptions } from '../common/gestao/record-schemas';
import { PdfField } from './upload-fields';

interface ListKind {
  labels: Record<string, string>;
  blank: ListItem;
  /** "Cartão 1", "Acrescentar um cartão". */
  noun: string;
  article: 'um' | 'uma';
  long: string[];
  /** The fields holding a PDF, uploaded in place (a programme entry's attachment). */
  pdfs?: string[];
}

/** The lists, by the field that holds them. */
export const LIST_FIELDS: Record<string, ListKind> = {
  cards: {
    labels: CARD_LABELS,
    blank: { movie_id: 0, thumb: '', title: '', description: '' },
    noun: 'cartão',
    article: 'um',
    long: ['description'],
  },
  movies: { labels: HISTORY_MOVIE_LABELS, blank: { thumb: '', list_html: '' }, noun: 'filme', article: 'um', long: ['list_html'] },
  // id 0: a new attachment, numbered by the server when saved.
  attachments: {
    labels: ATTACHMENT_LABELS,
    blank: { id: 0, title: '', description_html: '', file_name: '' },
    noun: 'anexo',
    article: 'um',
    long: ['description_html'],
    pdfs: ['file_name'],
  },
};

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

interface ItemListProps {
  field: string;
  label: string;
  formId: string;
  locked: boolean;
  lockReason: string;
  options: RecordOptions;
  /** The server's messages, by path: cards[0].movie_id. */
  serverErrors: Record<string, string>;
}

export function ItemList({ field, label, formId, locked, lockReason, options, serverErrors }: ItemListProps) {
  const kind = LIST_FIELDS[field]!;
  const { values, errors, touched, handleChange, handleBlur } = useFormikContext<Record<string, ListItem[]>>();
  const items = values[field] ?? [];
  const headingId = `${formId}-${field}`;
  const noun = capital(kind.noun);
  return (
    <fieldset className="gestao-field" aria-labelledby={headingId} disabled={locked}>
      <legend id={headingId}>
        {capital(label)} ({items.length})
      </legend>
      {locked && <p className="gestao-field__lock">{lockReason}</p>}
      <FieldArray name={field}>
        {(list) => (
          <>
            <ol>
              {items.map((item, i) => (
                <li key={i}>
                  <fieldset className="gestao-fields" aria-label={`${noun} ${i + 1}`}>
                    {Object.keys(kind.labels).map((name) => {
                      const path = `${field}[${i}].${name}`;
                      const id = `${formId}-${field}-${i}-${name}`;
                      const error = serverErrors[path] ?? (getIn(touched, path) ? (getIn(errors, path) as string | undefined) : undefined);
                      const common = {
                        id,
                        name: path,
                        value: String(item[name] ?? ''),
                        onChange: handleChange,
                        onBlur: handleBlur,
                        'aria-invalid': error ? true : undefined,
                        'aria-describedby': error ? `${id}-erro` : undefined,
                      };
                      return (
                        <div className="gestao-field" key={name}>
                          <label htmlFor={id}>{kind.labels[name]}</label>
                          {kind.pdfs?.includes(name) ? (
                            <PdfField
                              id={id}
                              name={path}
                              disabled={locked}
                              describedBy={common['aria-describedby']}
                              invalid={Boolean(error)}
                            />
                          ) : name === 'movie_id' ? (
                            <select {...common}>
                              <option value="0">Nenhum</option>
                              {options.movies.map((m) => (
                                <option key={m.id} value={m.id}>
                                  {m.title}
                                </option>
                              ))}
                            </select>
                          ) : kind.long.includes(name) ? (
                            <textarea {...common} rows={3} />
                          ) : (
                            <input {...common} type="text" />
                          )}
                          {error && (
                            <p className="gestao-field__error" id={`${id}-erro`}>
                              {error}
                            </p>
                          )}
                        </div>
                      );
                    })}
                    <div className="gestao-actions">
                      {i > 0 && (
                        <button type="button" className="gestao-secondary" onClick={() => list.swap(i, i - 1)}>
                          Subir o {kind.noun} {i + 1}
                        </button>
                      )}
                      <button type="button" className="gestao-secondary" onClick={() => list.remove(i)}>
                        Tirar o {kind.noun} {i + 1}
                      </button>
                    </div>
                  </fieldset>
                </li>
              ))}
            </ol>
            <button type="button" onClick={() => list.push({ ...kind.blank })}>
              Acrescentar {kind.article} {kind.noun}
            </button>
          </>
        )}
      </FieldArray>
    </fieldset>
  );
}
