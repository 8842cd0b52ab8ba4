/**
 * Yup's own messages in pt-PT, for whatever a schema gives no message of its own (a list where a
 * number belongs, a null where text does): the back office's forms and its API then refuse in one
 * language. The messages a schema states are kept; these only replace Yup's English defaults.
 *
 * Yup reads its defaults when a schema is built, so every module that builds back-office schemas
 * imports this one first (`import '../yup-locale'`, before its other imports).
 */
import { setLocale } from 'yup';
import type { MessageDescriptor } from '../i18n/i18n';
import { say } from '../programme/message-text';

type Params = { path?: string; label?: unknown };

/** "O campo «title»", or "O valor" for a whole body: said when Yup refuses, so in the back office's pt-PT. */
const who = ({ path, label }: Params): string => {
  const name = typeof label === 'string' && label ? label : path && path !== 'this' ? path : '';
  return name
    ? say(/*i18n*/ { id: 'gestao.yup.theField', message: 'O campo «{name}»' }, { name })
    : say(/*i18n*/ { id: 'gestao.yup.theValue', message: 'O valor' });
};

const TYPE_NAMES: Record<string, MessageDescriptor> = {
  string: /*i18n*/ { id: 'gestao.yup.type.string', message: 'texto' },
  number: /*i18n*/ { id: 'gestao.yup.type.number', message: 'um número' },
  boolean: /*i18n*/ { id: 'gestao.yup.type.boolean', message: 'verdadeiro ou falso' },
  date: /*i18n*/ { id: 'gestao.yup.type.date', message: 'uma data' },
  object: /*i18n*/ { id: 'gestao.yup.type.object', message: 'um objeto' },
  array: /*i18n*/ { id: 'gestao.yup.type.array', message: 'uma lista' },
  tuple: /*i18n*/ { id: 'gestao.yup.type.array', message: 'uma lista' },
  mixed: /*i18n*/ { id: 'gestao.yup.type.mixed', message: 'um valor' },
};
const ANY_VALID = /*i18n*/ { id: 'gestao.yup.type.valid', message: 'um valor válido' };

setLocale({
  mixed: {
    default: (p: Params) => say(/*i18n*/ { id: 'gestao.yup.mixed.default', message: '{who} é inválido.' }, { who: who(p) }),
    required: (p: Params) => say(/*i18n*/ { id: 'gestao.yup.mixed.required', message: '{who} é obrigatório.' }, { who: who(p) }),
    defined: (p: Params) => say(/*i18n*/ { id: 'gestao.yup.mixed.defined', message: '{who} é obrigatório.' }, { who: who(p) }),
    notNull: (p: Params) =>
      say(/*i18n*/ { id: 'gestao.yup.mixed.notNull', message: '{who} não pode ficar vazio (null).' }, { who: who(p) }),
    oneOf: (p: Params) =>
      say(/*i18n*/ { id: 'gestao.yup.mixed.oneOf', message: '{who} tem de ser um dos valores da lista.' }, { who: who(p) }),
    notOneOf: (p: Params) => say(/*i18n*/ { id: 'gestao.yup.mixed.notOneOf', message: '{who} não pode ter este valor.' }, { who: who(p) }),
    notType: (p: Params & { type?: string }) =>
      say(
        /*i18n*/ { id: 'gestao.yup.mixed.notType', message: '{who} tem de ser {type}.' },
        { who: who(p), type: say(TYPE_NAMES[p.type ?? 'mixed'] ?? ANY_VALID) },
      ),
  },
  string: {
    length: (p: Params & { length: number }) =>
      say(/*i18n*/ { id: 'gestao.yup.string.length', message: '{who} tem de ter {length} caracteres.' }, { who: who(p), length: p.length }),
    min: (p: Params & { min: number }) =>
      say(/*i18n*/ { id: 'gestao.yup.string.min', message: '{who} tem de ter pelo menos {min} caracteres.' }, { who: who(p), min: p.min }),
    max: (p: Params & { max: number }) =>
      say(/*i18n*/ { id: 'gestao.yup.string.max', message: '{who} não pode ter mais de {max} caracteres.' }, { who: who(p), max: p.max }),
    matches: (p: Params) =>
      say(/*i18n*/ { id: 'gestao.yup.string.matches', message: '{who} não tem o formato esperado.' }, { who: who(p) }),
    email: (p: Params) =>
      say(/*i18n*/ { id: 'gestao.yup.string.email', message: '{who} tem de ser um endereço de e-mail.' }, { who: who(p) }),
    url: (p: Params) => say(/*i18n*/ { id: 'gestao.yup.string.url', message: '{who} tem de ser um endereço da Web.' }, { who: who(p) }),
    uuid: (p: Params) =>
      say(/*i18n*/ { id: 'gestao.yup.string.uuid', message: '{who} tem de ser um identificador (UUID).' }, { who: who(p) }),
    datetime: (p: Params) =>
      say(/*i18n*/ { id: 'gestao.yup.string.datetime', message: '{who} tem de ser uma data e hora ISO 8601.' }, { who: who(p) }),
    trim: (p: Params) =>
      say(/*i18n*/ { id: 'gestao.yup.string.trim', message: '{who} não pode começar nem acabar com espaços.' }, { who: who(p) }),
    lowercase: (p: Params) =>
      say(/*i18n*/ { id: 'gestao.yup.string.lowercase', message: '{who} tem de estar em minúsculas.' }, { who: who(p) }),
    uppercase: (p: Params) =>
      say(/*i18n*/ { id: 'gestao.yup.string.uppercase', message: '{who} tem de estar em maiúsculas.' }, { who: who(p) }),
  },
  number: {
    min: (p: Params & { min: number }) =>
      say(/*i18n*/ { id: 'gestao.yup.number.min', message: '{who} tem de ser pelo menos {min}.' }, { who: who(p), min: p.min }),
    max: (p: Params & { max: number }) =>
      say(/*i18n*/ { id: 'gestao.yup.number.max', message: '{who} não pode passar de {max}.' }, { who: who(p), max: p.max }),
    lessThan: (p: Params & { less: number }) =>
      say(/*i18n*/ { id: 'gestao.yup.number.lessThan', message: '{who} tem de ser menor que {less}.' }, { who: who(p), less: p.less }),
    moreThan: (p: Params & { more: number }) =>
      say(/*i18n*/ { id: 'gestao.yup.number.moreThan', message: '{who} tem de ser maior que {more}.' }, { who: who(p), more: p.more }),
    positive: (p: Params) => say(/*i18n*/ { id: 'gestao.yup.number.positive', message: '{who} tem de ser positivo.' }, { who: who(p) }),
    negative: (p: Params) => say(/*i18n*/ { id: 'gestao.yup.number.negative', message: '{who} tem de ser negativo.' }, { who: who(p) }),
    integer: (p: Params) =>
      say(/*i18n*/ { id: 'gestao.yup.number.integer', message: '{who} tem de ser um número inteiro.' }, { who: who(p) }),
  },
  date: {
    min: (p: Params) => say(/*i18n*/ { id: 'gestao.yup.date.min', message: '{who} é uma data cedo demais.' }, { who: who(p) }),
    max: (p: Params) => say(/*i18n*/ { id: 'gestao.yup.date.max', message: '{who} é uma data tarde demais.' }, { who: who(p) }),
  },
  boolean: {
    isValue: (p: Params) =>
      say(/*i18n*/ { id: 'gestao.yup.boolean.isValue', message: '{who} tem de ser verdadeiro ou falso.' }, { who: who(p) }),
  },
  object: {
    noUnknown: (p: Params) =>
      say(/*i18n*/ { id: 'gestao.yup.object.noUnknown', message: '{who} tem campos desconhecidos.' }, { who: who(p) }),
    exact: (p: Params) => say(/*i18n*/ { id: 'gestao.yup.object.exact', message: '{who} tem campos desconhecidos.' }, { who: who(p) }),
  },
  array: {
    length: (p: Params & { length: number }) =>
      say(/*i18n*/ { id: 'gestao.yup.array.length', message: '{who} tem de ter {length} elementos.' }, { who: who(p), length: p.length }),
    min: (p: Params & { min: number }) =>
      say(/*i18n*/ { id: 'gestao.yup.array.min', message: '{who} tem de ter pelo menos {min} elementos.' }, { who: who(p), min: p.min }),
    max: (p: Params & { max: number }) =>
      say(/*i18n*/ { id: 'gestao.yup.array.max', message: '{who} não pode ter mais de {max} elementos.' }, { who: who(p), max: p.max }),
  },
  tuple: {
    notType: (p: Params) => say(/*i18n*/ { id: 'gestao.yup.tuple.notType', message: '{who} tem de ser uma lista.' }, { who: who(p) }),
  },
});
