import { useEffect, useId, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import type { MenuItem } from '../common/api-types';
import { MenuLink } from './menu-link';
import { useStateResetOn } from './use-state-reset-on';

/** A menu with children becomes a dropdown, opened by click, Enter/Space, or ArrowDown; Escape closes it. */
function Dropdown({ item }: { item: MenuItem }) {
  const location = useLocation();
  // A dropdown closes when the visitor goes to another page.
  const [open, setOpen] = useStateResetOn(false, [location.pathname]);
  const id = useId();
  const ref = useRef<HTMLLIElement>(null);

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
          setOpen(false);
          ref.current?.querySelector('button')?.focus();
        }
      }}
    >
      <button
        type="button"
        className="menu__link menu__toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
            requestAnimationFrame(() => ref.current?.querySelector<HTMLElement>('.menu__submenu a')?.focus());
          }
        }}
      >
        {item.title}
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
  return (
    <nav className={className} aria-label={label}>
      <ul className="menu">
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
