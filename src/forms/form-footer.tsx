import './form-footer.css';
/** The end of a form: its submit button (disabled while sending), then the outcome lines. */
export function FormFooter({
  submitLabel,
  disabled,
  status,
  failure,
}: {
  submitLabel: string;
  disabled: boolean;
  status?: string;
  failure: string;
}) {
  return (
    <>
      <div className="form__actions">
        <button type="submit" className="button" disabled={disabled}>
          {submitLabel}
        </button>
      </div>
      {status === undefined ? null : (
        <p className="form__status" role="status">
          {status}
        </p>
      )}
      <p className="form__error" role="alert">
        {failure}
      </p>
    </>
  );
}
