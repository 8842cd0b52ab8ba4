/**
 * The back office's one way to the server: JSON both ways, the CSRF token on every write, and a
 * refusal turned into a GestaoApiError carrying the server's pt-PT message (and, on a 409, the
 * stored record). A dropped connection is an error of its own, so a form keeps what was typed.
 */

export const GESTAO_API = '/gestao/api';

export class GestaoApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { message: string } & Record<string, unknown>,
  ) {
    super(body.message);
  }
}

let csrfToken = '';

export function setCsrfToken(token: string): void {
  csrfToken = token;
}

export async function api<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['x-csrf-token'] = csrfToken;
  let response: Response;
  try {
    response = await fetch(`${GESTAO_API}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    throw new GestaoApiError(0, { message: 'Sem ligação ao servidor. Nada do que escreveu se perdeu: tente de novo.' });
  }
  const text = await response.text();
  const parsed: unknown = text ? JSON.parse(text) : null;
  if (!response.ok) {
    const message = (parsed as { message?: string } | null)?.message ?? `O servidor respondeu ${response.status}.`;
    throw new GestaoApiError(response.status, { ...(parsed as object), message });
  }
  return parsed as T;
}
