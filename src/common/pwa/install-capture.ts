/**
 * The one inline script of every page, in its <head> before the app's scripts (vite.config.ts
 * writes it into the template; the server's Content-Security-Policy allows it by its hash,
 * server/plugins/security-headers.ts).
 *
 * The browser offers installation once ('beforeinstallprompt'), possibly while the page is still
 * loading and long before the app's modules run. This keeps the offer for the install button
 * (src/pwa/install-prompt.tsx) and tells it that one arrived. Inline, it costs the page no request
 * and holds neither the parser nor the first paint, online or from the service worker's shell.
 */
export const INSTALL_CAPTURE_SCRIPT =
  "addEventListener('beforeinstallprompt',function(e){e.preventDefault();window.__festaInstallPrompt=e;dispatchEvent(new Event('festa-install-ready'))})";

/** Where index.html asks for it; the build writes the script in its place. */
export const INSTALL_CAPTURE_PLACEHOLDER = '<!--install-capture-->';
