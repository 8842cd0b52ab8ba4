/**
 * A refusal of the server shown where it belongs: under the field it names, or in the status line;
 * a session the server ended (too many wrong passwords) sends the person to the login.
 */
import type { FormikHelpers } from 'formik';
import { GestaoApiError } from './api';
import type { Status } from './status-line';

export interface RefusalShown {
  setStatus: (status: Status) => void;
  /** What the status line says when the server could not be asked. */
  otherwise: string;
  /** Reads the session again (the server ended it). */
  refresh?: () => Promise<unknown>;
  /** The form's field a refusal is about; by default the field the server names. */
  fieldOf?: (error: GestaoApiError) => string | undefined;
}

const namedField = (error: GestaoApiError) => (typeof error.body.field === 'string' ? error.body.field : undefined);

export async function showRefusal<V>(error: unknown, helpers: FormikHelpers<V>, shown: RefusalShown): Promise<void> {
  if (!(error instanceof GestaoApiError)) {
    shown.setStatus({ kind: 'error', text: shown.otherwise });
    return;
  }
  if (error.body.sessionEnded === true && shown.refresh) {
    await shown.refresh();
    return;
  }
  const field = (shown.fieldOf ?? namedField)(error);
  if (field === undefined) {
    shown.setStatus({ kind: 'error', text: error.message });
    return;
  }
  await helpers.setFieldTouched(field, true, false);
  helpers.setFieldError(field, error.message);
}
