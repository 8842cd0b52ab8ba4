/** How a menu item links (spec section 2, "Shared parts"). */
import type { MenuItem } from './api-types';
export type MenuLink = {
    kind: 'external';
    href: string;
} | {
    kind: 'internal';
    to: string;
};
export declare function menuLink(item: MenuItem, isChild: boolean): MenuLink;
