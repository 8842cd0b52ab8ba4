/** How a menu item links (spec section 2, "Shared parts"). */
import type { MenuEntry } from '../api/api-types';

export type MenuLink = { kind: 'external'; href: string } | { kind: 'internal'; to: string };

export function menuLink(item: MenuEntry, isChild: boolean): MenuLink {
  const external = item.menu_url.includes('http') || (isChild && item.internal_page_id === 0 && item.template_id === 5);
  if (external) {
    // A template-5 child without "http" is an address outside the app on this host.
    return { kind: 'external', href: item.menu_url.includes('http') ? item.menu_url : `/${item.menu_url}` };
  }
  return { kind: 'internal', to: `/${item.menu_url}` };
}
