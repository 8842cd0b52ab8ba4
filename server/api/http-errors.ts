/** HTTP errors with pt-PT messages, answered as ApiError JSON by the app's one error handler. */
import type { FastifyError } from 'fastify';

export const BODY_LIMIT = 16 * 1024;
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message = 'Conteúdo não encontrado.') => new HttpError(404, message);

export const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/**
 * The database cannot take a write right now (disk full, I/O error, locked, connection lost): the
 * request was not stored and may be sent again later. SQLite codes of better-sqlite3 (extended
 * codes such as SQLITE_IOERR_WRITE included), PostgreSQL SQLSTATE classes 08 (connection), 53
 * (insufficient resources: 53100 disk full), 57P01-57P03 (server shutting down or starting) and
 * the socket errors of a lost connection.
 */
function isDatabaseUnavailable(code: string | undefined): boolean {
  if (!code) return false;
  return (
    code === 'SQLITE_FULL' ||
    code.startsWith('SQLITE_IOERR') ||
    code.startsWith('SQLITE_BUSY') ||
    code.startsWith('SQLITE_LOCKED') ||
    /^(08|53)[0-9A-Z]{3}$/.test(code) ||
    /^57P0[1-3]$/.test(code) ||
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN'].includes(code)
  );
}

export const RETRY_AFTER_SECONDS = 30;
export const DATABASE_UNAVAILABLE_MESSAGE =
  'De momento não é possível guardar o pedido. Nada foi registado: tente novamente dentro de 30 segundos.';

/** pt-PT answers for the errors Fastify and its plugins raise before a handler runs. */
export function describeError(error: FastifyError | HttpError): {
  status: number;
  message: string;
  fields?: Record<string, string>;
  retryAfter?: number;
} {
  if (error instanceof HttpError) return { status: error.statusCode, message: error.message, fields: error.fields };
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, message: 'O corpo do pedido não é JSON válido.' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, message: 'O corpo do pedido está vazio.' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, message: `O pedido é demasiado grande (máximo ${Math.round(BODY_LIMIT / 1024)} KiB).` };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, message: 'Envie o pedido em JSON (Content-Type: application/json).' };
  }
  if (isDatabaseUnavailable(error.code)) {
    return { status: 503, message: DATABASE_UNAVAILABLE_MESSAGE, retryAfter: RETRY_AFTER_SECONDS };
  }
  if (error.statusCode === 429) return { status: 429, message: 'Demasiados pedidos. Tente novamente dentro de um minuto.' };
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { status: error.statusCode, message: 'Pedido inválido.' };
  }
  return { status: 500, message: 'Ocorreu um erro no servidor. Tente novamente mais tarde.' };
}
