/**
 * What Word and Google Docs put on the clipboard, reduced to the markup the public site renders:
 * paragraphs, headings, bold, italics, underline, links, lists and tables. Word's lists are
 * paragraphs with a drawn bullet (`mso-list`), Docs' bold is a styled span inside a `<b>` that is
 * *not* bold: both are rewritten here, before the editor reads them, because once styles and
 * classes are gone nothing tells them apart from plain text.
 */

/** Elements whose content is not text a visitor reads. */
const DROPPED = ['style', 'script', 'meta', 'link', 'title', 'xml', 'o:p', 'w:sdt', 'template'];
/** Wrappers that carry only looks: their text stays, the wrapper goes. */
const UNWRAPPED = ['span', 'font', 'div', 'section', 'article', 'o:smarttagtype', 'st1:place', 'st1:city'];

/**
 * Style sheets and style attributes are taken out of the markup before it is parsed: a document
 * parsed in the back office's page applies its content security policy, which refuses inline
 * styles (and says so in the console). A style attribute is kept as `data-style`, read as text.
 */
function withoutInlineStyles(html: string): string {
  return html.replace(/<style\b[\s\S]*?<\/style\s*>/gi, '').replace(/(<[a-z][^>]*?\s)style(\s*=)/gi, '$1data-style$2');
}

/** A `data-style` declaration's value ("font-weight" of "font-size:11pt;font-weight:700"), lower-cased. */
function styleOf(el: Element, property: string): string {
  for (const declaration of (el.getAttribute('data-style') ?? '').split(';')) {
    const colon = declaration.indexOf(':');
    if (colon > 0 && declaration.slice(0, colon).trim().toLowerCase() === property)
      return declaration
        .slice(colon + 1)
        .trim()
        .toLowerCase();
  }
  return '';
}

export function cleanPastedHtml(html: string): string {
  const doc = new DOMParser().parseFromString(withoutInlineStyles(html), 'text/html');
  const body = doc.body;
  dropWordListMarkers(body);
  rebuildWordLists(doc, body);
  for (const tag of DROPPED) for (const el of [...body.getElementsByTagName(tag)]) el.remove();
  markStyledText(doc, body);
  unwrapFalseBold(body);
  for (const heading of [...body.querySelectorAll('h1')]) rename(doc, heading, 'h2');
  for (const heading of [...body.querySelectorAll('h5, h6')]) rename(doc, heading, 'h4');
  for (const tag of UNWRAPPED) for (const el of [...body.getElementsByTagName(tag)]) unwrap(el);
  for (const el of [...body.querySelectorAll('*')]) keepOnlyMeaningfulAttributes(el);
  removeComments(body);
  for (const p of [...body.querySelectorAll('p')]) if (isBlank(p)) p.remove();
  dropSpaceBetweenBlocks(body);
  return body.innerHTML.trim();
}

/**
 * Word draws a list item's bullet or number as text between `[if !supportLists]` and `[endif]`
 * comments. The marker says which kind of list it was: kept on the paragraph, then dropped.
 */
function dropWordListMarkers(body: HTMLElement) {
  const walker = body.ownerDocument.createTreeWalker(body, NodeFilter.SHOW_COMMENT);
  const starts: Comment[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    if (/\[if !supportLists\]/.test((node as Comment).data)) starts.push(node as Comment);
  for (const start of starts) {
    let marker = '';
    let next = start.nextSibling;
    while (next && !(next.nodeType === Node.COMMENT_NODE && /\[endif\]/.test((next as Comment).data))) {
      const gone = next;
      next = next.nextSibling;
      marker += gone.textContent ?? '';
      gone.remove();
    }
    next?.remove();
    const paragraph = start.parentElement?.closest('p');
    if (paragraph) paragraph.dataset.listMarker = marker.replace(/\s+/g, ' ').trim();
    start.remove();
  }
}

function isWordListParagraph(el: Element): boolean {
  return el.tagName === 'P' && (/MsoListParagraph/i.test(el.className) || /^l\d/.test(styleOf(el, 'mso-list')));
}

/** A number or letter followed by "." or ")" is an ordered list's marker; a bullet is anything else. */
function isOrderedMarker(marker: string): boolean {
  return /^([0-9]+|[a-z]|[ivxlc]+)[.)]$/i.test(marker);
}

/** Consecutive list paragraphs become one `<ul>` or `<ol>` (Word's nesting levels are flattened). */
function rebuildWordLists(doc: Document, body: HTMLElement) {
  for (const first of [...body.querySelectorAll('p')]) {
    if (!first.isConnected || !isWordListParagraph(first)) continue;
    if (first.previousElementSibling && isWordListParagraph(first.previousElementSibling)) continue;
    const list = doc.createElement(isOrderedMarker(first.dataset.listMarker ?? '') ? 'ol' : 'ul');
    first.before(list);
    let item: Element | null = first;
    while (item && isWordListParagraph(item)) {
      const following: Element | null = item.nextElementSibling;
      const li = doc.createElement('li');
      li.append(...item.childNodes);
      list.append(li);
      item.remove();
      item = following;
    }
  }
}

/** Docs and Word say bold, italics and underline in a span's style: said with elements instead. */
function markStyledText(doc: Document, body: HTMLElement) {
  for (const span of [...body.querySelectorAll<HTMLElement>('span[data-style]')]) {
    const weight = styleOf(span, 'font-weight');
    const wraps: string[] = [];
    if (weight === 'bold' || weight === 'bolder' || Number(weight) >= 600) wraps.push('strong');
    if (styleOf(span, 'font-style') === 'italic') wraps.push('em');
    if (/underline/.test(styleOf(span, 'text-decoration') || styleOf(span, 'text-decoration-line'))) wraps.push('u');
    for (const tag of wraps) {
      const mark = doc.createElement(tag);
      mark.append(...span.childNodes);
      span.append(mark);
    }
  }
}

/** Google Docs wraps the whole paste in `<b style="font-weight:normal">`, which is not bold at all. */
function unwrapFalseBold(body: HTMLElement) {
  for (const b of [...body.querySelectorAll<HTMLElement>('b[data-style]')]) {
    const weight = styleOf(b, 'font-weight');
    if (weight === 'normal' || (weight !== '' && Number(weight) < 600)) unwrap(b);
  }
}

const KEPT_ATTRIBUTES: Record<string, string[]> = {
  A: ['href', 'title'],
  TD: ['colspan', 'rowspan'],
  TH: ['colspan', 'rowspan', 'scope'],
};

function keepOnlyMeaningfulAttributes(el: Element) {
  const kept = KEPT_ATTRIBUTES[el.tagName] ?? [];
  for (const attribute of [...el.attributes]) if (!kept.includes(attribute.name)) el.removeAttribute(attribute.name);
}

function removeComments(body: HTMLElement) {
  const walker = body.ownerDocument.createTreeWalker(body, NodeFilter.SHOW_COMMENT);
  const comments: Node[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) comments.push(node);
  for (const comment of comments) comment.parentNode?.removeChild(comment);
}

/** The line breaks Word leaves between its paragraphs are not text: one is kept between blocks. */
function dropSpaceBetweenBlocks(body: HTMLElement) {
  for (const parent of [body, ...body.querySelectorAll('ul, ol')]) {
    let previousWasSpace = false;
    for (const node of [...parent.childNodes]) {
      const isSpace = node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() === '';
      if (isSpace && (previousWasSpace || parent !== body)) node.remove();
      else if (isSpace) node.textContent = '\n';
      previousWasSpace = isSpace;
    }
  }
}

function isBlank(p: HTMLElement): boolean {
  return (p.textContent ?? '').replace(/[\s\u00a0]/g, '') === '' && !p.querySelector('img');
}

function unwrap(el: Element) {
  el.replaceWith(...el.childNodes);
}

function rename(doc: Document, el: Element, tag: string) {
  const renamed = doc.createElement(tag);
  renamed.append(...el.childNodes);
  el.replaceWith(renamed);
}
