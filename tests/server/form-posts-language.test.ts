/**
 * A form posted without JavaScript to its page in another language (/en/…, /it/…) is answered in
 * that language: the schema's messages beside the fields, the success line, the form's own refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, startTestServer, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const post = (url: string, fields: Record<string, string> | string) =>
  server.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: typeof fields === 'string' ? fields : new URLSearchParams(fields).toString(),
  });

const accreditation = { name: 'Maria Silva', company: 'Público', email: 'maria@example.pt', telf: '+351 912 345 678' };

describe('forms posted without JavaScript, in the language of their address', () => {
  it('refuses an English post with English messages beside the fields, storing nothing', async () => {
    const response = await post('/en/acreditacoes', {
      ...accreditation,
      company: '',
      email: 'maria@',
      idempotency_key: crypto.randomUUID(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('The Organisation field is required.');
    expect(response.body).toContain('Invalid email address.');
    expect(response.body).not.toContain('Campo Entidade é obrigatório.');
    expect(await countRows(server.db, 'accreditation_requests')).toBe(0);
  });

  it('thanks an Italian subscriber in Italian', async () => {
    const response = await post('/it/newsletter', { email: 'ada@example.it', city: 'Lisboa', idempotency_key: crypto.randomUUID() });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Grazie per esserti iscritto alla newsletter.');
  });

  it('says a malformed English post is not valid, in English', async () => {
    const response = await post('/en/newsletter', 'email=%E0%A4%A');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('The form sent is not valid. Please reload the page and try again.');
  });
});
