import { Link } from 'react-router-dom';
import type { MenuEntry } from '../common/api/api-types';
import { menuLink } from '../common/page-blocks/menu-links';

export function MenuLink({ item, isChild, className }: { item: MenuEntry; isChild: boolean; className?: string }) {
  const link = menuLink(item, isChild);
  if (link.kind === 'external') {
    return (
      <a className={className} href={link.href} target="_blank" rel="noopener noreferrer">
        {item.title}
      </a>
    );
  }
  return (
    <Link className={className} to={link.to}>
      {item.title}
    </Link>
  );
}
