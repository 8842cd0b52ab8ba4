/**
 * No input makes a form endpoint fail: random JSON, wrong types, keys named like built-ins, deep
 * nesting and huge strings all answer a pt-PT 4xx (or a 201 for a valid body), never a 5xx, and
 * every stored row passes the form's own schema.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accreditationSchema, newsletterSchema, ticketSchema } from '../../src/common/forms/form-schemas';
import type { ApiError } from '../../src/common/api/api-types';
import { startTestServer, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  // Every request below is a new client as far as the rate limit goes.
  server = await startTestServer({ RATE_LIMIT_POSTS: '100000' });
});
afterAll(() => server.close());

const FORMS = [
  { path: '/admin/api/newsletter', table: 'newsletter_subscriptions', schema: newsletterSchema, fields: ['email', 'city'] },
  {
    path: '/admin/api/accreditation',
    table: 'accreditation_requests',
    schema: accreditationSchema,
    fields: ['name', 'company', 'email', 'telf'],
  },
  { path: '/admin/api/ticket', table: 'ticket_requests', schema: ticketSchema, fields: ['session_id', 'name', 'email', 'tickets'] },
] as const;

const BUILT_INS = ['toString', 'constructor', 'valueOf', 'hasOwnProperty', '__proto__', 'prototype', 'then', 'length'];

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/** A body as text: any JSON value, a near-valid form with wrong types, built-in keys, or deep nesting. */
const bodies = (fields: readonly string[]) =>
  fc.oneof(
    fc.jsonValue().map((v) => JSON.stringify(v)),
    fc
      .record(
        Object.fromEntries(
          fields.map((f) => [
            f,
            fc.oneof(
              fc.string(),
              fc.integer(),
              fc.boolean(),
              fc.constant(null),
              fc.array(fc.string()),
              fc.object(),
              fc.string({ minLength: 500, maxLength: 3000 }),
            ),
          ]),
        ),
        { requiredKeys: [] },
      )
      .map((v) => JSON.stringify(v)),
    fc.dictionary(fc.constantFrom(...BUILT_INS, ...fields), fc.jsonValue()).map((v) => JSON.stringify(v)),
    fc.integer({ min: 1, max: 4000 }).map(nested),
    fc.constantFrom('{', '', 'null', '"x"', '{"email":"a@b.pt","city":"Lisboa"', '\u0000'),
  );

describe.each(FORMS)('POST $path', ({ path, table, schema, fields }) => {
  it('never answers 5xx and stores only valid rows', async () => {
    await fc.assert(
      fc.asyncProperty(bodies(fields), async (payload) => {
        const response = await server.app.inject({ method: 'POST', url: path, payload, headers: { 'content-type': 'application/json' } });
        expect(response.statusCode, payload.slice(0, 200)).toBeLessThan(500);
        if (response.statusCode >= 400) expect(response.json<ApiError>().message).toMatch(/[a-zà-ú]/i);
      }),
      { numRuns: 300 },
    );
    const rows = (await server.db.selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
    for (const row of rows) {
      const input = Object.fromEntries(fields.map((f) => [f, f === 'session_id' ? String(row[f]) : row[f]]));
      await expect(schema.validate(input)).resolves.toBeDefined();
    }
  });

  it('names the field that is not text, in Portuguese', async () => {
    const payload = Object.fromEntries(fields.map((f) => [f, 'x']));
    payload[fields[0]] = [] as unknown as string;
    const response = await server.app.inject({ method: 'POST', url: path, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().fields?.[fields[0]]).toBe(`O campo ${fields[0]} tem de ser texto.`);
  });
});

describe('stored text is plain', () => {
  it('strips control characters, line breaks and bidirectional overrides from what is stored', async () => {
    const name = 'Ana\u0000 Silva\u202e\nlmx.exe\u2066';
    const response = await server.app.inject({
      method: 'POST',
      url: '/admin/api/accreditation',
      payload: { name, company: 'Jornal\r\nX', email: 'plain@example.pt', telf: '+351 210 000 000' },
    });
    expect(response.statusCode).toBe(201);
    const row = await server.db
      .selectFrom('accreditation_requests')
      .selectAll()
      .where('email', '=', 'plain@example.pt')
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Ana Silva lmx.exe');
    expect(row.company).toBe('Jornal X');
  });
});
