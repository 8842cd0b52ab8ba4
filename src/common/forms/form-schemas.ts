/**
 * The one Yup schema per form: Formik validates with it in the browser and the server validates
 * every POST body with it, so a visitor and the API always get the same messages.
 *
 * The messages are descriptors (explicit ids, pt-PT source text in the catalogs) and a schema is
 * built for one language: `newsletterSchemaIn(i18n)` by a page with its own i18n (Formik's errors
 * are then text in the page's language) and by the server for a form posted without JavaScript to
 * /en/… or /it/… (server/render/form-posts.ts, the posted address's language). The schemas built
 * once below (`newsletterSchema`, …) speak pt-PT: the JSON API's language (its answers and the
 * OpenAPI document are pt-PT, as before); the JavaScript forms never show those answers' field
 * messages, since Formik refuses the same values first in the visitor's language, and they say
 * a stored post's success with the page's own message (FORM_MESSAGES).
 */
import { number, object, string, type InferType } from 'yup';
import { TICKETS_MAX, TICKETS_MIN } from '../constants';
import { withValues, type I18n, type MessageDescriptor } from '../i18n/i18n';

/** An ordinary email address with a 2 to 4 letter ending, as the spec asks. */
const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,4}$/i;
const PHONE_PATTERN = /^\+?[0-9 ()-]{6,20}$/;

/**
 * Every message of the public forms. The address field: the site writes "e-mail"; the spec's
 * quoted texts ('Email*', 'Campo Email é obrigatório.', 'Endereço de email inválido.') are kept to
 * the letter where the spec gives them.
 */
export const FORM_MESSAGES = {
  invalidEmail: /*i18n*/ { id: 'forms.invalidEmail', message: 'Endereço de email inválido.' },
  newsletterEmailMissing: /*i18n*/ { id: 'forms.newsletter.emailMissing', message: 'Falta o endereço de email' },
  newsletterCityMissing: /*i18n*/ { id: 'forms.newsletter.cityMissing', message: 'Falta a cidade' },
  nameRequired: /*i18n*/ { id: 'forms.name.required', message: 'Campo Nome é obrigatório.' },
  companyRequired: /*i18n*/ { id: 'forms.company.required', message: 'Campo Entidade é obrigatório.' },
  emailRequired: /*i18n*/ { id: 'forms.email.required', message: 'Campo Email é obrigatório.' },
  ticketEmailRequired: /*i18n*/ { id: 'forms.ticketEmail.required', message: 'Campo E-mail é obrigatório.' },
  phoneRequired: /*i18n*/ { id: 'forms.phone.required', message: 'Campo Telefone é obrigatório.' },
  nameTooLong: /*i18n*/ { id: 'forms.name.tooLong', message: 'Campo Nome não pode ter mais de {max} caracteres.' },
  companyTooLong: /*i18n*/ { id: 'forms.company.tooLong', message: 'Campo Entidade não pode ter mais de {max} caracteres.' },
  emailTooLong: /*i18n*/ { id: 'forms.email.tooLong', message: 'Campo Email não pode ter mais de {max} caracteres.' },
  ticketEmailTooLong: /*i18n*/ { id: 'forms.ticketEmail.tooLong', message: 'Campo E-mail não pode ter mais de {max} caracteres.' },
  cityTooLong: /*i18n*/ { id: 'forms.city.tooLong', message: 'Campo Cidade não pode ter mais de {max} caracteres.' },
  invalidPhone: /*i18n*/ { id: 'forms.invalidPhone', message: 'Número de telefone inválido.' },
  sessionMissing: /*i18n*/ { id: 'forms.ticket.sessionMissing', message: 'Escolha uma sessão.' },
  ticketsRange: /*i18n*/ { id: 'forms.ticket.range', message: 'Pode pedir entre {min} e {max} bilhetes.' },
  ticketsMissing: /*i18n*/ { id: 'forms.ticket.missing', message: 'Indique o número de bilhetes.' },
  accreditationSuccess: /*i18n*/ { id: 'forms.accreditation.sent', message: 'Pedido enviado com sucesso.' },
  newsletterSuccess: /*i18n*/ {
    id: 'forms.newsletter.sent',
    message: 'Obrigado por subscrever a newsletter. Em breve começará a receber regularmente as nossas publicações.',
  },
  ticketSuccess: /*i18n*/ { id: 'forms.ticket.sent', message: 'Pedido de bilhetes enviado com sucesso.' },
  /** The answer to a ticket request for a session that has already begun (server/api/submission-routes.ts). */
  sessionStarted: /*i18n*/ { id: 'forms.ticket.sessionStarted', message: 'Esta sessão já começou: escolha outra.' },
  /** A post without its form's shape (a malformed body, a bad hidden key): server/render/form-posts.ts. */
  invalidForm: /*i18n*/ {
    id: 'forms.invalidPost',
    message: 'O formulário enviado não é válido. Recarregue a página e tente novamente.',
  },
  tooLarge: /*i18n*/ { id: 'forms.tooLarge', message: 'O formulário enviado é demasiado grande.' },
} satisfies Record<string, MessageDescriptor>;

export type FormMessage = keyof typeof FORM_MESSAGES;

/** The values of the messages that have some. */
const VALUES: Partial<Record<FormMessage, Record<string, number>>> = {
  nameTooLong: { max: 120 },
  companyTooLong: { max: 120 },
  emailTooLong: { max: 254 },
  ticketEmailTooLong: { max: 254 },
  cityTooLong: { max: 80 },
  ticketsRange: { min: TICKETS_MIN, max: TICKETS_MAX },
};

/** A form message in one language. */
export type Say = (key: FormMessage) => string;

/** A form message in the language of `i18n`. */
export const sayIn =
  (i18n: I18n): Say =>
  (key) =>
    i18n._(withValues(FORM_MESSAGES[key], VALUES[key] ?? {}));

/** The pt-PT source text of a form message (its placeholders filled): no catalog needed. */
const sayPt: Say = (key) => FORM_MESSAGES[key].message.replace(/\{(\w+)\}/g, (whole, name: string) => String(VALUES[key]?.[name] ?? whole));

/** The messages in pt-PT, as the JSON API answers them (and the tests quote them). */
export const MESSAGES = Object.fromEntries(Object.keys(FORM_MESSAGES).map((key) => [key, sayPt(key as FormMessage)])) as Record<
  FormMessage,
  string
>;

/**
 * Visitors' text is one line of plain text: control characters (NUL, line breaks, escapes) and
 * the invisible bidirectional overrides that can disguise text in a spreadsheet are removed.
 */
const isUnsafe = (code: number) =>
  code < 0x20 ||
  (code >= 0x7f && code <= 0x9f) ||
  code === 0x200e ||
  code === 0x200f ||
  (code >= 0x202a && code <= 0x202e) ||
  (code >= 0x2066 && code <= 0x2069);
const plainText = (value: unknown) =>
  typeof value === 'string'
    ? Array.from(value, (c) => (isUnsafe(c.codePointAt(0) ?? 0) ? ' ' : c))
        .join('')
        .replace(/\s+/g, ' ')
    : value;
const text = () => string().transform(plainText).trim();

const email = (say: Say, missing: FormMessage, tooLong: FormMessage) =>
  text().required(say(missing)).max(254, say(tooLong)).matches(EMAIL_PATTERN, say('invalidEmail'));

const buildNewsletter = (say: Say) =>
  object({
    email: email(say, 'newsletterEmailMissing', 'emailTooLong'),
    city: text().required(say('newsletterCityMissing')).max(80, say('cityTooLong')),
  });

const buildAccreditation = (say: Say) =>
  object({
    name: text().required(say('nameRequired')).max(120, say('nameTooLong')),
    company: text().required(say('companyRequired')).max(120, say('companyTooLong')),
    email: email(say, 'emailRequired', 'emailTooLong'),
    telf: text().required(say('phoneRequired')).matches(PHONE_PATTERN, say('invalidPhone')),
  });

const buildTicket = (say: Say) =>
  object({
    session_id: string()
      .trim()
      .required(say('sessionMissing'))
      .matches(/^[1-9][0-9]{0,9}$/, say('sessionMissing')),
    name: text().required(say('nameRequired')).max(120, say('nameTooLong')),
    email: email(say, 'ticketEmailRequired', 'ticketEmailTooLong'),
    tickets: number()
      .typeError(say('ticketsMissing'))
      .required(say('ticketsMissing'))
      .integer(say('ticketsRange'))
      .min(TICKETS_MIN, say('ticketsRange'))
      .max(TICKETS_MAX, say('ticketsRange')),
  });

/** The pt-PT schemas: the JSON API's (src/common/api/endpoints.ts). */
export const newsletterSchema = buildNewsletter(sayPt);
export const accreditationSchema = buildAccreditation(sayPt);
export const ticketSchema = buildTicket(sayPt);
export type NewsletterInput = InferType<typeof newsletterSchema>;
export type AccreditationInput = InferType<typeof accreditationSchema>;

/** Each form's schema with its messages in the language of `i18n` (the page's, or a posted address's). */
export const newsletterSchemaIn = (i18n: I18n) => buildNewsletter(sayIn(i18n));
export const accreditationSchemaIn = (i18n: I18n) => buildAccreditation(sayIn(i18n));
export const ticketSchemaIn = (i18n: I18n) => buildTicket(sayIn(i18n));

/** The forms the outbox can queue, by the API path they are posted to. */
export type FormKind = 'newsletter' | 'accreditation' | 'ticket';

/** Each form's schema in the language of `i18n`. */
export const formSchemaIn = (kind: FormKind, i18n: I18n) =>
  ({ newsletter: newsletterSchemaIn, accreditation: accreditationSchemaIn, ticket: ticketSchemaIn })[kind](i18n);
