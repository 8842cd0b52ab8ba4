/** The outcome of an action, said where it happened: a status when it worked, an alert when not. */
export interface Status {
  kind: 'ok' | 'error';
  text: string;
}

export function StatusLine({ status }: { status: Status | undefined }) {
  if (!status) return null;
  return (
    <p className={`gestao-status gestao-status--${status.kind}`} role={status.kind === 'error' ? 'alert' : 'status'}>
      {status.text}
    </p>
  );
}
