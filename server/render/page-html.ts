import type { RenderResult } from '../../src/common/render-types';

/** The built index.html with a rendered page in it: head tags, markup, and the data it hydrates from. */
export function pageHtml(template: string, result: RenderResult): string {
  return template
    .replace('<!--app-head-->', result.head)
    .replace('<!--app-html-->', result.html)
    .replace('<!--app-data-->', `<script type="application/json" id="app-data">${result.bootData}</script>`);
}
