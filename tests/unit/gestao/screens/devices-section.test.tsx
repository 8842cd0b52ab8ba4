/**
 * "Dispositivos conhecidos" on "A minha conta", over the real server in process (../back-office.tsx):
 * the browsers the account logged in on, this one marked; "Esquecer" takes one off the list, on the
 * server too.
 */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { listStaffDevices } from '../../../../server/db/repositories/staff/staff-devices-repository';
import { GestaoBrowser, STAFF_PASSWORD } from '../../../server/gestao-browser';
import { startTestServer, type TestServer } from '../../../server/helper';
import { openBackOffice, person, type Person } from '../back-office';

let server: TestServer;
let editor: Person;

beforeAll(async () => {
  server = await startTestServer();
  editor = await person(server, 'ana.edicao@festa.test', 'edicao');
});
afterAll(() => server?.close());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the devices an account is known on', () => {
  it('are listed with this browser marked, and one is forgotten with "Esquecer"', async () => {
    // A second browser, at another address: the laptop left at the festival's office.
    const office = new GestaoBrowser(server.app, '192.0.2.80');
    expect((await office.login(editor.email, STAFF_PASSWORD)).statusCode).toBe(200);

    await openBackOffice(editor, '/conta');
    const section = screen.getByRole('region', { name: 'Dispositivos conhecidos' });
    // The header, then newest first: the office's browser, then this one.
    await waitFor(() => expect(within(section).getAllByRole('row')).toHaveLength(3));
    const rows = within(section).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('192.0.2.80');
    expect(rows[2]!.textContent).toContain('Este navegador');
    expect(rows[1]!.textContent).not.toContain('Este navegador');

    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Esquecer' }));
    await waitFor(() => expect(within(section).getAllByRole('row')).toHaveLength(2));
    expect(within(section).getByRole('row', { name: /Este navegador/ })).toBeTruthy();
    const userId = (await server.db.selectFrom('staff_users').select('id').where('email', '=', editor.email).executeTakeFirstOrThrow()).id;
    expect(await listStaffDevices(server.db, userId)).toHaveLength(1);
  });
});
