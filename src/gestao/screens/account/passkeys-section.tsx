/**
 * "Chaves de acesso" (passkeys): the ones this account has, when each was added and last used, one
 * more added under a name (the browser asks the device to make it, with a PIN or a fingerprint),
 * and one removed (after the password again: the API client asks for it). Shown in "A minha conta"
 * and, for an administrator without a second factor, on the enrolment screen.
 */
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { Trans, useLingui } from '@lingui/react/macro';
import { Form, Formik } from 'formik';
import { passkeyNameSchema } from '../../../common/gestao/passkey-schema';
import type { PasskeySummary } from '../../../common/gestao/staff-views';
import { gestaoEndpoints } from '../../../common/gestao/api/gestao-endpoints';
import { api, refusalMessage } from '../../api';
import { lisbonMoment } from '../../lisbon-format';
import { useRowAction } from '../../row-action';
import { StatusLine } from '../../status-line';
import { TextField } from '../../text-field';
import { useGestaoData } from '../../use-gestao-data';
import { AccountTable } from './account-table';

/**
 * `onChange` runs after a passkey is added or removed: the session is read again, since an
 * administrator's passkey may be their second factor (the enrolment screen opens or closes).
 */
export function PasskeysSection({ onChange }: { onChange: () => void }) {
  const list = useGestaoData(gestaoEndpoints.passkeys);
  const { status, setStatus, act } = useRowAction(list);
  const { t } = useLingui();
  const failed = (error: unknown, otherwise: string) => setStatus({ kind: 'error', text: refusalMessage(error, otherwise) });

  async function remove(passkey: PasskeySummary) {
    const { name } = passkey;
    const removed = await act(() => api(gestaoEndpoints.removePasskey, { params: { id: passkey.id } }), {
      done: t`Chave de acesso «${name}» removida.`,
      failed: t`Não foi possível remover a chave de acesso.`,
    });
    if (removed) onChange();
  }

  const passkeys = list.data?.passkeys ?? [];
  const removeName = ({ name }: PasskeySummary) => t`Remover ${name}`;
  return (
    <section aria-labelledby="chaves-titulo">
      <h2 id="chaves-titulo">
        <Trans>Chaves de acesso</Trans>
      </h2>
      <p>
        <Trans>Uma chave de acesso entra sem palavra-passe, com o desbloqueio do dispositivo (PIN, impressão digital ou rosto).</Trans>
      </p>
      {list.error && <p role="alert">{list.error}</p>}
      {passkeys.length > 0 && (
        <AccountTable
          headers={[t`Nome`, t`Acrescentada`, t`Último uso`]}
          rows={passkeys}
          rowKey={(p) => p.id}
          cells={(p) => [p.name, lisbonMoment(p.createdAt), p.lastUsedAt ? lisbonMoment(p.lastUsedAt) : t`nunca`]}
          last={(p) => ({ button: { label: t`Remover`, name: removeName(p), onClick: () => void remove(p) } })}
        />
      )}
      <Formik
        initialValues={{ name: '' }}
        validationSchema={passkeyNameSchema}
        onSubmit={async ({ name }, { resetForm }) => {
          setStatus(undefined);
          let options: PublicKeyCredentialCreationOptionsJSON;
          try {
            options = await api(gestaoEndpoints.passkeyOptions);
          } catch (error) {
            failed(error, t`Não foi possível acrescentar a chave de acesso.`);
            return;
          }
          let credential;
          try {
            credential = await startRegistration({ optionsJSON: options });
          } catch {
            // The device made no passkey: cancelled by the person, or not able to.
            setStatus({
              kind: 'error',
              text: t`O dispositivo não criou a chave de acesso (pedido cancelado, ou sem suporte para chaves de acesso).`,
            });
            return;
          }
          try {
            await api(gestaoEndpoints.addPasskey, { body: { name, credential } });
          } catch (error) {
            failed(error, t`Não foi possível acrescentar a chave de acesso.`);
            return;
          }
          resetForm();
          const added = name.trim();
          setStatus({ kind: 'ok', text: t`Chave de acesso «${added}» acrescentada.` });
          list.reload();
          onChange();
        }}
      >
        {({ isSubmitting }) => (
          <Form className="gestao-form" noValidate aria-label={t`Nova chave de acesso`}>
            <TextField id="chave-nome" name="name" label={t`Nome da nova chave (por exemplo, o dispositivo)`} autoComplete="off" />
            <div className="gestao-actions">
              <button type="submit" disabled={isSubmitting}>
                <Trans>Acrescentar uma chave de acesso</Trans>
              </button>
            </div>
          </Form>
        )}
      </Formik>
      <StatusLine status={status} />
    </section>
  );
}
