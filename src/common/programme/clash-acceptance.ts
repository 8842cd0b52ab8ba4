/**
 * Accepting a clash of the schedule with a reason: one Yup schema for the form (grid, publish
 * screen) and the server (POST /gestao/api/clashes/accept).
 */
// First, so that the schemas below are built with Yup's messages in pt-PT.
import '../forms/yup-locale';
import { object } from 'yup';
import { trimmedString } from '../forms/trimmed-string';
import { say } from './message-text';

export const CLASH_REASON_MIN = 10;

// The back office's words (its catalog, lingui.gestao.config.ts), said in pt-PT as the schemas are built.
const WORDS = {
  tooShort: /*i18n*/ { id: 'gestao.clash.reasonTooShort', message: 'O motivo tem de ter pelo menos {min} caracteres.' },
  notText: /*i18n*/ { id: 'gestao.clash.reasonNotText', message: 'O motivo tem de ser texto.' },
  tooLong: /*i18n*/ { id: 'gestao.clash.reasonTooLong', message: 'O motivo não pode passar de 500 caracteres.' },
  keyMissing: /*i18n*/ { id: 'gestao.clash.keyMissing', message: 'Falta o conflito a aceitar.' },
  unknown: /*i18n*/ { id: 'gestao.clash.unknown', message: 'Este conflito não existe.' },
  reasonMissing: /*i18n*/ { id: 'gestao.clash.reasonMissing', message: 'Escreva o motivo por que aceita este conflito.' },
};

const TOO_SHORT = say(WORDS.tooShort, { min: CLASH_REASON_MIN });
const reasonRules = trimmedString(say(WORDS.notText)).max(500, say(WORDS.tooLong));

export const clashAcceptanceSchema = object({
  key: trimmedString(say(WORDS.keyMissing)).required(say(WORDS.keyMissing)).max(2000, say(WORDS.unknown)),
  reason: reasonRules.required(say(WORDS.reasonMissing)).min(CLASH_REASON_MIN, TOO_SHORT),
});

/** The same reason, where accepting is optional (a last-minute change that would make a block clash): absent or empty is none. */
export const optionalClashReason = reasonRules.optional().test('long-enough', TOO_SHORT, (v) => !v || v.length >= CLASH_REASON_MIN);

/** Who works the programme's desk: the grid, and accepting a clash (Programação and Administração). */
export const CLASH_ACCEPT_ROLES = ['programacao', 'administracao'] as const;
