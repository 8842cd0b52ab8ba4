/**
 * The phone's "Acessibilidade" step: what the session offers (its own features, else its film's)
 * as checkboxes a thumb hits, published at once like any last-minute change. An interpreter who
 * cannot come is a change visitors are told of: the changes page, the card's marker and a push.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Field, Form, Formik } from 'formik';
import { ACCESS_LABELS } from '../../common/gestao/collections/follow-fields';
import { accessOffered, type LastMinuteSession } from '../../common/gestao/last-minute';
import { ACCESS_FEATURES, ACCESS_MARKS, ownCodesFor, resolveFollow } from '../../common/programme/session-access';

export function AccessEditor({
  session,
  busy,
  onPublish,
}: {
  session: LastMinuteSession;
  busy: boolean;
  /** The session's own value to store ('' as the film, 'none', or codes). */
  onPublish: (accessFeatures: string) => void;
}) {
  const { i18n } = useLingui();
  const film = resolveFollow({}, { access_features: session.film_access_features }).access;
  const filmSays = film.map((f) => ACCESS_MARKS[f]).join(', ');
  return (
    <Formik
      initialValues={{ access: accessOffered(session) }}
      onSubmit={({ access }) => onPublish(ownCodesFor(access, session.film_access_features, ACCESS_FEATURES))}
    >
      <Form className="gestao-form last-minute__access" noValidate>
        <fieldset>
          <legend>
            <Trans>Acessibilidade desta sessão</Trans>
          </legend>
          <p className="last-minute__where">
            {film.length > 0 ? <Trans>A do filme: {filmSays}.</Trans> : <Trans>O filme não tem nenhuma.</Trans>}
          </p>
          {ACCESS_FEATURES.map((feature) => (
            <label key={feature} className="last-minute__check">
              <Field type="checkbox" name="access" value={feature} />
              {i18n._(ACCESS_LABELS[feature])}
            </label>
          ))}
        </fieldset>
        <div className="gestao-actions">
          <button type="submit" disabled={busy}>
            <Trans>Publicar</Trans>
          </button>
        </div>
      </Form>
    </Formik>
  );
}
