// The start screen and the first moves as a player meets them: the release site, real
// Chromium, real clicks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from './serve.mjs';
import { DIST, sharedSite, openPage, axeViolations, screenshot } from './helpers.mjs';

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
  await page.getByRole('status').filter({ hasText: 'Opponents ready: 5 editions' }).waitFor();
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
  await screenshot(page, 'table');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the player plays a matching card and the bots answer', async () => {
  const { page, context, problems } = await fresh();
  await page.getByRole('button', { name: 'New game' }).click();
  await myTurn(page);
  const hand = page.getByRole('list', { name: 'Your hand' }).getByRole('button');
  const before = await hand.count();
  // A playable card that is not a Wild (no color to pick), else draw.
  const playable = page.locator('.card.playable:not([aria-label^="Wild"])');
  if (await playable.count()) {
    const name = await playable.first().getAttribute('aria-label');
    await playable.first().click();
    await page.getByRole('img', { name: `Top card: ${name}` }).waitFor();
    assert.equal(await hand.count(), before - 1);
    await page.locator('.log li', { hasText: `You play ${name}.` }).waitFor();
  } else {
    await page.getByRole('button', { name: 'Draw a card' }).click();
    await page.locator('.log li', { hasText: 'You drew' }).first().waitFor();
  }
  // An opponent moves next, from the worker.
  await page.locator('.log li', { hasText: /^(Ada|Ben|Cleo) / }).first().waitFor({ timeout: 10000 });
  assert.deepEqual(problems, []);
  await context.close();
});

test('unplayable cards are marked aria-disabled and do nothing', async () => {
  const { page, context } = await fresh();
  await page.getByRole('button', { name: 'New game' }).click();
  await myTurn(page);
  const dim = page.locator('.card.unplayable');
  if (await dim.count()) {
    assert.equal(await dim.first().getAttribute('aria-disabled'), 'true');
    const top = await page.getByRole('img', { name: /^Top card/ }).getAttribute('aria-label');
    await dim.first().click({ force: true });
    assert.equal(await page.getByRole('img', { name: /^Top card/ }).getAttribute('aria-label'), top);
  }
  assert.equal(await page.locator('.card.playable').first().getAttribute('aria-disabled'), 'false');
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
