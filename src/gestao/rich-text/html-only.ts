/** What the text editor cannot show, read without loading it (rich-text-field.tsx decides with it whether a text opens as HTML). */

/**
 * Tables, pictures, embedded videos and small print are written in HTML on a few pages; the editor
 * has no place for them and would drop them on the first keystroke, so such a text opens as HTML.
 */
export const KEPT_ONLY_IN_HTML = ['table', 'img', 'iframe', 'figure', 'small'] as const;
export type HtmlOnlyElement = (typeof KEPT_ONLY_IN_HTML)[number];

const MAY_HOLD_ONE = new RegExp(`<(${KEPT_ONLY_IN_HTML.join('|')})\\b`, 'i');

export function elementsOnlyHtmlKeeps(html: string): HtmlOnlyElement[] {
  if (!MAY_HOLD_ONE.test(html)) return [];
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return KEPT_ONLY_IN_HTML.filter((tag) => body.getElementsByTagName(tag).length > 0);
}
