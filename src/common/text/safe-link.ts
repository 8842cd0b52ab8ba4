/**
 * Whether an address may be a link of the content: an http, https, mailto or tel address, or an
 * address of the site itself (`/filme/101`, `#precos`, `?q=ada`, a slug). Anything else
 * (`javascript:`, `data:`, another host without a scheme: `//host`, `/\host`) is not. The server's
 * import and sanitiser and the back office's editor ask this one rule.
 */
export const SAFE_LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;

export function isSafeLink(address: string): boolean {
  // Control characters and whitespace inside a scheme are how filters are fooled ("java\tscript:").
  const plain = Array.from(address.trim())
    .filter((c) => {
      const code = c.codePointAt(0) ?? 0;
      return code > 0x20 && (code < 0x7f || code > 0x9f);
    })
    .join('');
  if (plain === '') return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(plain)?.[1];
  if (scheme) return (SAFE_LINK_SCHEMES as readonly string[]).includes(scheme.toLowerCase());
  return !/^[/\\]{2}/.test(plain) && !plain.startsWith('\\');
}
