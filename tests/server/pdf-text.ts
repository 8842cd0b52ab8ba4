/** A PDF answer read back as a reader would: each page's size and text, through pdfjs (its legacy build, for Node). */
import type { LightMyRequestResponse } from 'fastify';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { expect } from 'vitest';

interface PdfPage {
  width: number;
  height: number;
  /** The page's text, its pieces joined by one space. */
  text: string;
}

export async function readPdf(response: LightMyRequestResponse): Promise<PdfPage[]> {
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  const bytes = new Uint8Array(response.rawPayload);
  expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  const pdf = await getDocument({ data: bytes, isEvalSupported: false, disableFontFace: true }).promise;
  const pages: PdfPage[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    const text = content.items
      .map((item) => ('str' in item ? item.str : ''))
      .join(' ')
      .replace(/\s+/g, ' ');
    pages.push({ width: page.view[2]! - page.view[0]!, height: page.view[3]! - page.view[1]!, text });
  }
  await pdf.destroy();
  return pages;
}
