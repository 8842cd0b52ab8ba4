/**
 * The form that sets a password: accepting an invitation, a reset link, "A minha conta" (the current
 * password first). The new password is typed twice; its length is checked as it is typed, with the
 * API's own schema of the body (password-schemas.ts); whether it is breached, common or made of the
 * site's words is the server's to say (its lists stay out of this build), and its reason, with what
 * would pass, is shown under the field.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { object, ref, string } from 'yup';
import {
  passwordChangeSchema,
  passwordResetSchema,
  invitationAcceptSchema,
  MIN_PASSWORD_LENGTH,
} from '../../common/gestao/password-schemas';
import { withValues, type I18n } from '../../common/i18n/i18n';
import type { GestaoApiError } from '../api';
import { showRefusal } from '../form-refusal';
import { StatusLine, type Status } from '../status-line';
import { TextField } from '../text-field';

export type NewPasswordPurpose = 'invitation' | 'reset' | 'change';

export interface NewPasswordValues {
  /** Asked only to change one's own password. */
  currentPassword: string;
  password: string;
  repeated: string;
}

// Beside the current password, the new one is "nova" in every word; the first password is not new.
// `password` is the field's label, with the least length ({min}); `missing` says the second field is empty.
const WORDS = {
  invitation: {
    password: msg({ message: 'Palavra-passe (pelo menos {min} caracteres)' }),
    repeated: msg`Repita a palavra-passe`,
    missing: msg`Repita a palavra-passe.`,
    differ: msg`As duas palavras-passe não são iguais.`,
  },
  reset: {
    password: msg({ message: 'Palavra-passe nova (pelo menos {min} caracteres)' }),
    repeated: msg`Repita a palavra-passe`,
    missing: msg`Repita a palavra-passe.`,
    differ: msg`As duas palavras-passe não são iguais.`,
  },
  change: {
    password: msg({ message: 'Palavra-passe nova (pelo menos {min} caracteres)' }),
    repeated: msg`Repita a palavra-passe nova`,
    missing: msg`Repita a palavra-passe nova.`,
    differ: msg`As duas palavras-passe novas não são iguais.`,
  },
} as const;

/** The body the server takes, and the new password typed a second time (only the form checks it). */
function formSchema(purpose: NewPasswordPurpose, i18n: I18n) {
  const words = WORDS[purpose];
  const repeated = string()
    .required(i18n._(words.missing))
    .oneOf([ref('password')], i18n._(words.differ));
  if (purpose === 'change') {
    const { currentPassword, newPassword } = passwordChangeSchema.fields;
    return object({ currentPassword, password: newPassword, repeated });
  }
  const { password } = (purpose === 'reset' ? passwordResetSchema : invitationAcceptSchema).fields;
  return object({ password, repeated });
}

// The form's own name for the password a refusal is about (the change's body calls the new one newPassword);
// a 400 that names no field refused the new password.
const refusedField = (error: GestaoApiError) =>
  error.body.field === 'currentPassword'
    ? 'currentPassword'
    : error.body.field !== undefined || error.status === 400
      ? 'password'
      : undefined;

interface NewPasswordFormProps {
  purpose: NewPasswordPurpose;
  /** The fields' ids start with it. */
  idPrefix: string;
  submitLabel: string;
  /** Sends the password; what it answers is said in the status line (and the form empties). */
  send: (values: NewPasswordValues) => Promise<Status | undefined>;
  /** What the status line says when the server could not be asked. */
  otherwise: string;
  /** Reads the session again when the server ends it (too many wrong current passwords). */
  refresh?: () => Promise<unknown>;
}

export function NewPasswordForm({ purpose, idPrefix, submitLabel, send, otherwise, refresh }: NewPasswordFormProps) {
  const [status, setStatus] = useState<Status | undefined>(undefined);
  const { i18n, t } = useLingui();
  const words = WORDS[purpose];
  return (
    <Formik<NewPasswordValues>
      initialValues={{ currentPassword: '', password: '', repeated: '' }}
      validationSchema={formSchema(purpose, i18n)}
      onSubmit={async (values, helpers) => {
        setStatus(undefined);
        try {
          const outcome = await send(values);
          if (outcome) {
            helpers.resetForm();
            setStatus(outcome);
          }
        } catch (error) {
          await showRefusal(error, helpers, { setStatus, otherwise, refresh, fieldOf: refusedField });
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form className="gestao-form" noValidate>
          {purpose === 'change' && (
            <TextField
              id={`${idPrefix}-atual`}
              name="currentPassword"
              label={t`Palavra-passe atual`}
              type="password"
              autoComplete="current-password"
            />
          )}
          <TextField
            id={`${idPrefix}-nova`}
            name="password"
            label={i18n._(withValues(words.password, { min: MIN_PASSWORD_LENGTH }))}
            type="password"
            autoComplete="new-password"
          />
          <TextField
            id={`${idPrefix}-repetida`}
            name="repeated"
            label={i18n._(words.repeated)}
            type="password"
            autoComplete="new-password"
          />
          <StatusLine status={status} />
          <div className="gestao-actions">
            <button type="submit" disabled={isSubmitting}>
              {submitLabel}
            </button>
          </div>
        </Form>
      )}
    </Formik>
  );
}
