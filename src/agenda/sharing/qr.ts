/**
 * A QR code of the share link, for a friend's phone across the table: drawn by the `qrcode`
 * library as SVG and shown as an image (a data: URL, which the Content-Security-Policy allows for
 * images; no markup is injected). Loaded only by the agenda page.
 */
import QRCode from 'qrcode';

export async function qrImageUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
