// The start screen as a player meets it: the release site, real Chromium, real clicks.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from './serve.mjs';
import { DIST, launch, openPage, axeViolations, screenshot } from './helpers.mjs';

let browser;
let site;

before(async () => {
  browser = await launch();
  site = await serve(DIST);
});
after(async () => {
  await browser?.close();
  await site?.close();
});

test('the start screen renders, starts the bot worker and logs no errors', async () => {
  const { page, context, problems } = await openPage(browser);
  await page.goto(site.url);
  await page.getByRole('heading', { level: 1, name: 'UNO Table' }).waitFor();
  // The worker answered: it was fetched, compiled and ran the engine off the main thread.
  await page.getByRole('status').filter({ hasText: 'Opponents ready: 5 editions' }).waitFor();
  assert.equal(await page.title(), 'UNO Table');
  await screenshot(page, 'start');
  assert.deepEqual(problems, []);
  await context.close();
});

test('"New game" replaces the start screen with the table', async () => {
  const { page, context, problems } = await openPage(browser);
  await page.goto(site.url);
  const newGame = page.getByRole('button', { name: 'New game' });
  await newGame.click();
  await page.getByRole('heading', { level: 2, name: 'Table' }).waitFor();
  assert.equal(await newGame.count(), 0, 'the New game button is gone');
  assert.equal(await page.getByText('Draw pile').count(), 1);
  assert.equal(await page.getByText('Discard pile').count(), 1);
  await screenshot(page, 'table');
  assert.deepEqual(problems, []);
  await context.close();
});

test('axe-core finds no violations on the start screen or the table', async () => {
  const { page, context } = await openPage(browser);
  await page.goto(site.url);
  await page.getByRole('button', { name: 'New game' }).waitFor();
  assert.deepEqual(await axeViolations(page), [], 'start screen');
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByRole('heading', { name: 'Table', exact: true }).waitFor();
  assert.deepEqual(await axeViolations(page), [], 'table');
  await context.close();
});

test('dist/ works from a sub-path two folders deep with no 404', async () => {
  const scratch = mkdtempSync(join(tmpdir(), 'uno-subpath-'));
  cpSync(DIST, join(scratch, 'games', 'uno'), { recursive: true });
  const nested = await serve(scratch);
  try {
    const { page, context, problems } = await openPage(browser);
    await page.goto(`${nested.url}games/uno/`);
    await page.getByRole('status').filter({ hasText: 'Opponents ready' }).waitFor();
    await page.getByRole('button', { name: 'New game' }).click();
    await page.getByRole('heading', { name: 'Table', exact: true }).waitFor();
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
