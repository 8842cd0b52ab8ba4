/**
 * The refusals a visitor's own post may meet whatever it holds (a key sent again with another body,
 * too many posts, the database away, a failure), worded for a visitor in the language of the page
 * that posted: the form without JavaScript (server/render/form-posts.ts) and the API's answer to a
 * form sent with its `?lang=` (server/plugins/errors.ts) say them alike.
 */
import { withValues, type I18n } from '../../src/common/i18n/i18n';
import { RETRY_AFTER_SECONDS, type describeError } from './http-errors';

const REFUSALS = {
  keyReused: /*i18n*/ { id: 'forms.post.keyReused', message: 'Esta Idempotency-Key já foi usada com outro pedido.' },
  tooMany: /*i18n*/ { id: 'forms.post.tooMany', message: 'Demasiados pedidos. Tente novamente dentro de um minuto.' },
  unavailable: /*i18n*/ {
    id: 'forms.post.unavailable',
    message: 'De momento não é possível guardar o pedido. Nada foi registado: tente novamente dentro de {seconds} segundos.',
  },
  failed: /*i18n*/ { id: 'forms.post.failed', message: 'Ocorreu um erro no servidor. Tente novamente mais tarde.' },
};

/** The refusal's line in `i18n`'s language, or undefined for a status whose words are the request's own (a field, a size). */
export function visitorRefusal({ status, retryAfter }: ReturnType<typeof describeError>, i18n: I18n): string | undefined {
  if (status === 422) return i18n._(REFUSALS.keyReused);
  if (status === 429) return i18n._(REFUSALS.tooMany);
  if (status === 503) return i18n._(withValues(REFUSALS.unavailable, { seconds: retryAfter ?? RETRY_AFTER_SECONDS }));
  if (status >= 500) return i18n._(REFUSALS.failed);
  return undefined;
}
