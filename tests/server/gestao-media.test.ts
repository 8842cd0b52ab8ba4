/**
 * Uploads in the back office (/gestao/api/media): a picture judged by its content and stored
 * re-encoded without its metadata, in the database, served by the public variant route; a PDF
 * judged by pdf-lib for a press item; the size limit; the roles (403, audited); and publishing
 * refused while an uploaded picture of the draft has no alt text.
 */
import type { LightMyRequestResponse } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadedPdf, UploadedPicture } from '../../src/common/gestao/media';
import { fieldText, type RecordView } from '../../src/common/gestao/record-schemas';
import { listAudit } from '../../server/db/repositories/audit/audit-log-repository';
import type { GestaoBrowser } from './gestao-browser';
import { loggedInStaff } from './gestao-browser';
import { getJson, startTestServer, type TestServer } from './helper';

let server: TestServer;

const staff = (email: string, role: string) => loggedInStaff(server, email, role);

/** POSTs one file as multipart/form-data, as the form's file input sends it. */
async function upload(
  browser: GestaoBrowser,
  path: string,
  file: { name: string; type: string; data: Buffer },
): Promise<LightMyRequestResponse> {
  const boundary = '----festa-teste-7d1f';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="ficheiro"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await server.app.inject({
    method: 'POST',
    url: `/gestao/api${path}`,
    headers: {
      cookie: `gestao=${browser.cookie}`,
      'x-csrf-token': browser.csrf!,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: body,
  });
  expect(response.headers['cache-control']).toBe('no-store');
  return response;
}

/** A photograph as a camera writes it: EXIF with the author and GPS position, turned by its orientation tag. */
const cameraJpeg = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 180, g: 40, b: 40 } } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Artist: 'Fotografa Secreta', Copyright: 'Festa' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 42/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '9/1 8/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();

async function realPdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage([595, 842]).drawText('Comunicado de imprensa');
  return Buffer.from(await document.save());
}

describe('/gestao/api/media', () => {
  let editor: GestaoBrowser;
  let press: GestaoBrowser;
  let picture: UploadedPicture;
  beforeAll(async () => {
    server = await startTestServer();
    editor = await staff('edit@festa.pt', 'edicao');
    press = await staff('press@festa.pt', 'imprensa');
  }, 60_000);
  afterAll(() => server?.close());

  it('a real JPEG is accepted, turned upright and stored without its EXIF and GPS', async () => {
    const original = await cameraJpeg();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const response = await upload(editor, '/media/pictures', { name: 'abertura.jpg', type: 'image/jpeg', data: original });
    expect(response.statusCode).toBe(201);
    picture = response.json<UploadedPicture>();
    expect(picture).toMatchObject({
      mime: 'image/jpeg',
      width: 600,
      height: 800,
      alt: '',
      focalX: 50,
      focalY: 50,
      originalName: 'abertura.jpg',
    });
    expect(picture.path).toMatch(/^uploads\/[0-9a-f]{32}\.jpg$/);

    const served = await server.app.inject({ method: 'GET', url: `/media/${picture.path}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const stored = await sharp(served.rawPayload).metadata();
    expect(stored.format).toBe('jpeg');
    expect([stored.width, stored.height]).toEqual([600, 800]);
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Fotografa Secreta'))).toBe(false);
    const audit = await listAudit(server.db, { actorEmail: 'edit@festa.pt', outcome: 'ok' });
    expect(audit.map((e) => [e.action, e.subject])).toContainEqual(['media.upload', picture.path]);
  });

  it('a text file renamed .jpg is refused in pt-PT, and so is a file over the size limit', async () => {
    const text = await upload(editor, '/media/pictures', {
      name: 'foto.jpg',
      type: 'image/jpeg',
      data: Buffer.from('não sou uma imagem\n'),
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({
      message: 'O ficheiro não é uma imagem JPEG, PNG, WebP ou AVIF. Escolha uma fotografia ou um logótipo nesses formatos.',
    });
    const big = Buffer.concat([await cameraJpeg(), Buffer.alloc(21 * 1024 * 1024)]);
    const tooLarge = await upload(editor, '/media/pictures', { name: 'enorme.jpg', type: 'image/jpeg', data: big });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ message: 'O ficheiro tem mais de 20 MB: escolha um ficheiro mais pequeno.' });
    const failed = await listAudit(server.db, { actorEmail: 'edit@festa.pt', outcome: 'failed' });
    expect(failed.filter((e) => e.action === 'media.upload')).toHaveLength(2);
  });

  it('a role without the right is refused (403) and the attempt audited', async () => {
    const refused = await upload(press, '/media/pictures', { name: 'abertura.jpg', type: 'image/jpeg', data: await cameraJpeg() });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Não tem permissão para fazer isto.' });
    const pdf = await upload(editor, '/media/pdfs', { name: 'comunicado.pdf', type: 'application/pdf', data: await realPdf() });
    expect(pdf.statusCode).toBe(403);
    const denied = [
      ...(await listAudit(server.db, { actorEmail: 'press@festa.pt', outcome: 'denied' })),
      ...(await listAudit(server.db, { actorEmail: 'edit@festa.pt', outcome: 'denied' })),
    ];
    expect(denied.map((e) => e.action)).toEqual(expect.arrayContaining(['POST /gestao/api/media/pictures', 'POST /gestao/api/media/pdfs']));
  });

  it('the uploaded picture is served by the public variant route, as AVIF, WebP and JPEG copies', async () => {
    for (const format of ['avif', 'webp', 'jpg'] as const) {
      const variant = await server.app.inject({ method: 'GET', url: `/media/_/480/${picture.path}.${format}` });
      expect(variant.statusCode, format).toBe(200);
      const meta = await sharp(variant.rawPayload).metadata();
      expect(meta.width, format).toBe(480);
      expect(meta.exif, format).toBeUndefined();
    }
    const unknown = await server.app.inject({ method: 'GET', url: `/media/_/480/uploads/${'0'.repeat(32)}.jpg.avif` });
    expect(unknown.statusCode).toBe(404);
  });

  it('publishing is refused while a picture of the draft lacks its alt text, and accepted once it has one', async () => {
    const news = (await editor.request('GET', '/records/news')).json<RecordView[]>()[0]!;
    const saved = await editor.request('PUT', `/records/news/${news.id}`, {
      baseVersion: news.version,
      fields: { ...news.fields, thumb: picture.path, poster: picture.path },
    });
    expect(saved.statusCode).toBe(200);
    const refused = await editor.request('POST', '/releases');
    expect(refused.statusCode).toBe(400);
    const title = fieldText(news.fields.title);
    expect(refused.json<{ message: string }>().message).toBe(
      `Falta o texto alternativo de 2 imagens: a notícia «${title}» (imagem pequena); a notícia «${title}» (imagem). Escreva-o no formulário antes de publicar.`,
    );

    const badFocus = await editor.request('PUT', `/media/pictures/${picture.path}`, { alt: 'Sala cheia', focal_x: 33, focal_y: 20 });
    expect(badFocus.statusCode).toBe(400);
    expect(badFocus.json()).toEqual({
      message: 'Há campos por corrigir.',
      errors: { focal_x: 'O ponto focal (horizontal) anda de 5 em 5 %.' },
    });
    const details = await editor.request('PUT', `/media/pictures/${picture.path}`, {
      alt: 'A sala do Cinema São Jorge cheia na noite de abertura',
      focal_x: 30,
      focal_y: 20,
    });
    expect(details.statusCode).toBe(200);
    expect(details.json<UploadedPicture>()).toMatchObject({ focalX: 30, focalY: 20 });
    const published = await editor.request('POST', '/releases');
    expect(published.statusCode).toBe(201);

    const api = await getJson<{ poster: string; pictures: Record<string, unknown> }>(server.app, `/api/news/${news.id}`);
    expect(api.body.poster).toBe(picture.path);
    expect(api.body.pictures).toEqual({
      [picture.path]: { alt: 'A sala do Cinema São Jorge cheia na noite de abertura', focusX: 30, focusY: 20 },
    });
  });

  it('a PDF is a PDF from its first byte: an HTML page with a whole PDF inside, or a PDF after anything, is refused', async () => {
    const pdf = await realPdf();
    const refused = [
      Buffer.concat([Buffer.from('<!doctype html><html><body><script>alert(1)</script>\n'), pdf]),
      Buffer.concat([Buffer.from('\uFEFF'), pdf]),
      Buffer.concat([Buffer.from('\n'), pdf]),
      // The header without its version: no PDF writer makes one.
      Buffer.concat([Buffer.from('%PDF-<html><script>alert(1)</script></html>\n'), pdf.subarray(pdf.indexOf('\n') + 1)]),
    ];
    for (const data of refused) {
      const answer = await upload(press, '/media/pdfs', { name: 'comunicado.pdf', type: 'application/pdf', data });
      expect(answer.statusCode).toBe(415);
      expect(answer.json()).toEqual({ message: 'O ficheiro não é um PDF válido.' });
    }
    expect((await upload(press, '/media/pdfs', { name: 'comunicado.pdf', type: 'application/pdf', data: pdf })).statusCode).toBe(201);
  });

  it('a PDF is accepted for a press item and a fake one refused; the press item is published and downloaded', async () => {
    const fake = await upload(press, '/media/pdfs', {
      name: 'comunicado.pdf',
      type: 'application/pdf',
      data: Buffer.from('%PDF-1.7\nisto não é um PDF\n%%EOF\n'),
    });
    expect(fake.statusCode).toBe(415);
    expect(fake.json()).toEqual({ message: 'O ficheiro não é um PDF válido.' });
    const renamed = await upload(press, '/media/pdfs', { name: 'comunicado.pdf', type: 'application/pdf', data: await cameraJpeg() });
    expect(renamed.statusCode).toBe(415);

    const data = await realPdf();
    const uploaded = await upload(press, '/media/pdfs', { name: 'comunicado.pdf', type: 'application/pdf', data });
    expect(uploaded.statusCode).toBe(201);
    const pdf = uploaded.json<UploadedPdf>();
    expect(pdf).toEqual({
      file_name: expect.stringMatching(/^uploads\/[0-9a-f]{32}\.pdf$/) as unknown,
      mime: 'application/pdf',
      size: data.length,
    });

    const missing = await press.request('POST', '/records/press_items', {
      fields: {
        type: 'pressrelease',
        title: 'Sem ficheiro',
        description_html: '',
        file_name: 'uploads/nada.pdf',
        published_at: '2026-04-01T10:00',
      },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errors: { file_name: 'Este ficheiro não foi carregado: carregue o PDF de novo.' } });
    const created = await press.request('POST', '/records/press_items', {
      fields: {
        type: 'pressrelease',
        title: 'Programa completo anunciado',
        description_html: '<p>O programa da edição.</p>',
        file_name: pdf.file_name,
        published_at: '2026-04-01T10:00',
      },
    });
    expect(created.statusCode).toBe(201);
    const item = created.json<RecordView>();
    const draft = (await press.request('GET', '/draft')).json<{ changelog: string[] }>();
    expect(draft.changelog).toContain('Novo material de imprensa: *Programa completo anunciado*');
    expect((await press.request('POST', '/releases')).statusCode).toBe(201);

    const list = await getJson<{ id: string; title: string; mime: string; size: number }[]>(server.app, '/api/press/pressrelease');
    expect(list.body).toContainEqual(expect.objectContaining({ id: item.id, title: 'Programa completo anunciado', size: data.length }));
    const download = await server.app.inject({ method: 'GET', url: `/admin/api/download_press/${item.id}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(data)).toBe(true);
  });

  it('Programação uploads a PDF and adds it to a programme entry as an attachment; published, the public programme lists it and its link downloads it', async () => {
    const programmer = await staff('prog@festa.pt', 'programacao');
    const data = await realPdf();
    const uploaded = await upload(programmer, '/media/pdfs', { name: 'grelha.pdf', type: 'application/pdf', data });
    expect(uploaded.statusCode).toBe(201);
    const pdf = uploaded.json<UploadedPdf>();
    const [entry] = (await programmer.request('GET', '/records/programme_entries')).json<RecordView[]>();
    const attachments = entry!.fields.attachments as Record<string, unknown>[];
    const attachment = { id: 0, title: 'Grelha para escolas', description_html: '<p>As sessões da manhã.</p>', file_name: pdf.file_name };
    const saved = await programmer.request('PUT', `/records/programme_entries/${entry!.id}`, {
      baseVersion: entry!.version,
      fields: { ...entry!.fields, attachments: [...attachments, attachment] },
    });
    expect(saved.statusCode).toBe(200);
    const draft = (await programmer.request('GET', '/draft')).json<{ changelog: string[] }>();
    expect(draft.changelog).toContain('Programa alterado: anexos');
    expect((await programmer.request('POST', '/releases')).statusCode).toBe(201);

    const programme = await getJson<{ attachments: { id: string; title: string; size: number; mime: string }[] }[]>(
      server.app,
      '/api/festival_program',
    );
    const listed = programme.body.flatMap((e) => e.attachments).find((a) => a.title === 'Grelha para escolas')!;
    expect(listed).toMatchObject({ size: data.length, mime: 'application/pdf' });
    const download = await server.app.inject({ method: 'GET', url: `/admin/api/download_attach/${listed.id}` });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(data)).toBe(true);
  });
});
