import { describe, expect, it } from 'vitest';
import { isPageNavigation } from '../../src/common/addresses/page-navigation';

const at = (address: string) => new URL(address, 'https://festacinemaitaliano.pt');

describe('which requests the service worker answers as a page', () => {
  it.each(['/agenda?sessoes=1.2.3', '/agenda?sessoes=12.48.205', '/pesquisa?q=v2.0', '/filme/101?x=1', '/programacao', '/'])(
    'a navigation to %s is a page, whatever dots its query holds',
    (address) => expect(isPageNavigation('navigate', at(address))).toBe(true),
  );

  it.each([
    '/service-worker.js',
    '/assets/x-abc.js',
    '/media/a.jpg',
    '/robots.txt',
    '/manifest.webmanifest?v=2',
    '/admin/api/sessions',
    '/admin/api/download_press/513',
    '/admin',
    '/gestao',
    '/gestao/filmes/101',
  ])('a navigation to %s is not a page: a file, the API, the media or the back office', (address) =>
    expect(isPageNavigation('navigate', at(address))).toBe(false),
  );

  it.each(['cors', 'no-cors', 'same-origin'])('a %s request to a page address is not a navigation', (mode) =>
    expect(isPageNavigation(mode, at('/agenda?sessoes=1.2.3'))).toBe(false),
  );
});
