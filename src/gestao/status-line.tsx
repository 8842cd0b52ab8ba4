/** The outcome of an action, said where it happened: a status when it worked, an alert when not. */
import { useRef } from 'react';
import { useToastWhenOutOfView, type Status } from './feedback/toasts';

export type { Status };

/** Off the screen when it appears (a list's end, a form's top on a phone), it is repeated in a toast (feedback/toasts.tsx). */
export function StatusLine({ status }: { status: Status | undefined }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useToastWhenOutOfView(status, ref);
  if (!status) return null;
  return (
    <p
      ref={ref}
      // Focusable by the toast's "Ir para a mensagem", not by Tab.
      tabIndex={-1}
      className={`gestao-status gestao-status--${status.kind}`}
      role={status.kind === 'error' ? 'alert' : 'status'}
    >
      {status.text}
    </p>
  );
}
