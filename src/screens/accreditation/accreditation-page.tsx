/**
 * /acreditacoes: the accreditation request (spec section 5). Formik validates with the schema the
 * server uses; a success clears the form and says so; a failure keeps what was typed and shows the
 * server's messages. Beside it, what a journalist needs before asking: the accreditation rules
 * (a support item of the press area) and who answers the press, both from the content.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Form, Formik } from 'formik';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { apiUrl, fileEndpoints } from '../../common/api/endpoint-refs';
import { accreditationSchemaIn, FORM_MESSAGES, type AccreditationInput } from '../../common/forms/form-schemas';
import { localizedPath } from '../../common/i18n/locales';
import { useLocale } from '../../hooks/use-locale';
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
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const validationSchema = useMemo(() => accreditationSchemaIn(i18n), [i18n]);
  const form = useFormSubmit('accreditation', EMPTY, { validationSchema });
  // A stored post is said in the page's language (the JSON API answers in pt-PT); a kept one keeps its own line.
  const status = form.sent ? i18n._(FORM_MESSAGES.accreditationSuccess) : form.status;
  const press = usePrefs()?.press;
  const rules = useRouteData(accreditationRoute).support.data?.find((item) => item.id === press?.accreditationRulesId);

  return (
    <div className="page page--narrow accreditation-page">
      <h1 className="page__title">
        <Trans>Acreditações</Trans>
      </h1>
      {rules || press?.contactEmail ? (
        <aside className="accreditation-info" aria-label={t`Antes de pedir`}>
          {rules ? (
            <p>
              <Trans>
                Leia primeiro o{' '}
                <a href={apiUrl(fileEndpoints.downloadPress, { id: rules.id })} download>
                  {rules.title}
                </a>{' '}
                (PDF; também nos <Link to={pressSupportPath()}>Materiais de Apoio</Link>).
              </Trans>
            </p>
          ) : null}
          {press?.contactEmail ? (
            <p>
              {press.contactName ? (
                <Trans>
                  Dúvidas sobre a acreditação: {press.contactName}, assessoria de imprensa,{' '}
                  <a href={`mailto:${press.contactEmail}`}>{press.contactEmail}</a>.
                </Trans>
              ) : (
                <Trans>
                  Dúvidas sobre a acreditação: assessoria de imprensa, <a href={`mailto:${press.contactEmail}`}>{press.contactEmail}</a>.
                </Trans>
              )}
            </p>
          ) : null}
        </aside>
      ) : null}
      <Formik<AccreditationInput> {...form.formik}>
        {({ isSubmitting }) => (
          <Form
            method="post"
            action={localizedPath(accreditationPath(), locale)}
            className="form"
            noValidate
            aria-describedby="accreditation-note"
          >
            <FormBootFields />
            <p id="accreditation-note" className="form__note">
              <Trans>Os campos assinalados com * são obrigatórios.</Trans>
            </p>
            <FormField name="name" label={t`Nome*`} autoComplete="name" />
            <FormField name="company" label={t`Entidade*`} autoComplete="organization" />
            <FormField name="email" label={t`Email*`} type="email" autoComplete="email" />
            <FormField name="telf" label={t`Telefone*`} type="tel" autoComplete="tel" />
            <FormFooter submitLabel={t`Enviar`} disabled={isSubmitting} status={status} failure={form.failure} />
          </Form>
        )}
      </Formik>
    </div>
  );
}
