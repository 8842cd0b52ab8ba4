/**
 * The back office's menu, in groups (Programa, Conteúdos, Publicação, Pessoas, Sistema): a column
 * beside the screen on a desk, the current place marked; on a phone (600 px or less) one "Menu"
 * button that opens it, so the menu never takes the screen. Escape closes it and gives the focus
 * back to the button; following a link closes it.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { CalendarClock, FileText, Send, Settings, Users, type LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router-dom';

export type MenuGroup = 'programa' | 'conteudos' | 'publicacao' | 'pessoas' | 'sistema';

/** Each group's sign, beside its name: the eye finds "Programa" before it reads it. */
const GROUP_ICONS: Record<MenuGroup, LucideIcon> = {
  programa: CalendarClock,
  conteudos: FileText,
  publicacao: Send,
  pessoas: Users,
  sistema: Settings,
};

export interface MenuGroupView {
  group: MenuGroup;
  label: string;
  items: readonly { to: string; label: string }[];
}

export function GestaoMenu({ groups }: { groups: readonly MenuGroupView[] }) {
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
      <div id="gestao-menu" className={open ? 'gestao-menu gestao-menu--open' : 'gestao-menu'}>
        {groups.map((group, index) => {
          const Icon = GROUP_ICONS[group.group];
          return (
            <div key={group.label} className="gestao-menu__group">
              <p className="gestao-menu__title" id={`gestao-menu-grupo-${index}`}>
                <Icon aria-hidden="true" size={16} strokeWidth={2.25} /> {group.label}
              </p>
              <ul aria-labelledby={`gestao-menu-grupo-${index}`}>
                {group.items.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} onClick={() => setOpen(false)}>
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </div>
    </nav>
  );
}
