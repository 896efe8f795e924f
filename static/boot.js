// Starts the app. An external module (not Trunk's inline loader) so that the page runs under a
// Content-Security-Policy without 'unsafe-inline'; Trunk fills in the hashed file names.
const boot = document.getElementById('boot');
const params = new URLSearchParams(location.search);

/** For an online link the loading shell (index.html's, the solo game's) speaks of the room
 * while the online app loads: its wasm is as large as the solo game's. */
function onlineShell() {
  // The online bar's look (at a phone's width the Sound switch shows its speaker only).
  document.querySelector('#app .top-bar')?.classList.add('online-bar');
  const status = document.querySelector('#app .top-bar .status');
  if (status) status.textContent = 'Online';
  const shell = document.querySelector('#app .start');
  if (!shell) return;
  const heading = document.createElement('h2');
  heading.textContent = 'Play with friends';
  const said = document.createElement('p');
  const room = params.get('room');
  // A room code is six letters; the address may hold anything, so only a short piece of it.
  said.textContent = room ? `Opening room ${room.slice(0, 12).toUpperCase()}…` : 'Opening the online page…';
  shell.replaceChildren(heading, said);
}

/** Starts the solo app, or for ?online and ?room= links the online app (its own wasm). */
async function start() {
  if (params.has('online') || params.has('room')) {
    onlineShell();
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

/** A sentence said at once (`role="alert"`) with a button that reloads the page. */
function sayWithReload(text, label) {
  const said = document.createElement('p');
  said.className = 'notice';
  said.setAttribute('role', 'alert');
  said.textContent = text;
  const again = document.createElement('button');
  again.className = 'primary';
  again.textContent = label;
  again.addEventListener('click', () => location.reload());
  return [said, again];
}

// A bug that stops the app (a Rust panic ends the wasm instance: a RuntimeError) would leave
// a screen that no longer answers: say so, and offer the reload that resumes the saved game.
let stopped = false;
function onStop(error) {
  if (stopped || !(error instanceof WebAssembly.RuntimeError)) return;
  stopped = true;
  const bar = document.createElement('div');
  bar.className = 'stopped';
  bar.append(...sayWithReload(
    'Something went wrong and the game stopped. Every move is kept: reload to go on.', 'Reload'));
  document.body.prepend(bar);
  bar.querySelector('button').focus();
}
// A page the browser kept whole when it was left (the back/forward cache) comes back as it was
// then: a seat taken online since, or a game played in another tab, would not show. Loaded
// again instead (from the service worker's cache: at once); the saved game resumes.
addEventListener('pageshow', (e) => { if (e.persisted) location.reload(); });
addEventListener('error', (e) => onStop(e.error));
addEventListener('unhandledrejection', (e) => onStop(e.reason));

try {
  await start();
} catch (error) {
  // A file that did not come (a dropped connection on a first visit): say so in the shell,
  // with a way to try again, instead of "Shuffling the cards…" for ever.
  const shell = document.querySelector('#app .start');
  if (shell) {
    shell.replaceChildren(shell.querySelector('h2'),
      ...sayWithReload('The game could not load: check the connection, then try again.', 'Try again'));
  }
  throw error;
}

// Offline play: the service worker keeps the site; not where the page runs from a file.
// Registered once the page is first idle: its install fetches and stores every file, work
// that would otherwise compete with the page's first tasks for the phone's cores.
if ('serviceWorker' in navigator && location.protocol.startsWith('http')) {
  const register = () => navigator.serviceWorker.register('./sw.js').catch(() => {});
  if ('requestIdleCallback' in window) requestIdleCallback(register); else setTimeout(register, 1000);
}
