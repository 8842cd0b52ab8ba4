/**
 * The back office's one way to the server: each call names an endpoint of the table
 * (src/common/gestao/api/gestao-endpoints.ts) with its path parameters, query and body, which TypeScript
 * checks, and gets the endpoint's answer type. JSON both ways, the CSRF token on every write, and
 * a refusal turned into a GestaoApiError carrying the server's pt-PT message (and, on a 409, the
 * stored record). A sensitive action that asks for the password again gets it from the person
 * (the prompt the app registers) and is sent once more. A dropped connection is an error of its
 * own, so a form keeps what was typed.
 */
import { msg } from '@lingui/core/macro';
import {
  GESTAO_API_BASE,
  gestaoPath,
  type AnswerOf,
  type GestaoEndpoint,
  type GestaoMethod,
  type InputOf,
} from '../common/gestao/api/gestao-endpoints';
import { withValues, type I18n, type MessageDescriptor } from '../common/i18n/i18n';

/** What a call names besides the endpoint: nothing, or its input (required when a part of it is). */
export type ArgsOf<E extends GestaoEndpoint> = object extends InputOf<E> ? [input?: InputOf<E>] : [input: InputOf<E>];

export class GestaoApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { message: string } & Record<string, unknown>,
  ) {
    super(body.message);
  }
}

/** What to tell the person when a call failed: the server's own words, else `otherwise` (no network, a crash). */
export const refusalMessage = (error: unknown, otherwise: string): string => (error instanceof GestaoApiError ? error.message : otherwise);

let csrfToken = '';
/** Asks the person for their password (true once the server accepted it, false if they gave up). */
let askPassword: (() => Promise<boolean>) | null = null;
/**
 * The page's words, for the refusals the client words itself (no connection, a proxy's page): every
 * screen reads a refusal's `message` as the server's words, so these are said when thrown.
 */
let words: I18n | null = null;

const NO_CONNECTION = msg`Sem ligação ao servidor. Nada do que escreveu se perdeu: tente de novo.`;
const SERVER_ANSWERED = msg({ message: 'O servidor respondeu {status}.' });

function say(descriptor: MessageDescriptor): string {
  if (!words) throw new Error('setApiI18n first: the API client says its own refusals in the page language');
  return words._(descriptor);
}

export function setCsrfToken(token: string): void {
  csrfToken = token;
}

/** Given by the back office's I18n provider (gestao-i18n.tsx), as the token and the prompt are given. */
export function setApiI18n(i18n: I18n): void {
  words = i18n;
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
  const message = (parsed as { message?: string } | null)?.message ?? say(withValues(SERVER_ANSWERED, { status: response.status }));
  return new GestaoApiError(response.status, { ...(parsed as object), message });
}

async function send(method: GestaoMethod, path: string, body: unknown, retried = false, signal?: AbortSignal): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  // A file goes as multipart/form-data, its boundary set by the browser.
  const form = body instanceof FormData;
  if (body !== undefined && !form) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['x-csrf-token'] = csrfToken;
  let response: Response;
  try {
    response = await fetch(`${GESTAO_API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
      signal,
    });
  } catch (error) {
    // Called off by its screen (a logout under way): not a lost connection.
    if (signal?.aborted) throw error;
    throw new GestaoApiError(0, { message: say(NO_CONNECTION) });
  }
  if (response.ok) return response;
  const refusal = await refusalOf(response);
  if (refusal.status === 401 && refusal.body.reauthRequired === true && !retried && askPassword && (await askPassword())) {
    return send(method, path, body, true, signal);
  }
  throw refusal;
}

/** Calls an endpoint and reads its answer (null for an answer without a body). */
export async function api<E extends GestaoEndpoint>(endpoint: E, ...[input]: ArgsOf<E>): Promise<AnswerOf<E>> {
  return readAt(endpoint, gestaoPath(endpoint, input), input?.body);
}

/** Calls an endpoint at an address already made for it by gestaoPath (a screen's read: use-gestao-data.ts). */
export async function readAt<E extends GestaoEndpoint>(
  endpoint: E,
  path: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<AnswerOf<E>> {
  const text = await (await send(endpoint.method, path, body, false, signal)).text();
  return (text ? JSON.parse(text) : null) as AnswerOf<E>;
}

/** Sends one file to an upload endpoint (multipart/form-data) and reads the JSON answer. */
export async function upload<E extends GestaoEndpoint & { readonly upload: { readonly field: string } }>(
  endpoint: E,
  file: File,
): Promise<AnswerOf<E>> {
  const form = new FormData();
  form.append(endpoint.upload.field, file);
  return JSON.parse(await (await send(endpoint.method, gestaoPath(endpoint), form)).text()) as AnswerOf<E>;
}

/** Saves a file an endpoint makes (a CSV export, a PDF) under `fileName`, after the password if it asks. */
export async function download<E extends GestaoEndpoint & { readonly file: string }>(
  endpoint: E,
  fileName: string,
  ...[input]: ArgsOf<E>
): Promise<void> {
  const blob = await (await send(endpoint.method, gestaoPath(endpoint, input), undefined)).blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}
