// Starts the app. An external module (not Trunk's inline loader) so that the page runs under a
// Content-Security-Policy without 'unsafe-inline'; Trunk fills in the hashed file names.
const boot = document.getElementById('boot');
const params = new URLSearchParams(location.search);
if (params.has('online') || params.has('room')) {
  // Play with friends: the online app, its own wasm, loaded only here.
  await new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = './online.js';
    script.onload = resolve;
    script.onerror = reject;
    document.head.append(script);
  });
  // online.js declares `wasm_bindgen` with a top-level `let`: a global binding, not a property.
  // eslint-disable-next-line no-undef
  await wasm_bindgen({ module_or_path: './online_bg.wasm' });
} else {
  const { default: init } = await import(boot.dataset.js);
  await init({ module_or_path: boot.dataset.wasm });
}

// Offline play: the service worker keeps the site; not where the page runs from a file.
if ('serviceWorker' in navigator && location.protocol.startsWith('http')) {
  navigator.serviceWorker.register('./sw.js').catch(() => {});
}
