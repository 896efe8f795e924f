// The start screen and the first moves as a player meets them: the release site, real
// Chromium, real clicks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from './serve.mjs';
import { DIST, sharedSite, openPage, openPuzzle, axeViolations, screenshot, settle } from './helpers.mjs';

const shared = sharedSite();

/** A fresh page on the New game screen. */
async function fresh(options) {
  const opened = await openPage(shared.browser, options);
  await opened.page.goto(shared.site.url);
  await opened.page.getByRole('button', { name: 'New game' }).waitFor();
  return opened;
}

/** Waits until it is the player's turn (the bots play in between). */
async function myTurn(page) {
  await page.locator('.turn', { hasText: 'Your turn.' }).waitFor({ timeout: 20000 });
}

test('the start screen renders, starts the bot worker and logs no errors', async () => {
  const { page, context, problems } = await fresh();
  await page.getByRole('heading', { level: 1, name: 'UNO Table' }).waitFor();
  // The worker answered: it was fetched, compiled and ran the engine off the main thread.
  await page.getByRole('status').filter({ hasText: 'Opponents ready.' }).waitFor();
  assert.equal(await page.title(), 'UNO Table');
  assert.equal(await page.getByLabel('Edition').inputValue(), 'classic');
  await screenshot(page, 'start');
  assert.deepEqual(problems, []);
  await context.close();
});

test('"New game" deals seven cards and shows the table', async () => {
  const { page, context, problems } = await fresh();
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByRole('button', { name: 'Draw a card' }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'New game' }).count(), 0, 'the New game screen is gone');
  assert.equal(await page.getByRole('list', { name: 'Your hand' }).getByRole('button').count() >= 7, true);
  assert.match(await page.getByRole('img', { name: /^Top card: / }).getAttribute('aria-label'), /^Top card: \w/);
  assert.equal(await page.getByRole('list', { name: 'Opponents' }).getByRole('listitem').count(), 3);
  // "Opponents ready." was said on the New game screen; at the table it is out of sight
  // (still there for a screen reader).
  const ready = page.getByRole('status').filter({ hasText: 'Opponents ready.' });
  await ready.waitFor({ state: 'attached' });
  assert.ok((await ready.boundingBox()).width <= 1, 'the status line is out of sight at the table');
  await screenshot(page, 'table');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the player plays a matching card and the bots answer', async () => {
  // An exact position, so the move is always there to make: on Red 3 the player plays Red 7,
  // and Ada, holding only greens, has to draw.
  const { page, context, problems } = await openPuzzle(shared,
    { hands: [['R7', 'B2', 'G9'], ['G1', 'G2', 'G3'], ['Y5', 'Y6', 'Y7'], ['B5', 'B6', 'B9']], discard_pile: ['R3'], turn: 0 });
  await myTurn(page);
  // The tab's title says so, for a player looking at another tab.
  assert.equal(await page.title(), 'Your turn · UNO Table');
  await page.getByRole('list', { name: 'Your hand' }).getByRole('button', { name: 'Red 7' }).click();
  await page.getByRole('img', { name: 'Top card: Red 7' }).waitFor();
  assert.equal(await page.title(), 'UNO Table');
  await page.locator('.log li', { hasText: 'You play Red 7.' }).waitFor();
  assert.equal(await page.getByRole('list', { name: 'Your hand' }).getByRole('button').count(), 2);
  // The next seat answers, from the worker.
  await page.locator('.log li', { hasText: /^Ada drew a card\.$/ }).waitFor({ timeout: 10000 });
  assert.deepEqual(problems, []);
  await context.close();
});

test('unplayable cards are marked aria-disabled, change nothing and say why', async () => {
  // An exact position (a dealt hand may hold no playable card, or no unplayable one):
  // on Red 3, Red 7 plays and Blue 2 and Green 9 do not.
  const { page, context, problems } = await openPuzzle(shared,
    { hands: [['R7', 'B2', 'G9'], ['G1', 'G2', 'G3'], ['Y5', 'Y6', 'Y7']], discard_pile: ['R3'], turn: 0 });
  const card = (name) => page.getByRole('list', { name: 'Your hand' }).getByRole('button', { name });
  assert.equal(await card('Red 7').getAttribute('aria-disabled'), 'false');
  for (const name of ['Blue 2', 'Green 9']) {
    assert.equal(await card(name).getAttribute('aria-disabled'), 'true', name);
    assert.match(await card(name).getAttribute('class'), /\bunplayable\b/, name);
  }
  // Clicked and pressed with Enter, an unplayable card stays in the hand and the pile is
  // unchanged, and the engine's reason is said.
  // A forced click skips Playwright's wait for the card to stop moving: let the deal land first.
  await settle(page);
  await card('Blue 2').click({ force: true });
  await page.getByRole('alert').filter({ hasText: 'Blue 2 matches neither the Red top card nor its 3.' }).waitFor();
  await card('Green 9').focus();
  await page.keyboard.press('Enter');
  await page.getByRole('alert').filter({ hasText: 'Green 9 matches neither the Red top card nor its 3.' }).waitFor();
  assert.equal(await page.getByRole('img', { name: /^Top card/ }).getAttribute('aria-label'), 'Top card: Red 3');
  assert.equal(await page.getByRole('list', { name: 'Your hand' }).getByRole('button').count(), 3);
  assert.equal(await page.locator('.log li', { hasText: 'You play' }).count(), 0);
  // The playable one does play.
  await card('Red 7').click();
  await page.getByRole('img', { name: 'Top card: Red 7' }).waitFor();
  assert.deepEqual(await page.getByRole('list', { name: 'Your hand' }).getByRole('button').evaluateAll(
    (cards) => cards.map((c) => c.querySelector('.visually-hidden').textContent)), ['Blue 2', 'Green 9']);
  assert.equal(await page.getByRole('alert').count(), 0, 'the reason goes with the next move');
  assert.deepEqual(problems, []);
  await context.close();
});

test('axe-core finds no violations on the New game screen or the table', async () => {
  const { page, context } = await fresh();
  assert.deepEqual(await axeViolations(page), [], 'New game screen');
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByRole('button', { name: 'Draw a card' }).waitFor();
  assert.deepEqual(await axeViolations(page), [], 'table');
  await context.close();
});

test('dist/ works from a sub-path two folders deep with no 404', async () => {
  const scratch = mkdtempSync(join(tmpdir(), 'uno-subpath-'));
  cpSync(DIST, join(scratch, 'games', 'uno'), { recursive: true });
  const nested = await serve(scratch);
  try {
    const { page, context, problems } = await openPage(shared.browser);
    await page.goto(`${nested.url}games/uno/`);
    await page.getByRole('status').filter({ hasText: 'Opponents ready' }).waitFor();
    await page.getByRole('button', { name: 'New game' }).click();
    await page.getByRole('button', { name: 'Draw a card' }).waitFor();
    assert.deepEqual(problems, []);
    // Every file the page asked for lived under the sub-path.
    const outside = nested.requests.filter((p) => !p.startsWith('/games/uno/'));
    assert.deepEqual(outside, []);
    assert.ok(nested.requests.some((p) => p.endsWith('.wasm')), 'the app wasm was loaded');
    assert.ok(nested.requests.includes('/games/uno/worker.js'), 'the worker was loaded');
    await context.close();
  } finally {
    await nested.close();
    rmSync(scratch, { recursive: true, force: true });
  }
});
