import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importContent } from '../../server/content/import';
import { countRows, FESTIVAL_START, startTestServer, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const countOf = (table: Parameters<typeof countRows>[1]) => countRows(server.db, table);

describe('seed content', () => {
  it('has the festival the issue asks for', async () => {
    const films = await server.db
      .selectFrom('movies')
      .select(['scope', 'section_id', 'highlight', 'video_id'])
      .where('is_movie', '=', 1)
      .execute();
    expect(films.length).toBeGreaterThanOrEqual(60);
    expect(new Set(films.map((f) => f.section_id)).size).toBeGreaterThanOrEqual(6);
    expect(films.some((f) => f.scope === 'distrib')).toBe(true);
    expect(films.some((f) => f.highlight === 1)).toBe(true);
    expect(films.some((f) => f.video_id !== '')).toBe(true);
    expect(await countOf('cities')).toBe(4);
    expect(await countOf('venues')).toBeGreaterThanOrEqual(10);
    expect(await countOf('sessions')).toBeGreaterThanOrEqual(300);
    expect(
      Number(
        (
          await server.db
            .selectFrom('movies')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('is_movie', '=', 0)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBeGreaterThanOrEqual(15);
    expect(await countOf('news')).toBeGreaterThanOrEqual(20);
    expect(await countOf('sponsor_groups')).toBeGreaterThanOrEqual(4);
    expect(await countOf('custom_pages')).toBeGreaterThanOrEqual(4);
    expect(await countOf('history_editions')).toBeGreaterThanOrEqual(3);
    const press = await server.db.selectFrom('press_items').select('type').distinct().execute();
    expect(press.map((p) => p.type).sort()).toEqual(['presskit', 'pressrelease', 'support']);
  });

  it('places sessions on the configured festival days', async () => {
    const range = await server.db
      .selectFrom('sessions')
      .select((eb) => [eb.fn.min('starts_at').as('first'), eb.fn.max('starts_at').as('last')])
      .executeTakeFirstOrThrow();
    expect(range.first >= `${FESTIVAL_START}T00:00`).toBe(true);
    expect(range.last <= '2026-04-10T23:59').toBe(true);
  });
});

describe('re-importing content', () => {
  it('replaces content and keeps submissions', async () => {
    await server.app.inject({ method: 'POST', url: '/admin/api/newsletter', payload: { email: 'keep@example.pt', city: 'Lisboa' } });
    const before = await countOf('newsletter_subscriptions');
    const films = await countOf('movies');
    await importContent(server.db, { contentDir: server.config.contentDir, festivalStart: '2026-05-01', festivalDays: 9 });
    expect(await countOf('newsletter_subscriptions')).toBe(before);
    expect(await countOf('movies')).toBe(films);
    const first = await server.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.min('starts_at').as('first'))
      .executeTakeFirstOrThrow();
    expect(first.first.startsWith('2026-05-0')).toBe(true);
    await importContent(server.db, { contentDir: server.config.contentDir, festivalStart: FESTIVAL_START, festivalDays: 9 });
  });

  it('leaves the previous content in place when the new content is broken', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'festa-content-'));
    try {
      cpSync(server.config.contentDir, dir, { recursive: true });
      unlinkSync(join(dir, 'media', 'films', '101-thumb.jpg'));
      const films = await countOf('movies');
      await expect(importContent(server.db, { contentDir: dir, festivalStart: FESTIVAL_START, festivalDays: 9 })).rejects.toThrow(
        /imagem em falta: media\/films\/101-thumb\.jpg/,
      );
      expect(await countOf('movies')).toBe(films);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses sessions outside the festival days', async () => {
    await expect(
      importContent(server.db, { contentDir: server.config.contentDir, festivalStart: FESTIVAL_START, festivalDays: 2 }),
    ).rejects.toThrow(/fora do festival/);
  });

  it.each([
    ['sponsor-groups.json', 'javascript:alert(1)', /patrocinador/],
    ['posters.json', 'data:text/html,<script>alert(1)</script>', /poster|banner/],
    ['films.json', 'vbscript:msgbox(1)', /buyLink/],
    ['menus.json', 'java\tscript:alert(1)', /menu/],
    ['settings.json', '//evil.example/x', /redes sociais/],
  ])('refuses an unsafe link in %s (%s) and keeps the content', async (file, link, where) => {
    const dir = mkdtempSync(join(tmpdir(), 'festa-content-'));
    try {
      cpSync(server.config.contentDir, dir, { recursive: true });
      const path = join(dir, 'seed', file);
      const text = readFileSync(path, 'utf8');
      const key = {
        'sponsor-groups.json': '"link"',
        'posters.json': '"link"',
        'films.json': '"buyLink"',
        'menus.json': '"menuUrl"',
        'settings.json': '"video"',
      }[file]!;
      const at = text.indexOf(key);
      expect(at, key).toBeGreaterThan(0);
      const valueStart = text.indexOf('"', at + key.length + 1);
      const valueEnd = text.indexOf('"', valueStart + 1);
      writeFileSync(path, `${text.slice(0, valueStart)}${JSON.stringify(link)}${text.slice(valueEnd + 1)}`);
      const sponsors = await countOf('sponsors');
      await expect(importContent(server.db, { contentDir: dir, festivalStart: FESTIVAL_START, festivalDays: 9 })).rejects.toThrow(where);
      expect(await countOf('sponsors')).toBe(sponsors);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps the safe kinds of links: site paths, slugs, http(s), mailto and tel', async () => {
    const { checkedLink } = await import('../../server/content/sanitize');
    for (const link of [
      '',
      '/programacao',
      'programacao',
      '#precos',
      'https://example.pt/x',
      'http://a.pt',
      'mailto:a@b.pt',
      'tel:+351210000000',
    ]) {
      expect(checkedLink(link, 'x')).toBe(link);
    }
    for (const link of [
      'javascript:x',
      ' JavaScript:x',
      'data:text/html,x',
      'vbscript:x',
      '//evil.example',
      // Browsers read a backslash as a slash: another host, without a scheme.
      '/\\evil.example',
      'java\nscript:x',
      'file:///etc/passwd',
    ]) {
      expect(() => checkedLink(link, 'x'), link).toThrow(/Ligação não permitida/);
    }
  });
});
