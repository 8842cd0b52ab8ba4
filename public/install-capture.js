// Loaded in <head>, before the app: the browser offers installation once ('beforeinstallprompt'),
// possibly before the app's scripts have loaded. Keep the offer for the install button
// (src/pwa/install-prompt.tsx) and tell it when one arrives.
window.addEventListener('beforeinstallprompt', function (event) {
  event.preventDefault();
  window.__festaInstallPrompt = event;
  window.dispatchEvent(new Event('festa-install-ready'));
});
