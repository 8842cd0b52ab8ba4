/**
 * What the printed programme's PDFs share: an A4 pdfkit document in pt-PT with an embedded font
 * (DejaVu Sans Condensed, shipped beside this file with its licence: the PDF standard fonts only
 * know WinAnsi, and a server's fonts are not guaranteed), its palette, text that fits a box, page
 * numbers, and the finished bytes.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';

export type Pdf = PDFKit.PDFDocument;

/** A4 in points, as pdfkit sizes it. */
export const A4 = { width: 595.28, height: 841.89 } as const;

export const REGULAR = 'texto';
export const BOLD = 'destaque';

const fontFile = (name: string) => fileURLToPath(new URL(`./fonts/${name}`, import.meta.url));
/** Read once: every document embeds the subset of glyphs it uses. */
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const loadFonts = () =>
  (fonts ??= {
    regular: readFileSync(fontFile('DejaVuSansCondensed.ttf')),
    bold: readFileSync(fontFile('DejaVuSansCondensed-Bold.ttf')),
  });

/** Print colours: dark text, the festival's red for headings, greys that survive a photocopier. */
export const INK = {
  text: '#1a1a1a',
  muted: '#555555',
  accent: '#c8102e',
  rule: '#b3b3b3',
  box: '#eef1f4',
  boxEdge: '#7a8794',
  cancelled: '#8c8c8c',
  cancelledBox: '#f4f4f4',
  notice: '#9b1c1c',
} as const;

export interface PdfInfo {
  title: string;
  subject: string;
  author: string;
  /** The document's date (the request's, by the app's clock). */
  at: Date;
}

export const MARGIN = 36;
/** Room kept at the foot of every page for its number. */
export const FOOTER = 28;

export function newDocument(info: PdfInfo): Pdf {
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER },
    // Kept in memory until the end, so that each page can say "página 3 de 12".
    bufferPages: true,
    lang: 'pt-PT',
    displayTitle: true,
    info: { Title: info.title, Subject: info.subject, Author: info.author, Creator: info.author, CreationDate: info.at, ModDate: info.at },
  });
  doc.registerFont(REGULAR, regular);
  doc.registerFont(BOLD, bold);
  doc.font(REGULAR).fillColor(INK.text);
  return doc;
}

/**
 * Writes `text` in the box at the largest size from `size` down to `minSize` at which it fits
 * whole (wrapped at the box's width); only a box too small even then ends in an ellipsis. The
 * height used.
 */
export function fitText(
  doc: Pdf,
  text: string,
  box: { x: number; y: number; width: number; height: number },
  style: { font: string; size: number; minSize: number; color: string; strike?: boolean },
): number {
  if (box.height <= 0 || box.width <= 0) return 0;
  doc.font(style.font);
  let size = style.size;
  for (; size > style.minSize; size -= 0.5) {
    if (doc.fontSize(size).heightOfString(text, { width: box.width }) <= box.height) break;
  }
  doc.fontSize(size);
  const height = Math.min(doc.heightOfString(text, { width: box.width }), box.height);
  doc.fillColor(style.color).text(text, box.x, box.y, { width: box.width, height: box.height, ellipsis: true, strike: style.strike });
  return height;
}

/** "Página 2 de 7" at the foot of every page, with a line of its own (the document's name). */
export function numberPages(doc: Pdf, footnote: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    // Writing below the bottom margin would start a new page: the footer sits in the margin's room.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = A4.height - MARGIN - 10;
    const width = A4.width - 2 * MARGIN;
    doc.font(REGULAR).fontSize(8).fillColor(INK.muted);
    doc.text(footnote, MARGIN, y, { width: width - 90, lineBreak: false, ellipsis: true });
    doc.text(`Página ${i - start + 1} de ${count}`, MARGIN, y, { width, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}

/** Ends the document and gives its bytes. */
export function finish(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
