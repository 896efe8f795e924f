// A seeded monkey for exploring the release site in headless Chromium on loopback: it taps or
// clicks what is visible and enabled (buttons, cards, folds, fields, choices), presses the
// table's keys, reloads, goes Back and turns the phone, at random, and stops at the first step
// that leaves a console error, a page error or a failed request, the "game stopped" bar (a
// Rust panic) or an empty page: it prints the last steps and saves a screenshot there. A key
// that removes the control it was pressed on and leaves the focus nowhere is listed at the end.
// Not a test (its timing is the machine's: a step lands wherever the bots have got to); a
// way to find what no test thought of. It found the vibration Chrome refused before the
// page's first activation (2026-11-29).
//
// Usage (after a release build into dist/):
//   node scripts/monkey.mjs [seed=1] [steps=300] [size=360x640] [query]
//   e.g. node scripts/monkey.mjs 7 500 640x360 '?edition=spider-man&players=10&level=easy'
// With PEOPLE=3 (or up to 5) it first sets Ada (and Cleo) as people for pass-and-play.
// With KEYBOARD=1 most of its steps are keys.
// With SERVER=1 it runs the room server (target/fast/uno-server) instead of a static server;
// start at '?online' to play in rooms.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, openPage, DIST, ARTIFACTS } from '../tests/e2e/helpers.mjs';
import { serve } from '../tests/e2e/serve.mjs';

const [seedArg = '1', stepsArg = '300', sizeArg = '360x640', query = ''] = process.argv.slice(2);
let state = Number(seedArg);
// mulberry32, as the tests' Math.random.
const random = () => {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = (list) => list[Math.floor(random() * list.length)];

/** The room server on a loopback port, its rooms in a folder of its own. */
async function roomServer() {
  const dir = mkdtempSync(join(tmpdir(), 'uno-monkey-'));
  const child = spawn('target/fast/uno-server', ['--addr', '127.0.0.1:0', '--dist', DIST, '--db', join(dir, 'rooms.sqlite'),
    '--bot-delay-ms', '100', '--reaction-ms', '200'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      const m = /http:\/\/([0-9.:]+)\//.exec(d.toString());
      if (m) resolve(`http://${m[1]}/`);
    });
    child.on('exit', (code) => reject(new Error(`uno-server exited with ${code}`)));
  });
  return { url, close: async () => { child.kill(); rmSync(dir, { recursive: true, force: true }); } };
}

const site = process.env.SERVER ? await roomServer() : await serve(DIST);
const browser = await launch();
const [width, height] = sizeArg.split('x').map(Number);
const phone = width < 700 || height < 500;
const { page, context, problems } = await openPage(browser, { viewport: { width, height }, ...(phone ? { isMobile: true, hasTouch: true } : {}) });
await page.goto(site.url + query);
await page.waitForTimeout(1000);

const people = Number(process.env.PEOPLE || 0);
if (people) {
  // A link that deals a table (an edition, a seed) opens it: New game is behind Leave table.
  const players = page.getByRole('combobox', { name: /^Players/ });
  if (!(await players.isVisible())) await page.getByRole('button', { name: 'Leave table' }).click();
  await players.selectOption(String(people));
  await page.getByText("Each opponent's level").click();
  await page.getByLabel('Ada').selectOption('Person');
  await page.getByLabel('Seat 2 name').fill('Bea');
  if (people > 3) {
    await page.getByLabel('Cleo').selectOption('Person');
    await page.getByLabel('Seat 4 name').fill('Cy');
  }
  await page.getByRole('button', { name: 'New game' }).click();
}

const KEYS = ['Tab', 'Shift+Tab', 'Enter', 'Escape', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', ' ',
  'd', 'u', 'p', 'c', 'h', 'j', 's'];
const NAMES = ['Bea', '', 'Zzzzzzzzzzzzzzzzzzzzzzzz', '  ', '3', 'Ada'];
const steps = [];

/** One random step. */
async function step() {
  // KEYBOARD=1: four steps in five are keys, as a keyboard player's are (else three in ten).
  const keys = process.env.KEYBOARD ? 0.8 : 0.3;
  const draw = random();
  const r = draw < keys ? 0 : 0.3 + 0.7 * (draw - keys) / (1 - keys);
  if (r < 0.3) {
    const key = pick(KEYS);
    steps.push(`key ${key}`);
    // What had the focus, to tell afterwards whether the key left it nowhere.
    await page.evaluate(() => { window.monkeyFocus = document.activeElement; }).catch(() => {});
    await page.keyboard.press(key);
  } else if (r < 0.32) {
    steps.push('reload');
    await page.reload();
  } else if (r < 0.33) {
    const { width: w, height: h } = page.viewportSize();
    steps.push(`turn the phone: ${h}x${w}`);
    await page.setViewportSize({ width: h, height: w });
  } else if (r < 0.35) {
    steps.push('Back');
    await page.goBack({ timeout: 3000 }).catch(() => {});
    // Back from the site's first page leaves it: come back.
    if (!page.url().startsWith(site.url)) await page.goForward({ timeout: 3000 }).catch(() => {});
  } else {
    const live = [];
    for (const e of await page.locator('button:visible, summary:visible, select:visible, input:visible').all()) {
      if (await e.isEnabled().catch(() => false)) live.push(e);
    }
    if (live.length === 0) return;
    const e = pick(live);
    const what = await e.evaluate((x) => `${x.tagName} ${(x.getAttribute('aria-label') || x.textContent || x.name || '').trim().slice(0, 40)}`).catch(() => '?');
    // Leaving the table or the room ends the interesting part: mostly not.
    if (/friends|Leave/i.test(what) && random() < 0.9) return;
    if (what.startsWith('SELECT')) {
      const value = pick(await e.evaluate((x) => [...x.options].map((o) => o.value)));
      steps.push(`choose ${value} in ${what}`);
      await e.selectOption(value, { timeout: 2000 });
    } else if (what.startsWith('INPUT') && !['checkbox', 'radio'].includes(await e.getAttribute('type'))) {
      const text = pick(NAMES);
      steps.push(`type "${text}" in ${what}`);
      await e.fill(text, { timeout: 2000 });
    } else {
      steps.push(`${phone ? 'tap' : 'click'} ${what}`);
      await (phone ? e.tap({ timeout: 2000 }) : e.click({ timeout: 2000 }));
    }
  }
}

const focusLost = [];
let told = 0;
let failed = false;
let taken = 0;
for (let i = 0; i < Number(stepsArg) && !failed; i++, taken++) {
  try {
    await step();
  } catch (error) {
    // A control that went away under the finger (a bot moved meanwhile): as a person's miss.
    steps.push(`  (missed: ${error.message.split('\n')[0].slice(0, 80)})`);
  }
  await page.waitForTimeout(60 + Math.floor(random() * 300));
  // Not the site's: the tests' own script that skips the tour fails on about:blank, where
  // Back may pass; and Chrome logs a WebSocket refused by a room server the monkey typed in
  // (the page says so itself).
  // A key that took away the control it was pressed on and left the focus on the page's
  // body (after a second's grace for the page to place it): a keyboard player lost. Said at
  // the end; the monkey goes on.
  const lost = await page.evaluate(() => {
    const f = window.monkeyFocus;
    window.monkeyFocus = null;
    return f && f !== document.body && !document.contains(f) && document.activeElement === document.body
      ? `${f.tagName} ${(f.getAttribute('aria-label') || f.textContent || '').trim().slice(0, 40)}` : null;
  }).catch(() => null);
  if (lost) {
    await page.waitForTimeout(1000);
    if (await page.evaluate(() => document.activeElement === document.body).catch(() => false)) {
      focusLost.push(`step ${i}: the focus left on the page's body, ${lost} gone:\n    ${steps.slice(-4).join('\n    ')}`);
    }
  }
  // (Filtered after the page is read: a console line may arrive while it is.)
  const stopped = await page.locator('.stopped').count().catch(() => 0);
  const empty = !(await page.evaluate(() => document.body.innerText.trim().length).catch(() => 1));
  const host = new URL(site.url).host;
  // Without SERVER the site is static: a room's WebSocket fails there by design (the page
  // says "No room server answers").
  const theirs = (p) => /localStorage.*Access is denied/.test(p)
    || (/WebSocket connection to 'wss?:\/\/([^/']+)/.exec(p)?.[1] ?? host) !== host
    || (!process.env.SERVER && /WebSocket connection to/.test(p));
  for (let j = problems.length - 1; j >= told; j--) if (theirs(problems[j])) problems.splice(j, 1);
  if (problems.length > told || stopped || empty) {
    mkdirSync(ARTIFACTS, { recursive: true });
    const shot = join(ARTIFACTS, `monkey-${seedArg}-${i}.png`);
    await page.screenshot({ path: shot });
    console.log(`step ${i}:`, problems.slice(told), stopped ? 'the game stopped' : '', empty ? 'an empty page' : '');
    console.log(steps.slice(-12).join('\n'));
    console.log(`screenshot: ${shot}`);
    told = problems.length;
    failed = true;
  }
}
for (const line of focusLost) console.log(line);
console.log(`seed ${seedArg}: ${taken} steps, ${failed ? 'stopped at a problem' : 'no problem'}${focusLost.length ? `; the focus lost ${focusLost.length} times` : ''}`);
await context.close();
await browser.close();
await site.close();
process.exit(failed ? 1 : 0);
