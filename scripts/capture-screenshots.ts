// Captures the manifest's screenshots from a running site: npx tsx scripts/capture-screenshots.ts http://127.0.0.1:3000
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { chromiumPath } from './chromium-path';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
mkdirSync('public/screenshots', { recursive: true });
for (const [name, width, height] of [
  ['programacao-wide', 1280, 720],
  ['programacao-narrow', 390, 844],
] as const) {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.goto(`${base}/programacao`, { waitUntil: 'networkidle' });
  await page.screenshot({ path: `public/screenshots/${name}.png` });
  await page.close();
  console.log(`public/screenshots/${name}.png`);
}
await browser.close();
