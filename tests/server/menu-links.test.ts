/**
 * Every link of the seed's menus resolves: for both scopes, top and bottom, parents and children,
 * a link into the site answers 2xx, and a link out of it is a well-formed http(s) address. The
 * agenda comes first: the festival's first top item is "Programação", to /programacao.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuEntry, Menus } from '../../src/common/api/api-types';
import { menuLink } from '../../src/common/page-blocks/menu-links';
import { getJson, startTestServer, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface Entry {
  where: string;
  item: MenuEntry;
  isChild: boolean;
}

function entries(menus: Menus, scope: string): Entry[] {
  // The schema types children one level deep; the seed nests no deeper.
  const walk = (items: MenuEntry[], where: string, isChild: boolean): Entry[] =>
    items.flatMap((item) => [
      { where: `${where} "${item.title}"`, item, isChild },
      ...walk(item.childs as MenuEntry[], `${where} "${item.title}" >`, true),
    ]);
  return [...walk(menus.top, `${scope}/top`, false), ...walk(menus.bottom, `${scope}/bottom`, false)];
}

describe('the seed menus', () => {
  it.each(['festa', 'distrib'])('of %s lead to a page of the site or to a real external address', async (scope) => {
    const { body: menus } = await getJson<Menus>(server.app, `/api/menus/${scope}`);
    const all = entries(menus, scope);
    expect(all.length).toBeGreaterThan(5);
    const broken: string[] = [];
    for (const { where, item, isChild } of all) {
      const link = menuLink(item, isChild);
      const href = link.kind === 'external' ? link.href : link.to;
      if (/^https?:/.test(href)) {
        const url = URL.canParse(href) ? new URL(href) : null;
        if (!url || !/^https?:$/.test(url.protocol) || !url.hostname.includes('.')) broken.push(`${where}: ${href}`);
        continue;
      }
      const response = await server.app.inject({ method: 'GET', url: href, headers: { cookie: `escopo=${scope}` } });
      if (response.statusCode < 200 || response.statusCode > 299) broken.push(`${where}: ${href} answers ${response.statusCode}`);
    }
    expect(broken).toEqual([]);
  });

  it('put the agenda first: "Programação" links /programacao', async () => {
    const { body: menus } = await getJson<Menus>(server.app, '/api/menus/festa');
    const first = menus.top[0]!;
    expect(first.title).toBe('Programação');
    expect(menuLink(first, false)).toEqual({ kind: 'internal', to: '/programacao' });
  });

  it('would catch a link to no page (the check can fail)', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/bilhetes-online' });
    expect(response.statusCode).toBe(404);
  });
});
