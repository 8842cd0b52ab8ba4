/**
 * "Pedir bilhetes": a ticket request for one of a film's sessions, validated by the shared
 * ticket schema (in the page's language) and sent through the outbox like every other form (kept on the device offline).
 * Its own chunk, with Formik and Yup: the film page is hydrated without it (ticket-request.tsx).
 */
import { useLingui } from '@lingui/react/macro';
import { Form, Formik } from 'formik';
import { useMemo } from 'react';
import type { Session } from '../../common/api/api-types';
import { TICKETS_MAX, TICKETS_MIN } from '../../common/constants';
import { ticketSchemaIn } from '../../common/forms/form-schemas';
import type { Locale } from '../../common/i18n/locales';
import { FormBootFields } from '../../forms/form-boot';
import { FormField } from '../../forms/form-field';
import { FormFooter } from '../../forms/form-footer';
import { sessionLine } from '../../detail/sessions-list';
import { useFormSubmit } from '../../forms/use-form-submit';

interface Values {
  session_id: string;
  name: string;
  email: string;
  tickets: string;
}

const EMPTY: Values = { session_id: '', name: '', email: '', tickets: '1' };
const toRequest = (values: Values) => ({ ...values, tickets: Number(values.tickets) });
const TICKET_OPTIONS = Array.from({ length: TICKETS_MAX - TICKETS_MIN + 1 }, (_, i) => String(TICKETS_MIN + i)).map((n) => ({
  value: n,
  label: n,
}));

interface Props {
  /** The sessions offered (those that have not started, once the browser knows the time). */
  sessions: Session[];
  /** The form posts (without JavaScript) to its film's page. */
  action: string;
  /** What the server's form held when this code arrived, typed before it (see FormBootFields). */
  typedBefore?: Readonly<Record<string, string>>;
}

export function TicketRequestForm({ sessions, action, typedBefore }: Props) {
  const { t, i18n } = useLingui();
  const validationSchema = useMemo(() => ticketSchemaIn(i18n), [i18n]);
  const form = useFormSubmit('ticket', EMPTY, { validationSchema, toSend: toRequest });
  const sessionOptions = [
    { value: '', label: t`Escolha uma sessão` },
    ...sessions.map((s) => ({ value: s.id, label: sessionLine(s, i18n.locale as Locale) })),
  ];
  return (
    <Formik<Values> {...form.formik}>
      {({ isSubmitting }) => (
        <Form method="post" action={action} className="form" noValidate>
          <FormBootFields typedBefore={typedBefore} />
          <FormField name="session_id" label={t`Sessão*`} options={sessionOptions} />
          <FormField name="name" label={t`Nome*`} autoComplete="name" />
          <FormField name="email" label={t`E-mail*`} type="email" autoComplete="email" />
          <FormField name="tickets" label={t`Bilhetes*`} options={TICKET_OPTIONS} />
          <FormFooter submitLabel={t`Pedir bilhetes`} disabled={isSubmitting} status={form.status} failure={form.failure} />
        </Form>
      )}
    </Formik>
  );
}
