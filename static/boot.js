// Starts the app. An external module (not Trunk's inline loader) so that the page runs under a
// Content-Security-Policy without 'unsafe-inline'; Trunk fills in the hashed file names.
const boot = document.getElementById('boot');
const { default: init } = await import(boot.dataset.js);
await init({ module_or_path: boot.dataset.wasm });

// Offline play: the service worker keeps the site; not where the page runs from a file.
if ('serviceWorker' in navigator && location.protocol.startsWith('http')) {
  navigator.serviceWorker.register('./sw.js').catch(() => {});
}
