import { describe, expect, it } from 'vitest';
import { isPageNavigation } from '../../src/common/page-navigation';

const navigate = (address: string) => isPageNavigation('navigate', new URL(address, 'https://festacinemaitaliano.pt'));

describe('which requests the service worker answers as a page', () => {
  it('takes a navigation to a page for a page, whatever dots its query holds', () => {
    expect(navigate('/agenda?sessoes=1.2.3')).toBe(true);
    expect(navigate('/agenda?sessoes=12.48.205')).toBe(true);
    expect(navigate('/pesquisa?q=v2.0')).toBe(true);
    expect(navigate('/filme/101?x=1')).toBe(true);
    expect(navigate('/programacao')).toBe(true);
    expect(navigate('/')).toBe(true);
  });

  it('never takes a file, the API or the media for a page, even when navigated to', () => {
    expect(navigate('/service-worker.js')).toBe(false);
    expect(navigate('/assets/x-abc.js')).toBe(false);
    expect(navigate('/media/a.jpg')).toBe(false);
    expect(navigate('/robots.txt')).toBe(false);
    expect(navigate('/manifest.webmanifest?v=2')).toBe(false);
    expect(navigate('/admin/api/sessions')).toBe(false);
    expect(navigate('/admin/api/download_press/513')).toBe(false);
    expect(navigate('/admin')).toBe(false);
  });

  it('takes no other request for a page, even one to a page address', () => {
    expect(isPageNavigation('cors', new URL('https://festacinemaitaliano.pt/agenda?sessoes=1.2.3'))).toBe(false);
    expect(isPageNavigation('no-cors', new URL('https://festacinemaitaliano.pt/programacao'))).toBe(false);
    expect(isPageNavigation('same-origin', new URL('https://festacinemaitaliano.pt/filme/101'))).toBe(false);
  });
});
