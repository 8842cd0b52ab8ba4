/**
 * Yup's own messages in pt-PT, for whatever a schema gives no message of its own (a list where a
 * number belongs, a null where text does): the back office's forms and its API then refuse in one
 * language. The messages a schema states are kept; these only replace Yup's English defaults.
 *
 * Yup reads its defaults when a schema is built, so every module that builds back-office schemas
 * imports this one first (`import '../yup-locale'`, before its other imports).
 */
import { setLocale } from 'yup';

type Params = { path?: string; label?: unknown };

/** "O campo «title»", or "O valor" for a whole body. */
const who = ({ path, label }: Params): string => {
  const name = typeof label === 'string' && label ? label : path && path !== 'this' ? path : '';
  return name ? `O campo «${name}»` : 'O valor';
};

const TYPE_NAMES: Record<string, string> = {
  string: 'texto',
  number: 'um número',
  boolean: 'verdadeiro ou falso',
  date: 'uma data',
  object: 'um objeto',
  array: 'uma lista',
  tuple: 'uma lista',
  mixed: 'um valor',
};

setLocale({
  mixed: {
    default: (p: Params) => `${who(p)} é inválido.`,
    required: (p: Params) => `${who(p)} é obrigatório.`,
    defined: (p: Params) => `${who(p)} é obrigatório.`,
    notNull: (p: Params) => `${who(p)} não pode ficar vazio (null).`,
    oneOf: (p: Params) => `${who(p)} tem de ser um dos valores da lista.`,
    notOneOf: (p: Params) => `${who(p)} não pode ter este valor.`,
    notType: (p: Params & { type?: string }) => `${who(p)} tem de ser ${TYPE_NAMES[p.type ?? 'mixed'] ?? 'um valor válido'}.`,
  },
  string: {
    length: (p: Params & { length: number }) => `${who(p)} tem de ter ${p.length} caracteres.`,
    min: (p: Params & { min: number }) => `${who(p)} tem de ter pelo menos ${p.min} caracteres.`,
    max: (p: Params & { max: number }) => `${who(p)} não pode ter mais de ${p.max} caracteres.`,
    matches: (p: Params) => `${who(p)} não tem o formato esperado.`,
    email: (p: Params) => `${who(p)} tem de ser um endereço de e-mail.`,
    url: (p: Params) => `${who(p)} tem de ser um endereço da Web.`,
    uuid: (p: Params) => `${who(p)} tem de ser um identificador (UUID).`,
    datetime: (p: Params) => `${who(p)} tem de ser uma data e hora ISO 8601.`,
    trim: (p: Params) => `${who(p)} não pode começar nem acabar com espaços.`,
    lowercase: (p: Params) => `${who(p)} tem de estar em minúsculas.`,
    uppercase: (p: Params) => `${who(p)} tem de estar em maiúsculas.`,
  },
  number: {
    min: (p: Params & { min: number }) => `${who(p)} tem de ser pelo menos ${p.min}.`,
    max: (p: Params & { max: number }) => `${who(p)} não pode passar de ${p.max}.`,
    lessThan: (p: Params & { less: number }) => `${who(p)} tem de ser menor que ${p.less}.`,
    moreThan: (p: Params & { more: number }) => `${who(p)} tem de ser maior que ${p.more}.`,
    positive: (p: Params) => `${who(p)} tem de ser positivo.`,
    negative: (p: Params) => `${who(p)} tem de ser negativo.`,
    integer: (p: Params) => `${who(p)} tem de ser um número inteiro.`,
  },
  date: {
    min: (p: Params) => `${who(p)} é uma data cedo demais.`,
    max: (p: Params) => `${who(p)} é uma data tarde demais.`,
  },
  boolean: { isValue: (p: Params) => `${who(p)} tem de ser verdadeiro ou falso.` },
  object: {
    noUnknown: (p: Params) => `${who(p)} tem campos desconhecidos.`,
    exact: (p: Params) => `${who(p)} tem campos desconhecidos.`,
  },
  array: {
    length: (p: Params & { length: number }) => `${who(p)} tem de ter ${p.length} elementos.`,
    min: (p: Params & { min: number }) => `${who(p)} tem de ter pelo menos ${p.min} elementos.`,
    max: (p: Params & { max: number }) => `${who(p)} não pode ter mais de ${p.max} elementos.`,
  },
  tuple: { notType: (p: Params) => `${who(p)} tem de ser uma lista.` },
});
