/**
 * /acreditacoes: the accreditation request (spec section 5). Formik validates with the schema the
 * server uses; a success clears the form and says so; a failure keeps what was typed and shows the
 * server's messages.
 */
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { accreditationSchema, MESSAGES, type AccreditationInput } from '../common/schemas';
import { FormBootFields, useFormBoot } from '../components/form-boot';
import { FormField } from '../components/form-field';
import { FormFooter } from '../components/form-footer';
import { useFormSubmit } from '../components/use-form-submit';

const EMPTY: AccreditationInput = { name: '', company: '', email: '', telf: '' };

export default function AccreditationPage() {
  const send = useFormSubmit('accreditation');
  /** Empty, or what a post without JavaScript came to (the page answering it). */
  const boot = useFormBoot('accreditation', EMPTY);
  /** The line under the form: the success message, or that the request waits for a connection. */
  const [status, setStatus] = useState(boot.success);
  const [failure, setFailure] = useState(boot.failure);

  return (
    <div className="page page--narrow accreditation-page">
      <h1 className="page__title">Acreditações</h1>
      <Formik<AccreditationInput>
        initialValues={boot.initialValues}
        initialErrors={boot.initialErrors}
        initialTouched={boot.initialTouched}
        validationSchema={accreditationSchema}
        onSubmit={async (values, { resetForm, setErrors }) => {
          setStatus('');
          setFailure('');
          const result = await send(values);
          if (result.ok) {
            resetForm({ values: EMPTY, errors: {}, touched: {} });
            setStatus(result.queued ? result.message : MESSAGES.accreditationSuccess);
            return;
          }
          setErrors(result.fields);
          setFailure(result.message);
        }}
      >
        {({ isSubmitting }) => (
          <Form method="post" action="/acreditacoes" className="form" noValidate aria-describedby="accreditation-note">
            <FormBootFields />
            <p id="accreditation-note" className="form__note">
              Os campos assinalados com * são obrigatórios.
            </p>
            <FormField name="name" label="Nome*" autoComplete="name" />
            <FormField name="company" label="Entidade*" autoComplete="organization" />
            <FormField name="email" label="Email*" type="email" autoComplete="email" />
            <FormField name="telf" label="Telefone*" type="tel" autoComplete="tel" />
            <FormFooter submitLabel="Enviar" disabled={isSubmitting} status={status} failure={failure} />
          </Form>
        )}
      </Formik>
    </div>
  );
}
