/**
 * The fields that say whether a visitor can follow a session and get in (session-access.ts): the
 * spoken and subtitles' languages, the age rating and the access features of films and sessions,
 * and a venue's access facts. A session's empty value takes its film's.
 */
import { mixed, number } from 'yup';
import type { MessageDescriptor } from '@lingui/core';
import {
  ACCESS_FEATURES,
  AGE_RATINGS,
  LANGUAGE_CODES,
  NONE,
  codesOf,
  type AccessFeature,
  type AgeRating,
} from '../../programme/session-access';
import { DB_INTEGER_MAX, sayOf, textOf, type FieldKind } from './field-kit';
import { say } from '../gestao-words';

/**
 * Short codes typed in a box ("it en", "ad lgp"), kept in one canonical spelling; `none` (a
 * session's, where its film has some) says there are none.
 */
export const codes = (allowed: readonly string[], { none }: { none: boolean }) =>
  ({
    input: 'text',
    max: 60,
    rule: (label: string) =>
      textOf(label)
        .default('')
        .transform((value: unknown) => (typeof value === 'string' ? codesOf(value).join(' ') : value))
        .test(
          'codes',
          ({ value }: { value?: unknown }) =>
            say(
              /*i18n*/ {
                id: 'gestao.follow.rule.codigos',
                message: 'Campo {label}: «{wrong}» não é um dos códigos ({allowed}).',
              },
              {
                label,
                wrong: codesOf(typeof value === 'string' ? value : '').find((c) => !allowed.includes(c) && !(none && c === NONE)) ?? '',
                allowed: [...allowed, ...(none ? [NONE] : [])].join(', '),
              },
            ),
          (value) => codesOf(value ?? '').every((c) => allowed.includes(c) || (none && c === NONE)),
        )
        .test(
          'none-alone',
          sayOf(/*i18n*/ { id: 'gestao.follow.rule.none-sozinho', message: 'Campo {label}: «none» não vai com outros códigos.' }, label),
          (value) => !codesOf(value ?? '').includes(NONE) || codesOf(value ?? '').length === 1,
        ),
  }) satisfies FieldKind;

/** Each access feature as the staff name it (the phone's checkboxes, the grid's panel). */
export const ACCESS_LABELS: Record<AccessFeature, MessageDescriptor> = {
  sdh: /*i18n*/ { id: 'gestao.follow.access.sdh', message: 'Legendas descritivas para surdos (SDH)' },
  ad: /*i18n*/ { id: 'gestao.follow.access.ad', message: 'Audiodescrição (AD)' },
  lgp: /*i18n*/ { id: 'gestao.follow.access.lgp', message: 'Língua Gestual Portuguesa (LGP)' },
  relaxed: /*i18n*/ { id: 'gestao.follow.access.relaxed', message: 'Sessão descontraída (RELAX)' },
  qa_interpreted: /*i18n*/ { id: 'gestao.follow.access.qa', message: 'Conversa com interpretação (Q&A)' },
};

/** What each access code means, for the help under the fields. */
export const ACCESS_HELP = /*i18n*/ {
  id: 'gestao.follow.access.help',
  message:
    'Códigos separados por espaços: sdh (legendas descritivas), ad (audiodescrição), lgp (Língua Gestual Portuguesa), relaxed (sessão descontraída), qa_interpreted (conversa com interpretação).',
};

export const languages = (opts: { none: boolean }) => codes(LANGUAGE_CODES, opts);
export const accessFeatures = (opts: { none: boolean }) => codes(ACCESS_FEATURES, opts);

/** Portugal's classification; empty: "a classificar" on a film, "como o filme" on a session. */
export const ageRating = (emptyChoice: string) =>
  ({
    input: 'choice',
    choices: AGE_RATINGS.map((rating) => ({ value: rating, text: rating })),
    emptyChoice,
    rule: (label: string) =>
      mixed<AgeRating | ''>()
        .default('')
        .oneOf(
          ['', ...AGE_RATINGS],
          sayOf(/*i18n*/ { id: 'gestao.follow.rule.classificacao', message: 'Campo {label}: escolha uma classificação da lista.' }, label),
        ),
  }) satisfies FieldKind;

/** How many (a venue's wheelchair places): a whole number, 0 for none. */
export const count = {
  input: 'number',
  start: 0,
  rule: (label: string) =>
    number()
      .default(0)
      .typeError(sayOf(/*i18n*/ { id: 'gestao.follow.rule.numero', message: 'Campo {label} tem de ser um número.' }, label))
      .integer(sayOf(/*i18n*/ { id: 'gestao.follow.rule.inteiro', message: 'Campo {label} tem de ser um número inteiro.' }, label))
      .min(0, sayOf(/*i18n*/ { id: 'gestao.follow.rule.negativo', message: 'Campo {label} não pode ser negativo.' }, label))
      .max(DB_INTEGER_MAX, sayOf(/*i18n*/ { id: 'gestao.follow.rule.grande', message: 'Campo {label} é grande demais.' }, label)),
} satisfies FieldKind;
