// `npm start` on a fresh clone: build the site once when dist/ is missing or older than the sources.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const outputs = ['dist/client/index.html', 'dist/server/entry-server.js', 'dist/gestao/gestao.html'];
const newest = (dir) =>
  readdirSync(dir, { withFileTypes: true }).reduce((max, entry) => {
    const path = join(dir, entry.name);
    return Math.max(max, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }, 0);

const sourcesTime = Math.max(
  newest('src'),
  newest('sw'),
  newest('public'),
  statSync('index.html').mtimeMs,
  statSync('vite.config.ts').mtimeMs,
  statSync('gestao.html').mtimeMs,
  statSync('vite.gestao.config.ts').mtimeMs,
);
const built = outputs.every((file) => existsSync(file) && statSync(file).mtimeMs >= sourcesTime);
if (!built) {
  console.log('A construir o site (vite build)...');
  execSync('npm run build', { stdio: 'inherit' });
}
