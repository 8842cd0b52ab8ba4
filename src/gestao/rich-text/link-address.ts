/**
 * A link an editor may put in a text: an http or https address, an e-mail or a phone number, or a
 * path of the site itself (`/filme/101`), the same schemes the server's sanitiser keeps.
 */
const SCHEMES = ['http:', 'https:', 'mailto:', 'tel:'];

export function isSafeLink(address: string): boolean {
  const link = address.trim();
  if (link.startsWith('/')) return !link.startsWith('//');
  try {
    return SCHEMES.includes(new URL(link).protocol);
  } catch {
    return false;
  }
}

/** What an editor types, made an address: a bare "festa.pt" is meant as https. */
export function linkAddress(typed: string): string {
  const link = typed.trim();
  if (link === '' || link.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(link)) return link;
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(link)) return `mailto:${link}`;
  return `https://${link}`;
}
