import { chromium, devices } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const pages = ['/', '/programacao', '/filme/101', '/filmes', '/noticias', '/agenda', '/pesquisa?q=ada', '/actividade/301'];
for (const dev of [{ viewport: { width: 1280, height: 800 } }, devices['Pixel 7']]) {
  for (const path of pages) {
    const ctx = await browser.newContext({ ...dev, locale: 'pt-PT', timezoneId: 'Europe/Lisbon', baseURL: 'http://127.0.0.1:4203' });
    const page = await ctx.newPage();
    const log = [];
    const t0 = Date.now();
    page.on('request', (r) => { if (new URL(r.url()).pathname.startsWith('/admin/')) log.push([Date.now() - t0, r.method(), new URL(r.url()).pathname]); });
    page.on('console', (m) => { if (m.type() === 'error') log.push(['console', m.text()]); });
    const resp = await page.goto(path);
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
    log.push([Date.now() - t0, 'HYDRATED']);
    const keys = await page.evaluate(() => Object.keys(JSON.parse(document.getElementById('app-data')?.textContent ?? '{}').snapshot ?? {}));
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(3000);
    console.log(dev.viewport.width, path, resp.status(), JSON.stringify(log), 'embedded:', keys.join(','));
    await ctx.close();
  }
}
await browser.close();
