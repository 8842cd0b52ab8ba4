/** "Equipa" (administrators): who has an account, with which role, and a one-time invitation link for someone new. */
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { ROLE_LABELS, ROLES, type Role } from '../../common/gestao/roles';
import { invitationSchema } from '../../common/gestao/staff-schemas';
import { api, GestaoApiError } from '../api';
import { StatusLine } from '../status-line';
import { TextField } from '../text-field';
import { useGestaoData } from '../use-gestao-data';

interface UserView {
  id: number;
  email: string;
  role: Role;
  roleLabel: string;
  createdAt: string;
  disabledAt: string | null;
}

export function UsersScreen() {
  const users = useGestaoData<{ users: UserView[] }>('/users');
  const [invitation, setInvitation] = useState<{ email: string; link: string } | undefined>(undefined);
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  return (
    <>
      <h1>Equipa</h1>
      {users.error && <p role="alert">{users.error}</p>}
      <table className="gestao-table">
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Perfil</th>
            <th scope="col">Estado</th>
          </tr>
        </thead>
        <tbody>
          {users.data?.users.map((user) => (
            <tr key={user.id}>
              <td>{user.email}</td>
              <td>{user.roleLabel}</td>
              <td>{user.disabledAt ? 'Desativado' : 'Ativo'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Convidar</h2>
      <Formik
        initialValues={{ email: '', role: '' }}
        validationSchema={invitationSchema}
        onSubmit={async (values, helpers) => {
          setRefusal(undefined);
          try {
            const answer = await api<{ link: string }>('POST', '/invitations', values);
            setInvitation({ email: values.email, link: answer.link });
            helpers.resetForm();
            users.reload();
          } catch (error) {
            setRefusal(error instanceof GestaoApiError ? error.message : 'Não foi possível criar o convite.');
          }
        }}
      >
        {({ errors, touched, getFieldProps, isSubmitting }) => (
          <Form className="gestao-form" noValidate>
            <div className="gestao-fields">
              <TextField id="convite-email" name="email" label="Email" type="email" />
              <div className="gestao-field">
                <label htmlFor="convite-perfil">Perfil</label>
                <select
                  id="convite-perfil"
                  aria-invalid={touched.role && errors.role ? true : undefined}
                  aria-describedby={touched.role && errors.role ? 'convite-perfil-erro' : undefined}
                  {...getFieldProps('role')}
                >
                  <option value="">Escolha…</option>
                  {ROLES.map((role) => (
                    <option key={role} value={role}>
                      {ROLE_LABELS[role]}
                    </option>
                  ))}
                </select>
                {touched.role && errors.role && (
                  <p className="gestao-field__error" id="convite-perfil-erro">
                    {errors.role}
                  </p>
                )}
              </div>
            </div>
            <StatusLine status={refusal === undefined ? undefined : { kind: 'error', text: refusal }} />
            <div className="gestao-actions">
              <button type="submit" disabled={isSubmitting}>
                Criar convite
              </button>
            </div>
          </Form>
        )}
      </Formik>
      {invitation && (
        <div className="gestao-status gestao-status--ok" role="status">
          <p>Convite para {invitation.email}, válido 72 horas e uma só vez. Envie-lhe esta ligação:</p>
          <p>
            <code className="gestao-link">{invitation.link}</code>
          </p>
        </div>
      )}
    </>
  );
}
