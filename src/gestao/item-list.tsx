/**
 * A list edited inside its record's form: a custom page's cards (template 4's mosaic: each its film
 * or none, picture, title and text), a past edition's films (picture and text), a programme entry's
 * attachments (title, text and an uploaded PDF). Items are added,
 * moved and removed before the record is saved; the record's schema validates them, so an item's
 * message sits beside the item's field.
 */
import { Trans } from '@lingui/react/macro';
import { FieldArray, getIn, useFormikContext } from 'formik';
import { blankItemOf, type ListSpec } from '../common/gestao/collections/field-kit';
import type { ListItem, RecordOptions } from '../common/gestao/record-schemas';
import { choicesOf } from './field-choices';
import { RichTextField } from './rich-text/rich-text-field';
import { PdfField } from './upload-fields';

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

interface ItemListProps {
  field: string;
  /** Its items' fields, as its collection gives them. */
  list: ListSpec;
  label: string;
  formId: string;
  locked: boolean;
  lockReason: string;
  options: RecordOptions;
  /** The server's messages, by path: cards[0].movie_id. */
  serverErrors: Record<string, string>;
}

/** An item's buttons, named with its place in the list ("Subir o cartão 2"). */
function ItemActions({ noun, number, onUp, onRemove }: { noun: string; number: number; onUp?: () => void; onRemove: () => void }) {
  return (
    <div className="gestao-actions">
      {onUp && (
        <button type="button" className="gestao-secondary" onClick={onUp}>
          <Trans>
            Subir o {noun} {number}
          </Trans>
        </button>
      )}
      <button type="button" className="gestao-secondary" onClick={onRemove}>
        <Trans>
          Tirar o {noun} {number}
        </Trans>
      </button>
    </div>
  );
}

export function ItemList({ field, list: kind, label, formId, locked, lockReason, options, serverErrors }: ItemListProps) {
  const { values, errors, touched, handleChange, handleBlur, setFieldValue, setFieldTouched } =
    useFormikContext<Record<string, ListItem[]>>();
  const items = values[field] ?? [];
  const headingId = `${formId}-${field}`;
  const { noun, article } = kind;
  // An item field without a label is kept, not shown (an attachment's id).
  const shown = Object.entries(kind.items).filter(([, f]) => f.label !== undefined);
  return (
    <fieldset className="gestao-field" aria-labelledby={headingId} disabled={locked}>
      <legend id={headingId}>
        {label} ({items.length})
      </legend>
      {locked && <p className="gestao-field__lock">{lockReason}</p>}
      <FieldArray name={field}>
        {(list) => (
          <>
            <ol>
              {items.map((item, i) => (
                <li key={i}>
                  <fieldset className="gestao-fields" aria-label={`${capital(noun)} ${i + 1}`}>
                    {shown.map(([name, spec]) => {
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
                          <label htmlFor={id} id={`${id}-rotulo`}>
                            {spec.label}
                          </label>
                          {spec.input === 'pdf' ? (
                            <PdfField
                              id={id}
                              name={path}
                              disabled={locked}
                              describedBy={common['aria-describedby']}
                              invalid={Boolean(error)}
                            />
                          ) : spec.input === 'choice' ? (
                            <select {...common}>
                              {choicesOf(spec, options, {}).map((c) => (
                                <option key={c.value} value={c.value}>
                                  {c.text}
                                </option>
                              ))}
                            </select>
                          ) : spec.input === 'html' ? (
                            <RichTextField
                              id={id}
                              labelId={`${id}-rotulo`}
                              label={spec.label ?? noun}
                              value={common.value}
                              onChange={(html) => void setFieldValue(path, html)}
                              onBlur={() => void setFieldTouched(path, true)}
                              disabled={locked}
                              describedBy={common['aria-describedby']}
                              invalid={Boolean(error)}
                              rows={3}
                            />
                          ) : spec.input === 'long-text' ? (
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
                    <ItemActions
                      noun={noun}
                      number={i + 1}
                      onUp={i > 0 ? () => list.swap(i, i - 1) : undefined}
                      onRemove={() => list.remove(i)}
                    />
                  </fieldset>
                </li>
              ))}
            </ol>
            <button type="button" onClick={() => list.push(blankItemOf(kind))}>
              <Trans>
                Acrescentar {article} {noun}
              </Trans>
            </button>
          </>
        )}
      </FieldArray>
    </fieldset>
  );
}
