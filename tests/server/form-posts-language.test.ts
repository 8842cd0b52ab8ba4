/**
 * A form posted without JavaScript to its page in another language (/en/…, /it/…) is answered in
 * that language: the schema's messages beside the fields, the success line, the form's own refusals.
 * So is a form sent by the page's script to the JSON API, whose address names the page's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, SubmissionAck } from '../../src/common/api/api-types';
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

describe("forms sent by the page's script, in the language their address names (?lang=)", () => {
  const postJson = (url: string, body: Record<string, unknown>) =>
    server.app.inject({ method: 'POST', url, headers: { 'idempotency-key': crypto.randomUUID() }, payload: body });
  /** A session that began before the server's pinned clock (the 5th at 15:00). */
  const startedSession = async () =>
    String(
      (
        await server.db
          .selectFrom('sessions')
          .select('id')
          .where('starts_at', 'like', '2026-04-03T%')
          .orderBy('starts_at')
          .executeTakeFirstOrThrow()
      ).id,
    );

  it('thanks an English subscriber in English, and refuses a wrong e-mail in English', async () => {
    const sent = await postJson('/admin/api/newsletter?lang=en', { email: 'ada@example.com', city: 'Lisboa' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json<SubmissionAck>().message).toBe(
      "Thank you for subscribing to our newsletter. You'll soon start receiving our updates regularly.",
    );
    const refused = await postJson('/admin/api/newsletter?lang=en', { email: 'ada@', city: 'Lisboa' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ApiError>().fields).toEqual({ email: 'Invalid email address.' });
  });

  it("refuses, in Italian, a ticket for a session that has begun; pt-PT without ?lang=, as the spec's API answers", async () => {
    const ticket = { session_id: await startedSession(), name: 'Rita Sousa', email: 'rita@example.pt', tickets: 2 };
    const italian = await postJson('/admin/api/ticket?lang=it', ticket);
    expect(italian.statusCode).toBe(400);
    expect(italian.json<ApiError>().fields).toEqual({ session_id: 'Questa proiezione è già iniziata: scegline un’altra.' });
    const portuguese = await postJson('/admin/api/ticket', ticket);
    expect(portuguese.json<ApiError>().fields).toEqual({ session_id: 'Esta sessão já começou: escolha outra.' });
    expect((await postJson('/admin/api/ticket?lang=fr', ticket)).statusCode).toBe(400);
  });

  it('says, in English, that a key came back with other details, where pt-PT keeps the API’s words', async () => {
    const send = (url: string, key: string, email: string) =>
      server.app.inject({ method: 'POST', url, headers: { 'idempotency-key': key }, payload: { email, city: 'Lisboa' } });
    const key = crypto.randomUUID();
    expect((await send('/admin/api/newsletter?lang=en', key, 'first@example.com')).statusCode).toBe(201);
    const english = await send('/admin/api/newsletter?lang=en', key, 'second@example.com');
    expect(english.statusCode).toBe(422);
    expect(english.json<ApiError>().message).toBe(
      'This form has already been sent with other details. Please reload the page and try again.',
    );
    const portuguese = await send('/admin/api/newsletter', key, 'second@example.com');
    expect(portuguese.json<ApiError>().message).toBe('Esta Idempotency-Key já foi usada com outro pedido.');
  });
});

describe('too many posts from one address, sent from an Italian page', () => {
  it('are refused in Italian, with Retry-After', async () => {
    const limited = await startTestServer({ RATE_LIMIT_POSTS: '1' });
    try {
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: '/admin/api/newsletter?lang=it',
          headers: { 'idempotency-key': crypto.randomUUID() },
          payload: { email: `ada+${crypto.randomUUID()}@example.it`, city: 'Lisboa' },
        });
      expect((await send()).statusCode).toBe(201);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(refused.json<ApiError>().message).toBe('Troppe richieste. Riprova tra un minuto.');
    } finally {
      await limited.close();
    }
  });
});
