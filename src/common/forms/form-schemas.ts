/**
 * The one Yup schema per form: Formik validates with it in the browser and the server validates
 * every POST body with it, so a visitor and the API always get the same pt-PT messages.
 */
import { number, object, string, type InferType } from 'yup';
import { TICKETS_MAX, TICKETS_MIN } from '../constants';

/** An ordinary email address with a 2 to 4 letter ending, as the spec asks. */
const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,4}$/i;
const PHONE_PATTERN = /^\+?[0-9 ()-]{6,20}$/;

export const MESSAGES = {
  invalidEmail: 'Endereço de email inválido.',
  newsletterEmailMissing: 'Falta o endereço de email',
  newsletterCityMissing: 'Falta a cidade',
  required: (label: string) => `Campo ${label} é obrigatório.`,
  tooLong: (label: string, max: number) => `Campo ${label} não pode ter mais de ${max} caracteres.`,
  invalidPhone: 'Número de telefone inválido.',
  sessionMissing: 'Escolha uma sessão.',
  ticketsRange: `Pode pedir entre ${TICKETS_MIN} e ${TICKETS_MAX} bilhetes.`,
  ticketsMissing: 'Indique o número de bilhetes.',
  accreditationSuccess: 'Pedido enviado com sucesso.',
  newsletterSuccess: 'Obrigado por subscrever a newsletter. Em breve começará a receber regularmente as nossas publicações.',
  ticketSuccess: 'Pedido de bilhetes enviado com sucesso.',
} as const;

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

/**
 * The address field. The site writes "e-mail"; the spec's quoted texts ('Email*', 'Campo Email é
 * obrigatório.', 'Endereço de email inválido.') are kept to the letter where the spec gives them.
 */
const email = (missing: string, label = 'Email') =>
  text().required(missing).max(254, MESSAGES.tooLong(label, 254)).matches(EMAIL_PATTERN, MESSAGES.invalidEmail);

export const newsletterSchema = object({
  email: email(MESSAGES.newsletterEmailMissing),
  city: text().required(MESSAGES.newsletterCityMissing).max(80, MESSAGES.tooLong('Cidade', 80)),
});
export type NewsletterInput = InferType<typeof newsletterSchema>;

export const accreditationSchema = object({
  name: text().required(MESSAGES.required('Nome')).max(120, MESSAGES.tooLong('Nome', 120)),
  company: text().required(MESSAGES.required('Entidade')).max(120, MESSAGES.tooLong('Entidade', 120)),
  email: email(MESSAGES.required('Email')),
  telf: text().required(MESSAGES.required('Telefone')).matches(PHONE_PATTERN, MESSAGES.invalidPhone),
});
export type AccreditationInput = InferType<typeof accreditationSchema>;

export const ticketSchema = object({
  session_id: string()
    .trim()
    .required(MESSAGES.sessionMissing)
    .matches(/^[1-9][0-9]{0,9}$/, MESSAGES.sessionMissing),
  name: text().required(MESSAGES.required('Nome')).max(120, MESSAGES.tooLong('Nome', 120)),
  email: email(MESSAGES.required('E-mail'), 'E-mail'),
  tickets: number()
    .typeError(MESSAGES.ticketsMissing)
    .required(MESSAGES.ticketsMissing)
    .integer(MESSAGES.ticketsRange)
    .min(TICKETS_MIN, MESSAGES.ticketsRange)
    .max(TICKETS_MAX, MESSAGES.ticketsRange),
});

/** The forms the outbox can queue, by the API path they are posted to. */
export type FormKind = 'newsletter' | 'accreditation' | 'ticket';
