/**
 * Forms without JavaScript: each form posts (urlencoded) to its own page; the server validates
 * with the API's schema, stores through the API's code path (idempotent by the hidden key), and
 * answers the page rendered again with the outcome.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/common/forms/form-schemas';
import { countRows, futureSession, startTestServer, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.db.deleteFrom('accreditation_requests').execute();
  await server.db.deleteFrom('newsletter_subscriptions').execute();
  await server.db.deleteFrom('ticket_requests').execute();
  await server.db.deleteFrom('idempotency_keys').execute();
});

const post = (url: string, fields: Record<string, string> | string) =>
  server.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: typeof fields === 'string' ? fields : new URLSearchParams(fields).toString(),
  });

const key = () => crypto.randomUUID();
const inputValue = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1];
const accreditation = { name: 'Maria Silva', company: 'Público', email: 'maria@example.pt', telf: '+351 912 345 678' };

describe('forms posted to their pages without JavaScript', () => {
  it.each([
    ['/acreditacoes', ['name', 'company', 'email', 'telf']],
    ['/newsletter', ['email', 'city']],
    ['/filme/101', ['session_id', 'name', 'email', 'tickets']],
  ])('renders %s with a post form to itself, named fields and a hidden idempotency key', async (path, fields) => {
    const html = (await server.app.inject({ method: 'GET', url: path })).body;
    const form = new RegExp(`<form[^>]*action="${path}"[^>]*>`).exec(html)?.[0];
    expect(form).toContain('method="post"');
    for (const name of fields) expect(html).toMatch(new RegExp(`<(input|select)[^>]*name="${name}"`));
    expect(inputValue(html, 'idempotency_key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(html).toMatch(/<input type="hidden" name="idempotency_key"/);
  });

  it('stores one accreditation and answers the page with the success message', async () => {
    const response = await post('/acreditacoes', { ...accreditation, idempotency_key: key() });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain(MESSAGES.accreditationSuccess);
    // The same layout as a GET: menus and footer are there.
    expect(response.body).toContain('<h1 class="page__title">Acreditações</h1>');
    expect(await countRows(server.db, 'accreditation_requests')).toBe(1);
    const row = await server.db.selectFrom('accreditation_requests').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Maria Silva', company: 'Público', email: 'maria@example.pt' });
  });

  it('answers an invalid post with 400, the messages beside the fields and the typed values, storing nothing', async () => {
    const response = await post('/acreditacoes', { ...accreditation, company: '', email: 'maria@', idempotency_key: key() });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('Campo Entidade é obrigatório.');
    expect(response.body).toContain('Endereço de email inválido.');
    expect(inputValue(response.body, 'name')).toBe('Maria Silva');
    expect(inputValue(response.body, 'email')).toBe('maria@');
    expect(response.body).not.toContain(MESSAGES.accreditationSuccess);
    expect(await countRows(server.db, 'accreditation_requests')).toBe(0);
  });

  it('stores a newsletter subscription', async () => {
    const response = await post('/newsletter', { email: 'leitor@example.pt', city: 'Lisboa', idempotency_key: key() });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(MESSAGES.newsletterSuccess);
    expect(await countRows(server.db, 'newsletter_subscriptions')).toBe(1);
  });

  it('stores one row when the same post is replayed with the same idempotency key', async () => {
    const fields = { ...accreditation, idempotency_key: key() };
    const [first, second] = await Promise.all([post('/acreditacoes', fields), post('/acreditacoes', fields)]);
    const third = await post('/acreditacoes', fields);
    for (const response of [first, second, third]) {
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(MESSAGES.accreditationSuccess);
    }
    expect(await countRows(server.db, 'accreditation_requests')).toBe(1);
  });

  it('stores a ticket request posted to the film page', async () => {
    const session = await futureSession(server.db);
    const response = await post(`/filme/${session.movieId}`, {
      session_id: session.id,
      name: 'Rui',
      email: 'rui@example.pt',
      tickets: '2',
      idempotency_key: key(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(MESSAGES.ticketSuccess);
    expect(await countRows(server.db, 'ticket_requests')).toBe(1);
  });

  it('answers a post to a page without a form with the not-found page', async () => {
    const response = await post('/programacao', { name: 'x' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('Página não encontrada.');
  });

  it('answers a malformed urlencoded body with a pt-PT 400 page, not JSON', async () => {
    const response = await post('/acreditacoes', 'name=%E0%A4%A&company=x');
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('O formulário enviado não é válido.');
    expect(await countRows(server.db, 'accreditation_requests')).toBe(0);
  });

  it('keeps the API refusing urlencoded bodies and unknown API posts as JSON', async () => {
    const response = await post('/admin/api/accreditation', new URLSearchParams(accreditation).toString());
    expect(response.statusCode).toBe(415);
    expect((await post('/admin/api/nada', 'a=1')).json()).toMatchObject({ statusCode: 404 });
  });
});
