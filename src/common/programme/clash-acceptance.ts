/**
 * Accepting a clash of the schedule with a reason: one Yup schema for the form (grid, publish
 * screen) and the server (POST /gestao/api/clashes/accept).
 */
// First, so that the schemas below are built with Yup's messages in pt-PT.
import '../forms/yup-locale';
import { object } from 'yup';
import { trimmedString } from '../forms/trimmed-string';

export const CLASH_REASON_MIN = 10;

const TOO_SHORT = `O motivo tem de ter pelo menos ${CLASH_REASON_MIN} caracteres.`;
const reasonRules = trimmedString('O motivo tem de ser texto.').max(500, 'O motivo não pode passar de 500 caracteres.');

export const clashAcceptanceSchema = object({
  key: trimmedString('Falta o conflito a aceitar.').required('Falta o conflito a aceitar.').max(2000, 'Este conflito não existe.'),
  reason: reasonRules.required('Escreva o motivo por que aceita este conflito.').min(CLASH_REASON_MIN, TOO_SHORT),
});

/** The same reason, where accepting is optional (a last-minute change that would make a block clash): absent or empty is none. */
export const optionalClashReason = reasonRules.optional().test('long-enough', TOO_SHORT, (v) => !v || v.length >= CLASH_REASON_MIN);

/** Who works the programme's desk: the grid, and accepting a clash (Programação and Administração). */
export const CLASH_ACCEPT_ROLES = ['programacao', 'administracao'] as const;
