/**
 * A custom page's cards (template 4's mosaic), edited inside the page's form: each card its film
 * (or none), picture, title and text, added, moved and removed before the page is saved. The
 * page's schema validates them, so a card's message sits beside the card's field.
 */
import { FieldArray, getIn, useFormikContext } from 'formik';
import { CARD_LABELS, type CardFields, type RecordOptions } from '../common/gestao/record-schemas';

const BLANK_CARD: CardFields = { movie_id: 0, thumb: '', title: '', description: '' };

interface CardListProps {
  formId: string;
  locked: boolean;
  lockReason: string;
  options: RecordOptions;
  /** The server's messages, by path: cards[0].movie_id. */
  serverErrors: Record<string, string>;
}

export function CardList({ formId, locked, lockReason, options, serverErrors }: CardListProps) {
  const { values, errors, touched, handleChange, handleBlur } = useFormikContext<{ cards: CardFields[] }>();
  const cards = values.cards ?? [];
  const headingId = `${formId}-cartoes`;
  return (
    <fieldset className="gestao-field gestao-cards" aria-labelledby={headingId} disabled={locked}>
      <legend id={headingId}>Cartões ({cards.length})</legend>
      {locked && <p className="gestao-field__lock">{lockReason}</p>}
      <FieldArray name="cards">
        {(list) => (
          <>
            <ol>
              {cards.map((_, i) => (
                <li key={i}>
                  <fieldset className="gestao-fields" aria-label={`Cartão ${i + 1}`}>
                    {(Object.keys(CARD_LABELS) as (keyof CardFields)[]).map((name) => {
                      const path = `cards[${i}].${name}`;
                      const id = `${formId}-cards-${i}-${name}`;
                      const error = serverErrors[path] ?? (getIn(touched, path) ? (getIn(errors, path) as string | undefined) : undefined);
                      const common = {
                        id,
                        name: path,
                        value: String(cards[i]![name]),
                        onChange: handleChange,
                        onBlur: handleBlur,
                        'aria-invalid': error ? true : undefined,
                        'aria-describedby': error ? `${id}-erro` : undefined,
                      };
                      return (
                        <div className="gestao-field" key={name}>
                          <label htmlFor={id}>{CARD_LABELS[name]}</label>
                          {name === 'movie_id' ? (
                            <select {...common}>
                              <option value="0">Nenhum</option>
                              {options.movies.map((m) => (
                                <option key={m.id} value={m.id}>
                                  {m.title}
                                </option>
                              ))}
                            </select>
                          ) : name === 'description' ? (
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
                          Subir o cartão {i + 1}
                        </button>
                      )}
                      <button type="button" className="gestao-secondary" onClick={() => list.remove(i)}>
                        Tirar o cartão {i + 1}
                      </button>
                    </div>
                  </fieldset>
                </li>
              ))}
            </ol>
            <button type="button" onClick={() => list.push({ ...BLANK_CARD })}>
              Acrescentar um cartão
            </button>
          </>
        )}
      </FieldArray>
    </fieldset>
  );
}
