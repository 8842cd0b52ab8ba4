/**
 * The back office in jsdom as one person's browser has it, over the real server in process
 * (tests/server/helper.ts: a fresh database with the seed, the festival and its clock pinned). Only
 * fetch is replaced: answered by app.inject with this browser's cookies, or refused when the
 * connection is down, so every answer the screens read (a role's 403, a stale save's 409, the
 * typed copies) is the server's own. Another person is another GestaoBrowser on the same server.
 */
import { configure, render, screen, type RenderResult } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { ROLE_LABELS, type Role } from '../../../src/common/gestao/roles';
import { GESTAO_API_BASE } from '../../../src/common/gestao/api/gestao-endpoints';
import { GESTAO_ROUTES } from '../../../src/gestao/gestao-app';
import { GestaoI18nProvider } from '../../../src/gestao/gestao-i18n';
import { loggedInStaff, type GestaoBrowser } from '../../server/gestao-browser';
import type { TestServer } from '../../server/helper';

// What a person waits for (a save, the form's copy looked for) may take seconds on a busy machine:
// findBy… and waitFor wait up to ten, not the one second of Testing Library's default.
configure({ asyncUtilTimeout: 10_000 });

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A person at a browser: their account on the server, and whether the browser has a connection. */
export interface Person {
  email: string;
  role: Role;
  browser: GestaoBrowser;
  online: boolean;
}

/** Makes an account (as `npm run staff -- add` does) and logs it in on a browser of its own. */
export async function person(server: TestServer, email: string, role: Role): Promise<Person> {
  return { email, role, browser: await loggedInStaff(server, email, role), online: true };
}

/** fetch as the person's browser makes it to the back office's API; nothing else is served here. */
function fetchOf(who: Person): typeof fetch {
  return async (input, init = {}) => {
    if (!who.online) throw new TypeError('Failed to fetch');
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    if (!url.pathname.startsWith(`${GESTAO_API_BASE}/`)) throw new Error(`Only the back office's API answers here, not ${url.href}`);
    if (init.body !== undefined && init.body !== null && typeof init.body !== 'string') {
      throw new Error('Only JSON bodies are sent here (an upload needs multipart, which these tests do not send).');
    }
    const answer = await who.browser.request(
      (init.method ?? 'GET') as Method,
      `${url.pathname.slice(GESTAO_API_BASE.length)}${url.search}`,
      init.body ?? undefined,
      false,
      Object.fromEntries(new Headers(init.headers).entries()),
    );
    const body = answer.statusCode === 204 ? null : new Uint8Array(answer.rawPayload);
    return new Response(body, { status: answer.statusCode, headers: { 'content-type': String(answer.headers['content-type'] ?? '') } });
  };
}

/**
 * Opens the back office at `path` (under /gestao) in the person's browser, as after a login, and
 * waits for the header to name them. Unmounting and opening again is reloading the page: what the
 * browser keeps (IndexedDB, fake-indexeddb here) stays.
 */
export async function openBackOffice(who: Person, path: string): Promise<RenderResult> {
  vi.stubGlobal('fetch', fetchOf(who));
  const view = render(
    <GestaoI18nProvider>
      <RouterProvider router={createMemoryRouter(GESTAO_ROUTES, { basename: '/gestao', initialEntries: [`/gestao${path}`] })} />
    </GestaoI18nProvider>,
  );
  await screen.findByRole('link', { name: `${who.email} · ${ROLE_LABELS[who.role]}` });
  return view;
}

/** What a field's description says (the lock's reason, the error), as a screen reader reads it after its label. */
export function descriptionOf(field: HTMLElement): string {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}
