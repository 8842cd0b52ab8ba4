/**
 * What the text editor can write: exactly the markup the public site renders and the server's
 * sanitiser keeps (server/content/sanitize.ts), so what an editor sees is what a visitor reads.
 */
import type { Extensions } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { isSafeLink } from './link-address';

export const HEADING_LEVELS = [2, 3, 4] as const;

export function editorExtensions(): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [...HEADING_LEVELS] },
      // The site styles none of these, and the sanitiser drops them.
      code: false,
      codeBlock: false,
      horizontalRule: false,
      strike: false,
      // An empty paragraph kept at the end for the caret would be saved, a gap on the public page.
      trailingNode: false,
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        // The sanitiser decides target and rel; the editor writes neither.
        HTMLAttributes: { target: null, rel: null, class: null },
        isAllowedUri: (url) => isSafeLink(url),
      },
    }),
  ];
}

/** The editor's empty document is `<p></p>`: stored as nothing, as an untouched field is. */
export function storedHtml(html: string, isEmpty: boolean): string {
  return isEmpty ? '' : html;
}
