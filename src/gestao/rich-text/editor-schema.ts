/**
 * What the text editor can write: exactly the markup the public site renders and the server's
 * sanitiser keeps (server/content/sanitize.ts), so what an editor sees is what a visitor reads.
 */
import type { Extensions } from '@tiptap/core';
import Heading from '@tiptap/extension-heading';
import StarterKit from '@tiptap/starter-kit';
import { isSafeLink } from '../../common/text/safe-link';

export const HEADING_LEVELS = [2, 3, 4] as const;

export function editorExtensions(): Extensions {
  return [
    StarterKit.configure({
      // Drawn by the one below: a text's headings are the text's, not the back office's page's.
      heading: false,
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
    TextHeading.configure({ levels: [...HEADING_LEVELS] }),
  ];
}

/**
 * A heading of the text, stored as <h2>–<h4> like any, drawn in the editor as a paragraph styled by
 * its level: a real heading there would sit in the form's own outline (an <h4> under the record's
 * <h1>), which screen readers walk and axe checks. The toolbar says the level where the caret is.
 */
const TextHeading = Heading.extend({
  addNodeView() {
    return ({ node: first }) => {
      let node = first;
      const dom = document.createElement('p');
      const draw = () => {
        dom.className = `gestao-rich__heading gestao-rich__heading--${String(node.attrs.level)}`;
      };
      draw();
      return {
        dom,
        contentDOM: dom,
        update: (updated) => {
          if (updated.type !== node.type) return false;
          node = updated;
          draw();
          return true;
        },
      };
    };
  },
});

/**
 * The editor's empty document is `<p></p>`: stored as nothing, as an untouched field is; empty
 * paragraphs left at the start or the end (a gap on the public page) are not stored either.
 */
export function storedHtml(html: string, isEmpty: boolean): string {
  return isEmpty ? '' : html.replace(/^(?:<p><\/p>)+|(?:<p><\/p>)+$/g, '');
}
