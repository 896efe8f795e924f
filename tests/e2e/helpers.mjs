// Shared set-up for the end-to-end tests: Debian's Chromium driven by playwright-core, the
// release dist/ served on loopback, and a record of what went wrong on the page.
import { before, after, afterEach } from 'node:test';
import { chromium } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { serve } from './serve.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DIST = join(ROOT, 'dist');
export const ARTIFACTS = join(ROOT, 'tests', 'e2e', 'artifacts');

/** Chromium; `backForwardCache` keeps pages whole on leaving, as a phone's browser does
 * (Playwright turns that cache off by default); `args` are more of Chromium's switches. */
export async function launch({ backForwardCache = false, args = [] } = {}) {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync', ...args],
    ignoreDefaultArgs: backForwardCache ? ['--disable-back-forward-cache'] : [],
  });
}

/**
 * A fresh page (past the first-game tour unless `tour` is set) that records console errors, page errors and failed or 4xx/5xx responses.
 * Returns { page, context, problems } where problems is a live array of strings.
 */
export async function openPage(browser, { tour = false, ...options } = {}) {
  const context = await browser.newContext(options);
  // The first-game tour is tested on its own (tour: true); other tests start past it.
  if (!tour) await context.addInitScript(() => localStorage.setItem('uno-table.tour', 'seen'));
  // A new game's seed comes from Math.random: here the same sequence on every page load
  // (mulberry32), so a test that fails on some deal fails again on the next run, alone or not.
  await context.addInitScript(() => {
    let state = 2026;
    Math.random = () => {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  });
  const page = await context.newPage();
  const problems = [];
  if (UNDER_TEST) {
    // A test that closes its context in `finally` has it described as it closes, to be told
    // if the test failed (see `watched`).
    const said = [];
    watched.set(context, { problems, said });
    const close = context.close.bind(context);
    context.close = async (...args) => {
      if (watched.has(context)) {
        for (const p of context.pages()) said.push(await describePage(p, problems, null));
      }
      return close(...args);
    };
  }
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  // A request cut short by the page's own navigation (a reload, Back: the tests make them on
  // purpose, and the browser may be fetching the favicon meanwhile) is no problem; a resource
  // that fails says so otherwise (a refused connection, an HTTP error below).
  page.on('requestfailed', (r) => {
    const error = r.failure()?.errorText;
    if (error !== 'net::ERR_ABORTED') problems.push(`request failed: ${r.url()} ${error}`);
  });
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`); });
  return { page, context, problems };
}

// Every context `openPage` made in the running test, with its problems: on a failure each of
// their pages is described (`describePage`), so a CI log tells more than the locator waited for.
// Only under the test runner (`node --test` marks its files' processes): a script that borrows
// these helpers (scripts/browser-bench.mjs) would otherwise print a test report of its own.
const UNDER_TEST = Boolean(process.env.NODE_TEST_CONTEXT);
const watched = new Map();

if (UNDER_TEST) afterEach(async (t) => {
  const entries = [...watched];
  watched.clear();
  if (t.passed) return;
  let n = 0;
  for (const [context, { problems, said }] of entries) {
    for (const description of said) console.log(description);
    for (const page of context.pages()) {
      n += 1;
      console.log(await describePage(page, problems, `failed-${slug(t.name)}-${n}`));
    }
  }
});

const slug = (name) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').slice(0, 60).replace(/-$/, '');

/** Where a page stood when its test failed (or as the test closed it): its address, whether it
 * was in sight, its words on screen (the table's turn line and log among them), its problems,
 * and a screenshot `name` in the artifacts (none without a name). Each step is bounded, so a
 * hung page still gets described. */
export async function describePage(page, problems, name) {
  const bounded = (promise, fallback) => {
    let timer;
    return Promise.race([promise.catch((e) => `(${e.message.split('\n')[0]})`),
      new Promise((resolve) => { timer = setTimeout(() => resolve(fallback), 3000); })]).finally(() => clearTimeout(timer));
  };
  const url = page.url();
  const seen = await bounded(page.evaluate(() => ({
    visibility: document.visibilityState,
    focus: ((a) => (!a || a === document.body ? 'none' : `${a.tagName.toLowerCase()} "${(a.getAttribute('aria-label') ?? a.innerText).trim().split('\n')[0].slice(0, 80)}"`))(document.activeElement),
    text: document.body?.innerText.replace(/\s+/g, ' ').trim() ?? '',
  })), null);
  let shot = 'none (the test closed the page)';
  if (page.isClosed()) shot = 'the page was closed';
  else if (name) {
    mkdirSync(ARTIFACTS, { recursive: true });
    const path = join(ARTIFACTS, `${name}.png`);
    shot = await bounded(page.screenshot({ path, timeout: 3000 }).then(() => path), 'no screenshot in 3 s');
  }
  const lines = [`--- the page ${name ? 'at the failure' : 'as the test closed it'}: ${url.length > 160 ? `${url.slice(0, 160)}...` : url}`];
  if (seen === null) lines.push('the page did not answer in 3 s');
  else if (typeof seen === 'string') lines.push(seen);
  else {
    lines.push(`visibility: ${seen.visibility}; focus: ${seen.focus}`);
    lines.push(`on screen: ${seen.text.length > 1500 ? `${seen.text.slice(0, 1500)}...` : seen.text}`);
  }
  lines.push(`problems: ${problems.length ? problems.join(' | ') : 'none'}`, `screenshot: ${shot}`);
  return lines.join('\n');
}

/** axe-core's violations on the page, as "rule: target" strings (empty when clean). */
export async function axeViolations(page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} (${v.help})`));
}

/** Waits until the deal and the card moves have landed (endless animations, if any, are not
 * waited for): what is measured or pictured then is where things come to rest. */
export async function settle(page) {
  await page.evaluate(() => Promise.all(document.getAnimations()
    .filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
    .map((a) => a.finished.catch(() => {}))));
}

/** How far the page is wider than a phone of `width` px (0 when it fits). Measured against the
 * phone's width, not innerWidth: a phone's browser widens its layout to what overflows. */
export function widerThan(page, width) {
  return page.evaluate((w) => document.scrollingElement.scrollWidth - w, width);
}

export async function screenshot(page, name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await settle(page);
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** Records the page's screen locks (`navigator.wakeLock`, which headless Chromium refuses):
 * `screenLocks(page)` lists each asked for, "screen" or "screen released". */
export async function recordScreenLocks(page) {
  await page.addInitScript(() => {
    window.__locks = [];
    Object.defineProperty(navigator, 'wakeLock', { value: { request: async (type) => {
      const lock = { type, released: false, release: async () => { lock.released = true; } };
      window.__locks.push(lock);
      return lock;
    } } });
  });
}

export const screenLocks = (page) => page.evaluate(() => window.__locks.map((l) => `${l.type}${l.released ? ' released' : ''}`));

/** Counts the notes the page starts (WebAudio oscillators) in `window.notes`, from the next
 * page loaded by `target` (a context or a page). */
export const countNotes = (target) => target.addInitScript(() => {
  window.notes = 0;
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (...a) { window.notes++; return start.apply(this, a); };
});

/** A short draw pile for puzzle positions: known cards, so a draw is predictable. */
export const PUZZLE_PILE = ['B6', 'B7', 'Y8', 'Y9', 'R1', 'R2', 'G4', 'G5', 'B8', 'Y1', 'G6', 'R9'];

/**
 * Opens a table position through a puzzle link (?scenario=...): `setup` as in a scenario file,
 * the player in seat 0 (`browser`: the page's options, as for `openPage`). Returns what
 * `openPage` returns, once the table is shown.
 */
export async function openPuzzle(shared, setup, { level = 'medium', seed = 1, edition = 'classic', house_rules = {}, custom_effect, browser = {} } = {}) {
  const opened = await openPage(shared.browser, browser);
  const scenario = { edition, seed, house_rules, custom_effect, setup: { draw_pile: PUZZLE_PILE, ...setup } };
  await opened.page.goto(`${shared.site.url}?level=${level}&scenario=${encodeURIComponent(JSON.stringify(scenario))}`);
  await opened.page.getByRole('button', { name: 'Draw a card' }).waitFor();
  return opened;
}

/**
 * For one test file: a browser and the release dist/ served on loopback, started before its
 * tests and closed after. Returns `{ browser, site }`, filled in once the tests start.
 */
export function sharedSite() {
  const shared = {};
  before(async () => {
    shared.browser = await launch();
    shared.site = await serve(DIST);
  });
  after(async () => {
    await shared.browser?.close();
    await shared.site?.close();
  });
  return shared;
}
