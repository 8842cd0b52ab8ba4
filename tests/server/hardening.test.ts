import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('addresses that are not the site', () => {
  it.each(['//evil.example/%2e%2e', '//evil.example/', '//admin/api/cities'])('%s is a 404, never a page', async (url) => {
    const response = await server.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('id="app-data"');
  });
});
