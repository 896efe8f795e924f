// Starts the app. An external module (not Trunk's inline loader) so that the page runs under a
// Content-Security-Policy without 'unsafe-inline'; Trunk fills in the hashed file names.
const boot = document.getElementById('boot');
const params = new URLSearchParams(location.search);

/** Starts the solo app, or for ?online and ?room= links the online app (its own wasm). */
async function start() {
  if (params.has('online') || params.has('room')) {
    await new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = './online.js';
      script.onload = resolve;
      script.onerror = () => reject(new Error('online.js did not load'));
      document.head.append(script);
    });
    // online.js declares `wasm_bindgen` with a top-level `let`: a global binding, not a property.
    // eslint-disable-next-line no-undef
    await wasm_bindgen({ module_or_path: './online_bg.wasm' });
  } else {
    const { default: init } = await import(boot.dataset.js);
    await init({ module_or_path: boot.dataset.wasm });
  }
}

try {
  await start();
} catch (error) {
  // A file that did not come (a dropped connection on a first visit): say so in the shell,
  // with a way to try again, instead of "Shuffling the cards…" for ever.
  const shell = document.querySelector('#app .start');
  if (shell) {
    const said = document.createElement('p');
    said.className = 'notice';
    said.setAttribute('role', 'alert');
    said.textContent = 'The game could not load: check the connection, then try again.';
    const again = document.createElement('button');
    again.className = 'primary';
    again.textContent = 'Try again';
    again.addEventListener('click', () => location.reload());
    shell.replaceChildren(shell.querySelector('h2'), said, again);
  }
  throw error;
}

// Offline play: the service worker keeps the site; not where the page runs from a file.
if ('serviceWorker' in navigator && location.protocol.startsWith('http')) {
  navigator.serviceWorker.register('./sw.js').catch(() => {});
}
