/**
 * Editors' HTML is cleaned once, when it enters the database, so every reader (API, server
 * rendering, offline copies) serves the same safe markup and none has to remember to clean it.
 */
import sanitizeHtml from 'sanitize-html';

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
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
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
