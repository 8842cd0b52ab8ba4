import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, SubmissionAck } from '../../src/common/api/api-types';
import { MESSAGES } from '../../src/common/forms/form-schemas';
import { countRows, futureSession, startTestServer, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A POST to the API: an object is sent as JSON, a string as it is (with its content-type in `headers`). */
const post = (url: string, payload: object | string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url: `/admin/api/${url}`, payload, headers });

const count = (table: Parameters<typeof countRows>[1]) => countRows(server.db, table);

describe('POST newsletter', () => {
  it('stores a valid subscription and answers with the success message', async () => {
    const response = await post('newsletter', { email: '  Ana@Example.pt ', city: 'Lisboa' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ ok: true, id: expect.any(String) as unknown, message: MESSAGES.newsletterSuccess });
    const row = await server.db
      .selectFrom('newsletter_subscriptions')
      .selectAll()
      .where('id', '=', response.json<SubmissionAck>().id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: 'ana@example.pt', city: 'Lisboa' });
  });

  it.each([
    [{ city: 'Lisboa' }, { email: 'Falta o endereço de email' }],
    [{ email: 'ana@example', city: 'Lisboa' }, { email: 'Endereço de email inválido.' }],
    [{ email: 'ana@example.portugal', city: 'Lisboa' }, { email: 'Endereço de email inválido.' }],
    [{ email: 'ana@example.pt' }, { city: 'Falta a cidade' }],
    [
      { email: '', city: '' },
      { email: 'Falta o endereço de email', city: 'Falta a cidade' },
    ],
  ])('rejects %j with the spec messages per field', async (payload, fields) => {
    const before = await count('newsletter_subscriptions');
    const response = await post('newsletter', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().fields).toEqual(fields);
    expect(response.json<ApiError>().message).toBe(Object.values(fields)[0]);
    expect(await count('newsletter_subscriptions')).toBe(before);
  });
});

describe('POST accreditation', () => {
  it('stores a valid request', async () => {
    const response = await post('accreditation', {
      name: 'Rita Lopes',
      company: 'Público',
      email: 'rita@publico.pt',
      telf: '+351 912 345 678',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<SubmissionAck>().message).toBe('Pedido enviado com sucesso.');
  });

  it('answers every required-field message of the spec', async () => {
    const response = await post('accreditation', {});
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().fields).toEqual({
      name: 'Campo Nome é obrigatório.',
      company: 'Campo Entidade é obrigatório.',
      email: 'Campo Email é obrigatório.',
      telf: 'Campo Telefone é obrigatório.',
    });
  });

  it('rejects an invalid email and an invalid phone', async () => {
    const response = await post('accreditation', { name: 'Rita', company: 'Público', email: 'rita@', telf: 'abc' });
    expect(response.json<ApiError>().fields).toEqual({ email: 'Endereço de email inválido.', telf: 'Número de telefone inválido.' });
  });
});

describe('POST ticket', () => {
  it('stores a request for a real session with a readable copy of the session', async () => {
    const session = await futureSession(server.db);
    const response = await post('ticket', { session_id: session.id, name: 'João Silva', email: 'joao@example.pt', tickets: 2 });
    expect(response.statusCode).toBe(201);
    const row = await server.db
      .selectFrom('ticket_requests')
      .selectAll()
      .where('id', '=', response.json<SubmissionAck>().id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ session_id: Number(session.id), tickets: 2 });
    expect(row.session_label).toMatch(/ — .+, .+, 2026-04-\d{2} \d{2}:\d{2}$/);
  });

  it.each([
    [{ session_id: '1', name: 'João', email: 'joao@example.pt', tickets: 11 }, { tickets: MESSAGES.ticketsRange }],
    [{ session_id: '1', name: 'João', email: 'joao@example.pt', tickets: 0 }, { tickets: MESSAGES.ticketsRange }],
    [{ session_id: '1', name: 'João', email: 'joao@example.pt', tickets: 1.5 }, { tickets: MESSAGES.ticketsRange }],
    [{ session_id: '1', name: 'João', email: 'joao@example.pt', tickets: 'dois' }, { tickets: MESSAGES.ticketsMissing }],
    [{ name: 'João', email: 'joao@example.pt', tickets: 1 }, { session_id: MESSAGES.sessionMissing }],
    [{ session_id: '999999', name: 'João', email: 'joao@example.pt', tickets: 1 }, { session_id: MESSAGES.sessionMissing }],
    [{ session_id: '1', email: 'joao@example.pt', tickets: 1 }, { name: 'Campo Nome é obrigatório.' }],
  ])('rejects %j', async (payload, fields) => {
    const response = await post('ticket', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().fields).toEqual(fields);
  });
});

describe('Idempotency-Key', () => {
  it('stores a replayed post once and answers the replay with the first answer', async () => {
    const key = 'c0ffee00-1111-4222-8333-444455556666';
    const body = { email: 'replay@example.pt', city: 'Porto' };
    const before = await count('newsletter_subscriptions');
    const first = await post('newsletter', body, { 'idempotency-key': key });
    const second = await post('newsletter', { city: 'Porto', email: 'replay@example.pt' }, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await count('newsletter_subscriptions')).toBe(before + 1);
  });

  it('answers 422 when the same key comes with another body, and stores nothing', async () => {
    const key = 'conflict-key-0001';
    await post('newsletter', { email: 'one@example.pt', city: 'Porto' }, { 'idempotency-key': key });
    const before = await count('newsletter_subscriptions');
    const response = await post('newsletter', { email: 'two@example.pt', city: 'Porto' }, { 'idempotency-key': key });
    expect(response.statusCode).toBe(422);
    expect(response.json<ApiError>().message).toBe('Esta Idempotency-Key já foi usada com outro pedido.');
    expect(await count('newsletter_subscriptions')).toBe(before);
  });

  it('answers 422 when a key of one form is replayed on another form', async () => {
    const key = 'cross-form-key-01';
    await post('newsletter', { email: 'x@example.pt', city: 'Porto' }, { 'idempotency-key': key });
    const response = await post(
      'accreditation',
      { name: 'A', company: 'B', email: 'x@example.pt', telf: '912345678' },
      { 'idempotency-key': key },
    );
    expect(response.statusCode).toBe(422);
  });

  it('keeps concurrent replays of one key to one row', async () => {
    const key = 'concurrent-key-0001';
    const before = await count('accreditation_requests');
    const body = { name: 'Paulo', company: 'RTP', email: 'paulo@rtp.pt', telf: '213 000 000' };
    const answers = await Promise.all(Array.from({ length: 8 }, () => post('accreditation', body, { 'idempotency-key': key })));
    expect(new Set(answers.map((a) => a.json<SubmissionAck>().id)).size).toBe(1);
    expect(answers.every((a) => a.statusCode === 201)).toBe(true);
    expect(await count('accreditation_requests')).toBe(before + 1);
  });

  it('rejects a malformed key', async () => {
    const response = await post('newsletter', { email: 'k@example.pt', city: 'Porto' }, { 'idempotency-key': 'bad key!' });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().message).toMatch(/Idempotency-Key inválido/);
  });

  it('does not store a rejected body under its key, so a corrected retry with a new body is not a conflict', async () => {
    const key = 'invalid-first-0001';
    expect((await post('newsletter', { email: 'bad', city: 'Porto' }, { 'idempotency-key': key })).statusCode).toBe(400);
    expect((await post('newsletter', { email: 'good@example.pt', city: 'Porto' }, { 'idempotency-key': key })).statusCode).toBe(201);
  });
});

describe('bad requests', () => {
  it('answers malformed JSON with a clear 400', async () => {
    const response = await post('newsletter', '{"email": "a@b.pt",', { 'content-type': 'application/json' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, message: 'O corpo do pedido não é JSON válido.' });
  });

  it('refuses a body over 16 KiB', async () => {
    const response = await post('newsletter', { email: 'a@b.pt', city: 'x'.repeat(17 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json<ApiError>().message).toBe('O pedido é demasiado grande (máximo 16 KiB).');
  });

  it('refuses a body that is not JSON', async () => {
    const response = await post('newsletter', 'email=a@b.pt', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(response.statusCode).toBe(415);
  });

  it('answers an unknown API path with 404 JSON', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/admin/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, message: 'Endereço da API desconhecido.' });
  });
});

describe('rate limit', () => {
  it('limits posts per client and answers 429 in pt-PT', async () => {
    const limited = await startTestServer({ RATE_LIMIT_POSTS: '3' });
    try {
      const send = () =>
        limited.app.inject({ method: 'POST', url: '/admin/api/newsletter', payload: { email: 'r@example.pt', city: 'Faro' } });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await send()).statusCode);
      expect(statuses).toEqual([201, 201, 201, 429]);
      expect((await send()).json<ApiError>().message).toBe('Demasiados pedidos. Tente novamente dentro de um minuto.');
    } finally {
      await limited.close();
    }
  });
});
