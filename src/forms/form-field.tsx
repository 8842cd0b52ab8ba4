/**
 * One form field bound to Formik: a visible label, the input and its error, which shows once the
 * field is touched (spec section 5) and is tied to the input by aria-describedby.
 */
import { useField } from 'formik';
import { useId, type ReactNode } from 'react';
import './form-field.css';

interface Props {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  /** The id of a <datalist> of suggestions (passed as children). */
  list?: string;
  required?: boolean;
  /** With options, the field is a <select> of them. */
  options?: { value: string; label: string }[];
  children?: ReactNode;
}

export function FormField({ name, label, type = 'text', autoComplete, list, required = true, options, children }: Props) {
  const [field, meta] = useField<string>(name);
  const id = `${useId()}-${name}`;
  const errorId = `${id}-error`;
  const showError = Boolean(meta.touched && meta.error);
  return (
    <div className={`form-field${showError ? ' form-field--invalid' : ''}`}>
      <label htmlFor={id} className="form-field__label">
        {label}
      </label>
      {options ? (
        <select
          {...field}
          value={field.value ?? ''}
          id={id}
          className="form-field__input select"
          aria-required={required || undefined}
          aria-invalid={showError}
          aria-describedby={showError ? errorId : undefined}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...field}
          value={field.value ?? ''}
          id={id}
          type={type}
          className="form-field__input"
          autoComplete={autoComplete}
          list={list}
          aria-required={required || undefined}
          aria-invalid={showError}
          aria-describedby={showError ? errorId : undefined}
        />
      )}
      {children}
      {showError ? (
        <p id={errorId} className="form-field__error">
          {meta.error}
        </p>
      ) : null}
    </div>
  );
}
