// The site as a host serves it: a strict Content-Security-Policy, no request outside its own
// origin, offline play after one visit, and a new deploy picked up on the next visit.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from './serve.mjs';
import { DIST, ROOT, launch, openPage } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** Serves `dir` (the release dist/ unless named) on loopback, opens a page in a context of its
 * own (`options` as for `openPage`), hands `{ site, page, context, problems }` to `use`, and
 * closes the context and the server after, however `use` ends. */
async function onSite(use, { dir = DIST, ...options } = {}) {
  const site = await serve(dir);
  try {
    const opened = await openPage(browser, options);
    try {
      await use({ site, ...opened });
    } finally {
      await opened.context.close();
    }
  } finally {
    await site.close();
  }
}

/** Plays the first move the table offers the player: a card, a draw, or a prompt's button. */
async function playATurn(page) {
  await page.locator('.turn', { hasText: 'Your turn.' }).waitFor({ timeout: 20000 });
  const before = await page.locator('.log li').count();
  const playable = page.locator('.card.playable:not([data-card^="W"])');
  if (await playable.count()) await playable.first().click();
  else if (await page.getByRole('button', { name: 'Draw a card' }).getAttribute('aria-disabled') === 'false') {
    await page.getByRole('button', { name: 'Draw a card' }).click();
  } else await page.locator('.prompt button').first().click();
  await page.waitForFunction((n) => document.querySelectorAll('.log li').length > n, before);
}

test('a strict CSP is set, the game runs under it, and no request leaves the origin', async () => {
  await onSite(async ({ site, page, problems }) => {
    const requests = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.addInitScript(() => {
      window.__violations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    await page.goto(`${site.url}?edition=classic&players=3&seed=26&level=medium`);
    const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    assert.match(csp, /script-src 'self' 'wasm-unsafe-eval'/);
    assert.match(csp, /default-src 'self'/);
    assert.doesNotMatch(csp, /unsafe-inline|'unsafe-eval'/);
    assert.equal(await page.locator('script:not([src])').count(), 0, 'no inline script');
    await playATurn(page);
    await page.locator('.log li', { hasText: /^(Ada|Ben) / }).first().waitFor({ timeout: 10000 });
    assert.deepEqual(await page.evaluate(() => window.__violations), []);
    const outside = requests.filter((u) => !u.startsWith(site.url) && !u.startsWith('data:'));
    assert.deepEqual(outside, []);
    assert.deepEqual(problems, []);
  });
});

test('after one visit the game starts and plays offline', async () => {
  await onSite(async ({ site, page, context }) => {
    await page.goto(site.url);
    await page.getByRole('status').filter({ hasText: 'Opponents ready' }).waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready);
    // A game link opened online, through the service worker (its game is then left).
    await page.goto(`${site.url}?edition=classic&players=3&seed=26`);
    await page.getByRole('button', { name: 'Leave table' }).click();
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('status').filter({ hasText: 'Opponents ready' }).waitFor();
    await page.getByRole('button', { name: 'New game' }).click();
    await page.getByRole('button', { name: 'Draw a card' }).waitFor();
    await playATurn(page);
    // The bots still think in the worker, from the cache.
    await page.locator('.log li', { hasText: /^(Ada|Ben|Cleo) / }).first().waitFor({ timeout: 10000 });
    // A game link opens offline too, and the cache holds no copy of the page per link.
    await page.goto(`${site.url}?edition=masters&players=3&seed=4&level=easy`);
    await page.getByRole('button', { name: 'Draw a card' }).waitFor();
    assert.equal(await page.getByRole('list', { name: 'Opponents' }).getByRole('listitem').count(), 2);
    const cached = await page.evaluate(async () => {
      const urls = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      }
      return urls;
    });
    assert.ok(cached.length > 5, 'the site is cached');
    assert.deepEqual(cached.filter((u) => new URL(u).search), []);
  });
});

test('on a line that answers nothing, or a host that fails, the game starts from the cache in seconds', async () => {
  await onSite(async ({ site, page }) => {
    await page.goto(site.url);
    await page.getByRole('status').filter({ hasText: 'Opponents ready' }).waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => !!navigator.serviceWorker.controller);
    // The wifi still says it is connected, but nothing comes back: the browser alone would
    // wait about a minute before giving up (beyond this wait, so the test fails without the
    // service worker's patience).
    site.stall(true);
    const asked = site.requests.length;
    await page.reload({ timeout: 15000 });
    await page.getByRole('status').filter({ hasText: 'Opponents ready' }).waitFor({ timeout: 15000 });
    await page.getByRole('button', { name: 'New game' }).click();
    await playATurn(page);
    // The bots think in the worker, whose files came from the cache at once as well.
    await page.locator('.log li', { hasText: /^(Ada|Ben|Cleo) / }).first().waitFor({ timeout: 10000 });
    assert.deepEqual(site.requests.slice(asked).filter((r) => r !== '/sw.js'), ['/'], 'only the page was asked of the dead line');
    // The host is back but failing (a proxy's 503): the kept page, not the error.
    site.stall(false);
    site.fail(503);
    await page.goto(`${site.url}?edition=classic&players=3&seed=26`);
    await page.getByRole('button', { name: 'Draw a card' }).waitFor({ timeout: 15000 });
    assert.equal(await page.getByText('host error').count(), 0);
    // The host is well again: the page and then its files come from it, not from the copy.
    site.fail(null);
    const since = site.requests.length;
    await page.reload();
    await page.getByRole('button', { name: 'Draw a card' }).waitFor({ timeout: 15000 });
    const served = site.requests.slice(since);
    // (Files named by their contents come from the browser's own cache, as ever.)
    assert.ok(served.includes('/') && served.includes('/boot.js'), `${served}`);
  });
});

test('a new deploy is picked up on the next visit', async () => {
  const scratch = mkdtempSync(join(tmpdir(), 'uno-deploy-'));
  cpSync(DIST, scratch, { recursive: true });
  try {
    await onSite(async ({ site, page }) => {
      await page.goto(site.url);
      await page.evaluate(() => navigator.serviceWorker.ready);
      assert.equal(await page.title(), 'UNO Table');
      // Deploy a change: the page's title, and the service worker made anew for it.
      const index = join(scratch, 'index.html');
      writeFileSync(index, readFileSync(index, 'utf8').replace('<title>UNO Table</title>', '<title>UNO Table, new</title>'));
      execFileSync('node', [join(ROOT, 'scripts', 'service-worker.mjs'), scratch]);
      await page.reload();
      assert.equal(await page.title(), 'UNO Table, new');
      await page.getByRole('status').filter({ hasText: 'Opponents ready' }).waitFor();
    }, { dir: scratch });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});

test('a game file that does not come is said, with Try again, instead of loading for ever', async () => {
  // No service worker: it would fetch the files itself, past the routes refusing them.
  await onSite(async ({ site, page, context, problems }) => {
    // The first visit's connection drops on the app's wasm.
    await context.route(/uno-web-[0-9a-f]+_bg\.wasm$/, (route) => route.abort());
    await page.goto(site.url);
    await page.getByRole('alert').filter({ hasText: 'The game could not load: check the connection, then try again.' }).waitFor();
    assert.equal(await page.getByText('Shuffling the cards…').count(), 0);
    assert.ok(problems.some((p) => p.includes('_bg.wasm')), 'the refused file is the one reported');
    // The connection is back: Try again starts the game.
    await context.unroute(/uno-web-[0-9a-f]+_bg\.wasm$/);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('button', { name: 'New game' }).waitFor();
    // The online app says the same for its own files.
    await context.route(/online_bg\.wasm$/, (route) => route.abort());
    await page.goto(`${site.url}?online`);
    await page.getByRole('alert').filter({ hasText: 'The game could not load' }).waitFor();
  }, { serviceWorkers: 'block' });
});

test('an online link\'s loading shell speaks of the room while the online app loads, then the app takes its place', async () => {
  await onSite(async ({ site, page, context, problems }) => {
    // The online app's wasm is held back until the shell has been read.
    let release;
    const held = new Promise((resolve) => { release = resolve; });
    await context.route(/online_bg\.wasm$/, async (route) => { await held; await route.continue(); });
    await page.goto(`${site.url}?room=k42p95`);
    const shell = page.locator('#app .start');
    await shell.getByText('Opening room K42P95…').waitFor();
    assert.equal(await shell.locator('h2').innerText(), 'Play with friends');
    assert.equal(await page.locator('#app .top-bar .status').innerText(), 'Online');
    assert.equal(await page.getByText('Shuffling the cards…').count(), 0, 'not the solo game\'s words');
    release();
    // The app takes the shell's place: the join form, the room's code filled in.
    await page.getByRole('button', { name: 'Join', exact: true }).waitFor();
    assert.equal(await page.getByLabel('Room code').inputValue(), 'K42P95');
    assert.equal(await page.getByText('Opening room', { exact: false }).count(), 0);
    // Without a room: the online page, opened.
    await page.goto(`${site.url}?online`);
    await page.getByRole('button', { name: 'Create room' }).waitFor();
    assert.deepEqual(problems, []);
  }, { serviceWorkers: 'block' });
});

test('the scripts are served minified, a worker\'s global and a module\'s exports kept, and the browser runs them', async () => {
  const { minified } = await import('../../scripts/minify-js.mjs');
  // A module's own names are shortened, its exports kept; a classic script keeps its
  // top-level names (a worker's `wasm_bindgen` is called by another script).
  const source = '// why\nfunction helperWithALongName(a) {\n    return a + 1;\n}\nexport function initSync(x) {\n    return helperWithALongName(x);\n}\n';
  const module = await minified(source, 'mjs');
  assert.doesNotMatch(module, /helperWithALongName|why/);
  assert.match(module, /export\s*\{[^}]*\binitSync\b|export function initSync/);
  const classic = await minified('let wasm_bindgen = (function () {\n    // why\n    const longLocalName = 2;\n    return longLocalName;\n})();\n', 'cjs');
  assert.match(classic, /^let wasm_bindgen=/);
  assert.doesNotMatch(classic, /longLocalName|why/);
  // The built scripts are minified: no comment, no indentation, wasm-bindgen's helpers renamed
  // in the page's module and the workers' global kept.
  const index = readFileSync(join(DIST, 'index.html'), 'utf8');
  const glue = index.match(/data-js="\.\/(uno-web-[0-9a-f]+\.js)"/)[1];
  for (const file of ['boot.js', glue, 'worker.js', 'online.js', 'sw.js']) {
    const built = readFileSync(join(DIST, file), 'utf8');
    assert.doesNotMatch(built, /^[ \t]/m, `${file} is not indented`);
    assert.doesNotMatch(built, /^\s*\/\/|\/\*\*/m, `${file} has no comment`);
  }
  assert.doesNotMatch(readFileSync(join(DIST, glue), 'utf8'), /getDataViewMemory0/);
  for (const file of ['worker.js', 'online.js']) assert.match(readFileSync(join(DIST, file), 'utf8'), /^let wasm_bindgen=/);
  // The service worker was minified after its placeholders were filled in.
  assert.match(readFileSync(join(DIST, 'sw.js'), 'utf8'), /^const VERSION="[0-9a-f]{16}",FILES=\["\.\/",/);
  // The glue's preload integrity was made again for the minified file ...
  const integrity = index.match(new RegExp(`href="\\./${glue.replace('.', '\\.')}"[^>]*integrity="(sha384-[^"]+)"`))[1];
  assert.equal(integrity, `sha384-${createHash('sha384').update(readFileSync(join(DIST, glue))).digest('base64')}`);
  // ... and the browser runs them: the page deals, the bots' worker plays (watched: a bot
  // plays each seat, the moves fill the log), and no script or integrity error is said.
  await onSite(async ({ site, page, problems }) => {
    await page.goto(`${site.url}?seed=7&players=2&watch=1`);
    await page.waitForFunction(() => document.querySelectorAll('.log li').length >= 4, null, { timeout: 20000 });
    assert.deepEqual(problems, []);
  });
});

test('the stylesheet is served minified, every rule as written, and the browser takes it; the page without its comments', async () => {
  const { minify } = await import('../../scripts/minify-css.mjs');
  // Only what no browser reads goes: comments and spare whitespace, never a space between two
  // selectors or two values, nor inside a string; a fallback declaration stays.
  assert.equal(
    minify('/* why */\n.hand :focus-visible ,  .a>b {\n  min-height: 100vh;\n  min-height: 100dvh;\n  width: calc(100% - 2rem);\n  font-family: "Segoe UI", x;\n}\n@media (max-width: 48rem) { .x .y { margin: 0 auto; } }\n'),
    '.hand :focus-visible,.a>b{min-height:100vh;min-height:100dvh;width:calc(100% - 2rem);font-family:"Segoe UI",x}@media (max-width:48rem){.x .y{margin:0 auto}}',
  );
  const source = readFileSync(join(ROOT, 'static', 'style.css'), 'utf8');
  const name = readFileSync(join(DIST, 'index.html'), 'utf8').match(/href="\.\/(style-[0-9a-f]+\.css)"/)[1];
  const built = readFileSync(join(DIST, name), 'utf8');
  assert.equal(built, minify(source), 'the built stylesheet is the source minified');
  assert.ok(built.length < source.length * 0.8, `${built.length} of ${source.length} bytes`);
  // The page's comments are for its readers (the source has some), not for every first load.
  assert.match(readFileSync(join(ROOT, 'index.html'), 'utf8'), /<!--/);
  assert.doesNotMatch(readFileSync(join(DIST, 'index.html'), 'utf8'), /<!--/);
  // Its integrity was made again for the minified file: the browser applies it.
  await onSite(async ({ site, page, problems }) => {
    await page.goto(site.url);
    await page.getByRole('button', { name: 'New game' }).waitFor();
    assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector('.top-bar')).display), 'flex');
    assert.deepEqual(problems, []);
  });
});
