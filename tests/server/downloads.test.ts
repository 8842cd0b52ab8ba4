import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FestivalProgrammeEntry, PressItem } from '../../src/common/api/api-types';
import { contentDisposition } from '../../server/api/download-routes';
import { getJson, startTestServer, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('downloads', () => {
  it('sends a press item as a PDF attachment named after its title', async () => {
    const item = (await getJson<PressItem[]>(server.app, '/api/press/presskit')).body[0]!;
    const response = await server.app.inject({ method: 'GET', url: `/admin/api/download_press/${item.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="[^"]+\.pdf"; filename\*=UTF-8''.+\.pdf$/);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(response.rawPayload.length).toBe(item.size);
    expect(response.headers['cache-control']).toMatch(/max-age=86400/);
    expect(response.headers.etag).toBeTruthy();
  });

  it('sends programme attachments', async () => {
    const entry = (await getJson<FestivalProgrammeEntry[]>(server.app, '/api/festival_program')).body[0]!;
    for (const attachment of entry.attachments) {
      const response = await server.app.inject({ method: 'GET', url: `/admin/api/download_attach/${attachment.id}` });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('answers 404 for unknown ids and 400 for anything that is not an id', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/admin/api/download_press/999999' })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/admin/api/download_attach/999999' })).statusCode).toBe(404);
    for (const attempt of ['..%2F..%2Fpackage.json', '%2Fetc%2Fpasswd', '1.pdf', '-1']) {
      const response = await server.app.inject({ method: 'GET', url: `/admin/api/download_press/${attempt}` });
      expect([400, 404]).toContain(response.statusCode);
      expect(response.headers['content-type']).toMatch(/application\/json/);
    }
  });

  it('does not serve files that a database row points outside the files folder', async () => {
    const item = (await getJson<PressItem[]>(server.app, '/api/press/support')).body[0]!;
    await server.db.updateTable('press_items').set({ file_name: '../../../package.json' }).where('id', '=', Number(item.id)).execute();
    const response = await server.app.inject({ method: 'GET', url: `/admin/api/download_press/${item.id}` });
    expect(response.statusCode).toBe(404);
  });

  it('writes Content-Disposition with an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('Programação "completa".pdf')).toBe(
      `attachment; filename="Programacao completa.pdf"; filename*=UTF-8''Programa%C3%A7%C3%A3o%20%22completa%22.pdf`,
    );
  });
});
