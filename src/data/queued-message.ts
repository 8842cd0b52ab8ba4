/** What a form says of a post kept for later: its own module, so saying it loads no database code. */
export const QUEUED_MESSAGE = 'Sem ligação: guardado, será enviado quando voltar a ter ligação.';
