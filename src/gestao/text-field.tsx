/** A Formik text field of the back office: its label, and its pt-PT message beside it once touched. */
import { useField } from 'formik';
import type { InputHTMLAttributes } from 'react';

interface TextFieldProps extends Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete' | 'inputMode'> {
  id: string;
  name: string;
  label: string;
}

export function TextField({ id, name, label, ...input }: TextFieldProps) {
  const [field, meta] = useField<string>(name);
  const error = meta.touched ? meta.error : undefined;
  return (
    <div className="gestao-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} {...field} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-erro` : undefined} />
      {error && (
        <p className="gestao-field__error" id={`${id}-erro`}>
          {error}
        </p>
      )}
    </div>
  );
}
