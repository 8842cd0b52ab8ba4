/**
 * A link an editor types into a text, made an address. Which addresses may be links is the site's
 * one rule (src/common/text/safe-link.ts).
 */

/** What an editor types, made an address: a bare "festa.pt" is meant as https, "a@b.pt" as mail. */
export function linkAddress(typed: string): string {
  const link = typed.trim();
  if (link === '' || /^[/#?]/.test(link) || /^[a-z][a-z0-9+.-]*:/i.test(link)) return link;
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(link)) return `mailto:${link}`;
  return `https://${link}`;
}
