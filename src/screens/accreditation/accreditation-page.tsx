/**
 * /acreditacoes: the accreditation request (spec section 5). Formik validates with the schema the
 * server uses; a success clears the form and says so; a failure keeps what was typed and shows the
 * server's messages. Beside it, what a journalist needs before asking: the accreditation rules
 * (a support item of the press area) and who answers the press, both from the content.
 */
import { Form, Formik } from 'formik';
import { Link } from 'react-router-dom';
import { apiUrl, fileEndpoints } from '../../common/api/endpoint-refs';
import { accreditationSchema, type AccreditationInput } from '../../common/forms/form-schemas';
import { FormBootFields } from '../../forms/form-boot';
import { FormField } from '../../forms/form-field';
import { FormFooter } from '../../forms/form-footer';
import { useFormSubmit } from '../../forms/use-form-submit';
import { usePrefs } from '../../hooks/use-prefs';
import { useRouteData } from '../../routing/route-kit';
import { accreditationRoute } from './accreditation-route';
import './accreditation-page.css';
import { accreditationPath, pressSupportPath } from '../../common/addresses/page-paths';

const EMPTY: AccreditationInput = { name: '', company: '', email: '', telf: '' };

export default function AccreditationPage() {
  const form = useFormSubmit('accreditation', EMPTY, { validationSchema: accreditationSchema });
  const press = usePrefs()?.press;
  const rules = useRouteData(accreditationRoute).support.data?.find((item) => item.id === press?.accreditationRulesId);

  return (
    <div className="page page--narrow accreditation-page">
      <h1 className="page__title">Acreditações</h1>
      {rules || press?.contactEmail ? (
        <aside className="accreditation-info" aria-label="Antes de pedir">
          {rules ? (
            <p>
              Leia primeiro o{' '}
              <a href={apiUrl(fileEndpoints.downloadPress, { id: rules.id })} download>
                {rules.title}
              </a>{' '}
              (PDF; também nos <Link to={pressSupportPath()}>Materiais de Apoio</Link>).
            </p>
          ) : null}
          {press?.contactEmail ? (
            <p>
              Dúvidas sobre a acreditação:{' '}
              {press.contactName ? `${press.contactName}, assessoria de imprensa, ` : 'assessoria de imprensa, '}
              <a href={`mailto:${press.contactEmail}`}>{press.contactEmail}</a>.
            </p>
          ) : null}
        </aside>
      ) : null}
      <Formik<AccreditationInput> {...form.formik}>
        {({ isSubmitting }) => (
          <Form method="post" action={accreditationPath()} className="form" noValidate aria-describedby="accreditation-note">
            <FormBootFields />
            <p id="accreditation-note" className="form__note">
              Os campos assinalados com * são obrigatórios.
            </p>
            <FormField name="name" label="Nome*" autoComplete="name" />
            <FormField name="company" label="Entidade*" autoComplete="organization" />
            <FormField name="email" label="Email*" type="email" autoComplete="email" />
            <FormField name="telf" label="Telefone*" type="tel" autoComplete="tel" />
            <FormFooter submitLabel="Enviar" disabled={isSubmitting} status={form.status} failure={form.failure} />
          </Form>
        )}
      </Formik>
    </div>
  );
}
