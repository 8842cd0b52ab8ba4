/**
 * The back office's menu: a row of links on a wide screen; on a phone (600 px or less) one "Menu"
 * button that opens them as a list, so the menu never takes the screen. Escape closes it and gives
 * the focus back to the button; following a link closes it.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { NavLink } from 'react-router-dom';

export function GestaoMenu({ items }: { items: readonly { to: string; label: string }[] }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const { t } = useLingui();
  return (
    <nav
      aria-label={t`Gestão`}
      className="gestao-nav"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        setOpen(false);
        button.current?.focus();
      }}
    >
      <button
        type="button"
        ref={button}
        className="gestao-menu-button"
        aria-expanded={open}
        aria-controls="gestao-menu"
        onClick={() => setOpen(!open)}
      >
        <Trans>Menu</Trans>
      </button>
      <ul id="gestao-menu" className={open ? 'gestao-menu gestao-menu--open' : 'gestao-menu'}>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} onClick={() => setOpen(false)}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
