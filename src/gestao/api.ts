/**
 * The back office's one way to the server: JSON both ways, the CSRF token on every write, and a
 * refusal turned into a GestaoApiError carrying the server's pt-PT message (and, on a 409, the
 * stored record). A sensitive action that asks for the password again gets it from the person
 * (the prompt the app registers) and is sent once more. A dropped connection is an error of its
 * own, so a form keeps what was typed.
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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let csrfToken = '';
/** Asks the person for their password (true once the server accepted it, false if they gave up). */
let askPassword: (() => Promise<boolean>) | null = null;

export function setCsrfToken(token: string): void {
  csrfToken = token;
}

export function setPasswordPrompt(prompt: (() => Promise<boolean>) | null): void {
  askPassword = prompt;
}

async function refusalOf(response: Response): Promise<GestaoApiError> {
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  const message = (parsed as { message?: string } | null)?.message ?? `O servidor respondeu ${response.status}.`;
  return new GestaoApiError(response.status, { ...(parsed as object), message });
}

async function send(method: Method, path: string, body: unknown, retried = false): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  // A file goes as multipart/form-data, its boundary set by the browser.
  const form = body instanceof FormData;
  if (body !== undefined && !form) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['x-csrf-token'] = csrfToken;
  let response: Response;
  try {
    response = await fetch(`${GESTAO_API}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    throw new GestaoApiError(0, { message: 'Sem ligação ao servidor. Nada do que escreveu se perdeu: tente de novo.' });
  }
  if (response.ok) return response;
  const refusal = await refusalOf(response);
  if (refusal.status === 401 && refusal.body.reauthRequired === true && !retried && askPassword && (await askPassword())) {
    return send(method, path, body, true);
  }
  throw refusal;
}

export async function api<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const text = await (await send(method, path, body)).text();
  return (text ? JSON.parse(text) : null) as T;
}

/** Sends one file (an upload of /gestao/api/media) and reads the JSON answer. */
export async function upload<T>(path: string, file: File): Promise<T> {
  const form = new FormData();
  form.append('ficheiro', file);
  return JSON.parse(await (await send('POST', path, form)).text()) as T;
}

/** Saves a file the server makes (a CSV export) under `fileName`, after the password if it asks. */
export async function download(path: string, fileName: string): Promise<void> {
  const blob = await (await send('GET', path, undefined)).blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}
