/** The invitation link (/gestao/convite/:token): the new person chooses a password and is logged in. */
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ref, string } from 'yup';
import { invitationAcceptSchema } from '../../common/gestao/staff-schemas';
import { gestaoEndpoints } from '../../common/gestao/api/gestao-endpoints';
import { api, GestaoApiError } from '../api';
import { useStaffSession } from '../staff-session';
import { StatusLine } from '../status-line';
import { TextField } from '../text-field';
import { useGestaoData } from '../use-gestao-data';

/** The body the server takes, and the password typed a second time (only the form checks it). */
const passwordSchema = invitationAcceptSchema.shape({
  repeated: string()
    .required('Repita a palavra-passe.')
    .oneOf([ref('password')], 'As duas palavras-passe não são iguais.'),
});

export function InvitationScreen() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { refresh } = useStaffSession();
  const invitation = useGestaoData(gestaoEndpoints.invitation, { params: { token } });
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  return (
    <main className="gestao-login" id="conteudo">
      <h1>Convite para a gestão do site</h1>
      {invitation.error && <p role="alert">{invitation.error}</p>}
      {invitation.data && (
        <>
          <p>
            {invitation.data.email} · {invitation.data.roleLabel}
          </p>
          <Formik
            initialValues={{ password: '', repeated: '' }}
            validationSchema={passwordSchema}
            onSubmit={async (values) => {
              setRefusal(undefined);
              try {
                await api(gestaoEndpoints.acceptInvitation, { params: { token }, body: { password: values.password } });
                await refresh();
                void navigate('/', { replace: true });
              } catch (error) {
                setRefusal(error instanceof GestaoApiError ? error.message : 'Não foi possível aceitar o convite.');
              }
            }}
          >
            {({ isSubmitting }) => (
              <Form className="gestao-form" noValidate>
                <TextField
                  id="convite-password"
                  name="password"
                  label="Palavra-passe (pelo menos 15 caracteres)"
                  type="password"
                  autoComplete="new-password"
                />
                <TextField
                  id="convite-repeated"
                  name="repeated"
                  label="Repita a palavra-passe"
                  type="password"
                  autoComplete="new-password"
                />
                <StatusLine status={refusal === undefined ? undefined : { kind: 'error', text: refusal }} />
                <div className="gestao-actions">
                  <button type="submit" disabled={isSubmitting}>
                    Criar a conta e entrar
                  </button>
                </div>
              </Form>
            )}
          </Formik>
        </>
      )}
    </main>
  );
}
