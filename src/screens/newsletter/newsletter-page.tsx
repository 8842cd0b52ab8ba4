/**
 * /newsletter (spec section 4, "Newsletter page"): the form is shown on mount; a successful
 * subscription turns the newsletter-form-shown flag off and thanks the visitor, and the form is
 * hidden 3 seconds later while the thank-you stays.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Form, Formik } from 'formik';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { NEWSLETTER_HIDE_DELAY_MS } from '../../common/constants';
import { FORM_MESSAGES, newsletterSchemaIn, type NewsletterInput } from '../../common/forms/form-schemas';
import { localizedPath } from '../../common/i18n/locales';
import { useLocale } from '../../hooks/use-locale';
import { useRouteData } from '../../routing/route-kit';
import { newsletterRoute } from './newsletter-route';
import { FormBootFields } from '../../forms/form-boot';
import { FormField } from '../../forms/form-field';
import { FormFooter } from '../../forms/form-footer';
import { useFormSubmit } from '../../forms/use-form-submit';
import './newsletter-page.css';
import { newsletterPath, searchPath } from '../../common/addresses/page-paths';

const EMPTY: NewsletterInput = { email: '', city: '' };
const CITIES_LIST_ID = 'newsletter-cities';

export default function NewsletterPage() {
  const cities = useRouteData(newsletterRoute).cities.data ?? [];
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const validationSchema = useMemo(() => newsletterSchemaIn(i18n), [i18n]);
  const form = useFormSubmit('newsletter', EMPTY, { validationSchema });
  /** The spec's newsletter-form-shown flag: true on mount, false once subscribed. */
  const formShown = !form.sent;
  /** The form itself leaves the page 3 seconds after the flag turns false (at once when answering a post). */
  const [formHidden, setFormHidden] = useState(form.sent);
  useEffect(() => {
    if (formShown || formHidden) return;
    const timer = window.setTimeout(() => setFormHidden(true), NEWSLETTER_HIDE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [formShown, formHidden]);

  return (
    <div className="page page--narrow newsletter-page">
      <h1 className="page__title">Newsletter</h1>
      <section className="newsletter-form" aria-labelledby="newsletter-form-title">
        <h2 id="newsletter-form-title" className="newsletter-form__title">
          <Trans>Receba as nossas novidades no seu e-mail!</Trans>
        </h2>
        {formHidden ? null : (
          <Formik<NewsletterInput> {...form.formik}>
            {({ isSubmitting }) => (
              <Form method="post" action={localizedPath(newsletterPath(), locale)} className="form" noValidate>
                <FormBootFields />
                <FormField name="email" label={t`E-mail`} type="email" autoComplete="email" />
                <FormField name="city" label={t`Cidade`} autoComplete="address-level2" list={CITIES_LIST_ID}>
                  <datalist id={CITIES_LIST_ID}>
                    {cities.map((c) => (
                      <option key={c.id} value={c.name} />
                    ))}
                  </datalist>
                </FormField>
                <FormFooter submitLabel={t`Subscrever`} disabled={isSubmitting || !formShown} failure={form.failure} />
              </Form>
            )}
          </Formik>
        )}
        <p className="form__status" role="status">
          {formShown ? form.status : i18n._(FORM_MESSAGES.newsletterSuccess)}
        </p>
      </section>
      <p className="newsletter-page__search">
        <Link to={searchPath()} className="button button--ghost">
          <Trans>Pesquisar</Trans>
        </Link>
      </p>
    </div>
  );
}
