// Writes the iOS launch screens (public/launch/*.png) and their <link> tags in index.html, one per
// iPhone and iPad screen size, portrait: the app's mark on the manifest's background colour.
// Run after changing the design or adding a device: `npx tsx scripts/generate-launch-images.ts`.
import sharp from 'sharp';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';

/** CSS width and height of the screen, and its device pixel ratio. */
const SCREENS: [number, number, number][] = [
  [375, 667, 2], // iPhone SE, 8
  [414, 736, 3], // iPhone 8 Plus
  [375, 812, 3], // iPhone X, XS, 11 Pro, 12 mini, 13 mini
  [414, 896, 2], // iPhone XR, 11
  [414, 896, 3], // iPhone XS Max, 11 Pro Max
  [390, 844, 3], // iPhone 12, 13, 14
  [428, 926, 3], // iPhone 12 Pro Max, 13 Pro Max, 14 Plus
  [393, 852, 3], // iPhone 14 Pro, 15, 15 Pro, 16
  [430, 932, 3], // iPhone 14 Pro Max, 15 Plus, 15 Pro Max, 16 Plus
  [402, 874, 3], // iPhone 16 Pro
  [440, 956, 3], // iPhone 16 Pro Max
  [768, 1024, 2], // iPad, iPad mini (older)
  [834, 1194, 2], // iPad Pro 11"
  [1024, 1366, 2], // iPad Pro 12.9"
];

const BACKGROUND = '#111111';
const MARK = '#ed162c';

const design = (width: number, height: number) => {
  const size = Math.round(Math.min(width, height) * 0.28);
  const x = (width - size) / 2;
  const y = (height - size) / 2;
  return `
<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="${BACKGROUND}"/>
  <rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${size * 0.18}" fill="${MARK}"/>
  <text x="${width / 2}" y="${y + size * 0.68}" font-family="DejaVu Sans, sans-serif" font-weight="700"
        font-size="${size * 0.5}" fill="#ffffff" text-anchor="middle">8½</text>
</svg>`;
};

mkdirSync('public/launch', { recursive: true });
const links: string[] = [];
for (const [cssWidth, cssHeight, ratio] of SCREENS) {
  const width = cssWidth * ratio;
  const height = cssHeight * ratio;
  const file = `launch/launch-${width}x${height}.png`;
  await sharp(Buffer.from(design(width, height)))
    .png({ compressionLevel: 9, palette: true })
    .toFile(`public/${file}`);
  const media = `(device-width: ${cssWidth}px) and (device-height: ${cssHeight}px) and (-webkit-device-pixel-ratio: ${ratio}) and (orientation: portrait)`;
  // Written as Prettier lays it out, so the file stays formatted.
  links.push(`    <link\n      rel="apple-touch-startup-image"\n      media="${media}"\n      href="/${file}"\n    />`);
  console.log(`public/${file}`);
}

const html = readFileSync('index.html', 'utf8');
const block = /( *)<!--launch-images-->[\s\S]*?(?:<!--\/launch-images-->|(?=\n))/;
if (!block.test(html)) throw new Error('index.html: no <!--launch-images--> marker');
writeFileSync('index.html', html.replace(block, `    <!--launch-images-->\n${links.join('\n')}\n    <!--/launch-images-->`));
console.log('index.html');
