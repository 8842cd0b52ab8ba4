/**
 * "Pedir bilhetes": a ticket request for one of a film's sessions, validated by the shared
 * ticketSchema and sent through the outbox like every other form (kept on the device offline).
 */
import { Form, Formik } from 'formik';
import type { Session } from '../../common/api-types';
import { TICKETS_MAX, TICKETS_MIN } from '../../common/constants';
import { ticketSchema } from '../../common/schemas';
import { FormBootFields } from '../../forms/form-boot';
import { FormField } from '../../forms/form-field';
import { FormFooter } from '../../forms/form-footer';
import { sessionLine } from '../../detail/sessions-list';
import { useFormSubmit } from '../../forms/use-form-submit';
import { useLisbonNow } from '../../hooks/use-now';

interface Values {
  session_id: string;
  name: string;
  email: string;
  tickets: string;
}

const EMPTY: Values = { session_id: '', name: '', email: '', tickets: '1' };
const toRequest = (values: Values) => ({ ...values, tickets: Number(values.tickets) });

/** The form posts (without JavaScript) to its film's page, `action`. */
export function TicketRequestForm({ sessions, action }: { sessions: Session[]; action: string }) {
  const form = useFormSubmit('ticket', EMPTY, { validationSchema: ticketSchema, toSend: toRequest });
  // Sessions that have started are not offered. The server's page lists them all (it is rendered
  // once per content version and refuses a started session itself); the browser drops them once
  // it knows the time, after hydration, so both first renders match.
  const now = useLisbonNow(60_000);
  const open = now === null ? sessions : sessions.filter((s) => s.starts_at > now);
  if (open.length === 0) return null;
  const sessionOptions = [{ value: '', label: 'Escolha uma sessão' }, ...open.map((s) => ({ value: s.id, label: sessionLine(s) }))];
  const ticketOptions = Array.from({ length: TICKETS_MAX - TICKETS_MIN + 1 }, (_, i) => String(TICKETS_MIN + i)).map((n) => ({
    value: n,
    label: n,
  }));
  return (
    <section className="detail__section ticket-request" aria-labelledby="ticket-request-title">
      <h2 id="ticket-request-title" className="detail__heading">
        PEDIR BILHETES
      </h2>
      <Formik<Values> {...form.formik}>
        {({ isSubmitting }) => (
          <Form method="post" action={action} className="form" noValidate>
            <FormBootFields />
            <FormField name="session_id" label="Sessão*" options={sessionOptions} />
            <FormField name="name" label="Nome*" autoComplete="name" />
            <FormField name="email" label="E-mail*" type="email" autoComplete="email" />
            <FormField name="tickets" label="Bilhetes*" options={ticketOptions} />
            <FormFooter submitLabel="Pedir bilhetes" disabled={isSubmitting} status={form.status} failure={form.failure} />
          </Form>
        )}
      </Formik>
    </section>
  );
}
