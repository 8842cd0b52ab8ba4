/** What a form says of a post kept for later: its own module, so saying it loads no database code. */
import { lisbonClockTime } from '../common/time/lisbon-time';

export const QUEUED_MESSAGE = 'Sem ligação: guardado, será enviado quando voltar a ter ligação.';

/** A post kept because the server asked to wait (429, 503): when it will go. */
export const heldMessage = (until: number) => `O servidor pediu para aguardar: guardado, será enviado às ${lisbonClockTime(until)}.`;

/** What a form says of a post that waits: the server's wait while it lasts (`heldUntil` after `now`), else the connection's. */
export const waitingMessage = (heldUntil: number, now: number) => (heldUntil > now ? heldMessage(heldUntil) : QUEUED_MESSAGE);
