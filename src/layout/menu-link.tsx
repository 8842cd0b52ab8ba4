import { Link } from 'react-router-dom';
import type { MenuEntry } from '../common/api/api-types';
import { menuLink } from '../common/page-blocks/menu-links';
import { localizedPath } from '../common/i18n/locales';
import { useLocale } from '../hooks/use-locale';
import { useContentLang, useWritten } from '../hooks/use-content-lang';

export function MenuLink({ item, isChild, className }: { item: MenuEntry; isChild: boolean; className?: string }) {
  const link = menuLink(item, isChild);
  const locale = useLocale();
  const contentLang = useContentLang(useWritten(item)('title').lang);
  if (link.kind === 'external') {
    // A page of the site opened in a new tab stays in the visitor's language.
    const href = link.href.startsWith('/') ? localizedPath(link.href, locale) : link.href;
    return (
      <a className={className} href={href} target="_blank" rel="noopener noreferrer" lang={contentLang}>
        {item.title}
      </a>
    );
  }
  return (
    <Link className={className} to={link.to} lang={contentLang}>
      {item.title}
    </Link>
  );
}
