// Writes the app icons in public/icons from one SVG design (run after changing the design).
import sharp from 'sharp';
import { mkdirSync } from 'node:fs';

const design = (size: number, padding: number) => `
<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" fill="#ed162c" ${padding === 0 ? `rx="${size * 0.18}"` : ''}/>
  <text x="50%" y="${size * 0.5 + size * (0.5 - padding) * 0.36}" font-family="DejaVu Sans, sans-serif" font-weight="700"
        font-size="${size * (1 - 2 * padding) * 0.56}" fill="#ffffff" text-anchor="middle">8½</text>
</svg>`;

mkdirSync('public/icons', { recursive: true });
const outputs: [string, number, number][] = [
  ['public/icons/icon-192.png', 192, 0],
  ['public/icons/icon-512.png', 512, 0],
  // Maskable: the mark stays inside the 80 % safe zone.
  ['public/icons/maskable-512.png', 512, 0.1],
  ['public/icons/apple-touch-icon.png', 180, 0.06],
];
for (const [file, size, padding] of outputs) {
  await sharp(Buffer.from(design(size, padding)))
    .png({ compressionLevel: 9 })
    .toFile(file);
  console.log(file);
}
