/** The contract between the server and the built server entry (src/shell/entry-server.tsx). */
import type { FormKind } from './forms/form-schemas';

/** The hidden field carrying the idempotency key of a form posted without JavaScript (browser and server). */
export const IDEMPOTENCY_FIELD = 'idempotency_key';

export type ApiReader = (path: string) => Promise<{ status: number; data: unknown }>;

export interface RenderResult {
  status: number;
  /** The page's language (`<html lang>`). */
  lang: string;
  head: string;
  html: string;
  /** JSON for <script type="application/json" id="app-data">, already safe to inline. */
  bootData: string;
}

/**
 * What a form posted without JavaScript (an urlencoded POST to its own page) came to: the page is
 * rendered again with it, and the form starts from it (its message, its per-field errors, the
 * values typed).
 */
export interface FormResult {
  kind: FormKind;
  status: 'sent' | 'invalid' | 'error';
  message?: string;
  /** Per-field messages (pt-PT), by field name. */
  fields?: Record<string, string>;
  /** The values posted, kept in the fields when the form is shown again. */
  values?: Record<string, string>;
}

export interface RenderOptions {
  formResult?: FormResult;
}

export type Render = (url: string, cookie: string | undefined, readApi: ApiReader, options?: RenderOptions) => Promise<RenderResult>;
