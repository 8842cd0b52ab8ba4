/** What a form says of a post kept for later: its own module, so saying it loads no database code. */
import { withValues } from '../common/i18n/i18n';
import type { I18n } from '@lingui/core';
import { pagelessI18n } from '../common/programme/message-text';
import { lisbonClockTime } from '../common/time/lisbon-time';

/** pt-PT for a caller with no page (the tests): a page passes its own i18n. */
export const sourceI18n = pagelessI18n;

export const QUEUED = /*i18n*/ { id: 'outbox.queued', message: 'Sem ligação: guardado, será enviado quando voltar a ter ligação.' };
const HELD = /*i18n*/ { id: 'outbox.held', message: 'O servidor pediu para aguardar: guardado, será enviado às {at}.' };
/** A post the server refused without saying why. */
export const REFUSED = /*i18n*/ { id: 'outbox.refused', message: 'O pedido foi recusado.' };

/** The pt-PT words of QUEUED (what the forms' tests compare with). */
export const QUEUED_MESSAGE = QUEUED.message;

/** A post kept because the server asked to wait (429, 503): when it will go ("12:03": the same in every language). */
export const heldMessage = (until: number, i18n: I18n = sourceI18n()) => i18n._(withValues(HELD, { at: lisbonClockTime(until) }));

/** What a form says of a post that waits: the server's wait while it lasts (`heldUntil` after `now`), else the connection's. */
export const waitingMessage = (heldUntil: number, now: number, i18n: I18n = sourceI18n()) =>
  heldUntil > now ? heldMessage(heldUntil, i18n) : i18n._(QUEUED);
