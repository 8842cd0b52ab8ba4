/**
 * Editors' HTML is cleaned once, when it enters the database, so every reader (API, server
 * rendering, offline copies) serves the same safe markup and none has to remember to clean it.
 */
import sanitizeHtml from 'sanitize-html';
import { isSafeLink, SAFE_LINK_SCHEMES } from '../../src/common/text/safe-link';

const VIDEO_HOSTS = ['www.youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com'];

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'a',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'figure',
    'figcaption',
    'iframe',
    'span',
    'small',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    iframe: ['src', 'width', 'height', 'title', 'allowfullscreen'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
  },
  allowedSchemes: [...SAFE_LINK_SCHEMES],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  allowedIframeHostnames: VIDEO_HOSTS,
  disallowedTagsMode: 'discard',
  // An image must point at the site itself or at an https/http address: a relative "x" would
  // resolve against every page differently and break.
  exclusiveFilter: (frame) => frame.tag === 'img' && !/^(https?:\/\/|\/(?!\/))/.test(frame.attribs.src ?? ''),
  transformTags: {
    a: (tagName, attribs) => {
      // A link that opens a new tab must not hand the opener to the other site.
      if (attribs.target === '_blank') return { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } };
      return { tagName, attribs };
    },
  },
};

export function sanitizeEditorHtml(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/**
 * A link field of the content (sponsor, poster, banner, buy button, social, menu): empty, a site
 * path, a slug inside the site, or an http, https, mailto or tel address. Anything else
 * (`javascript:`, `data:`, `vbscript:`, another host without a scheme: `//host`, `/\\host`) stops the import with a
 * message naming the field, so nothing unsafe ever reaches a page.
 */
export function checkedLink(value: string, where: string): string {
  const link = value.trim();
  if (link === '' || isSafeLink(link)) return link;
  throw new Error(`Ligação não permitida em ${where}: "${link.slice(0, 80)}". Use http(s), mailto, tel ou um caminho do site.`);
}
