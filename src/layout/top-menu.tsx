import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import type { MenuItem } from '../common/api/api-types';
import { useHydrated } from '../hooks/use-hydrated';
import { MenuLink } from './menu-link';
import { useStateResetOn } from '../hooks/use-state-reset-on';
import './top-menu.css';
import { useContentLang, useWritten } from '../hooks/use-content-lang';

/**
 * A menu with children becomes a dropdown, opened by click, Enter/Space, or ArrowDown; Escape
 * closes it. An item with an address of its own keeps it: its title is a link ("Programação" goes
 * to the agenda) and a small button beside it opens the children.
 */
function Dropdown({ item }: { item: MenuItem }) {
  const location = useLocation();
  // A dropdown closes when the visitor goes to another page.
  const [open, setOpen] = useStateResetOn(false, [location.pathname]);
  const id = useId();
  const ref = useRef<HTMLLIElement>(null);
  const split = item.menu_url !== '';
  const { t } = useLingui();
  const title = item.title;
  const contentLang = useContentLang(useWritten(item)('title').lang);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('click', close);
    return () => document.removeEventListener('click', close);
  }, [open, setOpen]);

  return (
    <li
      ref={ref}
      className={`menu__item menu__item--dropdown${open ? ' is-open' : ''}`}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          // The dropdown takes this Escape: the phone's menu panel around it stays open.
          event.stopPropagation();
          setOpen(false);
          ref.current?.querySelector('button')?.focus();
        }
      }}
    >
      {split ? <MenuLink item={item} isChild={false} className="menu__link menu__parent" /> : null}
      <button
        type="button"
        className={split ? 'menu__toggle menu__toggle--split' : 'menu__link menu__toggle'}
        aria-expanded={open}
        aria-controls={id}
        aria-label={split ? t`${title}: mais opções` : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
            requestAnimationFrame(() => ref.current?.querySelector<HTMLElement>('.menu__submenu a')?.focus());
          }
        }}
      >
        {split ? null : <span lang={contentLang}>{item.title}</span>}
      </button>
      <ul id={id} className="menu__submenu" hidden={!open}>
        {item.childs.map((child) => (
          <li key={`${child.title}-${child.menu_url}`}>
            <MenuLink item={child} isChild className="menu__sublink" />
          </li>
        ))}
      </ul>
    </li>
  );
}

export function Menu({ items, label, className }: { items: MenuItem[]; label: string; className: string }) {
  // Until the scripts run (or without them), CSS opens dropdowns on hover and focus: see top-menu.css.
  const live = useHydrated();
  return (
    <nav className={className} aria-label={label}>
      <ul className={live ? 'menu menu--live' : 'menu'}>
        {items.map((item) =>
          item.childs.length > 0 ? (
            <Dropdown key={`${item.title}-${item.menu_url}`} item={item} />
          ) : (
            <li key={`${item.title}-${item.menu_url}`} className="menu__item">
              <MenuLink item={item} isChild={false} className="menu__link" />
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

/**
 * The top menu on a phone: a "Menu" button that opens a panel with every item, under the header.
 * A <details>, so it opens without JavaScript and by keyboard; once the scripts run it also closes
 * on Escape (giving the focus back to the button), on a click outside and on going to another page.
 */
export function MenuPanel({ items }: { items: MenuItem[] }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  const { t } = useLingui();

  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [pathname]);

  useEffect(() => {
    const close = (event: MouseEvent) => {
      const panel = ref.current;
      if (panel?.open && !panel.contains(event.target as Node)) panel.open = false;
    };
    document.addEventListener('click', close);
    return () => document.removeEventListener('click', close);
  }, []);

  return (
    <details
      ref={ref}
      className="menu-panel"
      onKeyDown={(event) => {
        const panel = ref.current;
        if (event.key === 'Escape' && panel?.open) {
          panel.open = false;
          panel.querySelector('summary')?.focus();
        }
      }}
    >
      <summary className="menu-panel__button">
        <span className="menu-panel__icon" aria-hidden="true" />
        <Trans>Menu</Trans>
      </summary>
      <div className="menu-panel__sheet">
        <Menu items={items} label={t`Menu principal`} className="panel-menu" />
      </div>
    </details>
  );
}
