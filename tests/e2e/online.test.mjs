// Play with friends: the room server (built by the test command: target/fast/uno-server) serves
// the release dist/ and /ws on a loopback port; two browser contexts create, join and play a
// round to its end in the page; a reload rejoins the same seat; a watcher sees no hand.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { DIST, ROOT, launch, openPage, screenshot, axeViolations, widerThan, recordScreenLocks, screenLocks, countNotes } from './helpers.mjs';
import { serve } from './serve.mjs';

const PHONE = { width: 360, height: 640 };
const SERVER = join(ROOT, 'target', 'fast', 'uno-server');
let browser, server, url, dir;

/** A room server on loopback (`port` 0: any free one) serving the site, its rooms in `file`
 * of this run's folder, with more `args`; resolves to the process and the site's address
 * (http://127.0.0.1:PORT) once it says where it listens. */
function startServer(file, args = [], port = 0) {
  return new Promise((resolve, reject) => {
    const child = spawn(SERVER, ['--addr', `127.0.0.1:${port}`, '--dist', DIST, '--db', join(dir, file), ...args],
      { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.on('data', (d) => {
      const m = /http:\/\/([0-9.:]+)\//.exec(d.toString());
      if (m) resolve({ process: child, url: `http://${m[1]}`, port: Number(m[1].split(':')[1]) });
    });
    child.on('exit', (code) => reject(new Error(`uno-server exited with ${code}`)));
  });
}

before(async () => {
  assert.ok(existsSync(SERVER), `${SERVER} is built by scripts/test.sh`);
  dir = mkdtempSync(join(tmpdir(), 'uno-online-'));
  ({ process: server, url } = await startServer('rooms.sqlite', [
    '--bot-delay-ms', '150', '--reaction-ms', '300', '--round-pause-ms', '600000',
    // The rooms deal the same cards on every run, so a failure on some deal comes back.
    '--seed', '2026']));
  browser = await launch();
});

after(async () => {
  await browser?.close();
  server?.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** One turn as a player takes it: a playable card (and a color for a Wild), else the
 * prompt's first answer, else the draw pile; by taps on a phone's touch screen if `touch`. */
async function takeTurn(page, { touch = false } = {}) {
  const press = (locator) => (touch ? locator.tap() : locator.click());
  const card = page.locator('.hand .card[aria-disabled="false"]');
  const answer = page.locator('.prompt button');
  if (await card.count()) {
    await press(card.first());
    const swatch = page.locator('dialog[open] .swatch');
    if (await swatch.count()) await press(swatch.first());
  } else if (await answer.count()) {
    await press(answer.first());
  } else {
    await press(page.locator('.draw-pile'));
  }
}

const myTurn = (page) => page.evaluate(() => document.querySelector('.turn')?.textContent === 'Your turn.'
  && !document.querySelector('dialog[open]') && !!document.querySelector('.hand .card[aria-disabled="false"], .prompt button, .draw-pile[aria-disabled="false"]'));
const roundOver = (page) => page.evaluate(() => !!document.querySelector('dialog.round-over'));

/** Ada creates a room on the online page of `page` with `seats` (the second and later seats'
 * kinds, e.g. ['human', 'easy']), on this file's room server or the one at `site`; returns
 * its code. */
async function createRoom(page, seats, site = url) {
  await page.goto(`${site}/?online`);
  await page.getByLabel('Your name').fill('Ada');
  await page.getByLabel('Seats').selectOption(String(seats.length + 1));
  for (const [i, kind] of seats.entries()) await page.getByLabel(`Seat ${i + 2}`).selectOption(kind);
  await page.getByRole('button', { name: 'Create room' }).click();
  return (await page.locator('.lobby .room-code').textContent()).trim();
}

/** Someone called `name` opens the room's link on `page` and joins. */
async function joinRoom(page, code, name) {
  await page.goto(`${url}/?room=${code}`);
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Join', exact: true }).click();
}

/** Ada creates a room of two seats and Bo joins it from his own phone (`prepare` readies his
 * page first); returns { ada, bo, code } once Ada sees him connected. */
async function adaAndBo(prepare = async () => {}) {
  const ada = await openPage(browser, { viewport: PHONE });
  const code = await createRoom(ada.page, ['human']);
  const bo = await openPage(browser, { viewport: PHONE });
  await prepare(bo.page);
  await joinRoom(bo.page, code, 'Bo');
  await ada.page.getByText('Bo: connected').waitFor();
  return { ada, bo, code };
}

test('two friends create, join and play a one-hand game to its end, then another in the same room; a reload rejoins; a watcher sees no hand', async () => {
  const ada = await openPage(browser, { viewport: PHONE });
  await ada.page.goto(`${url}/`);
  // The solo page offers online play; it leads to the online app.
  await ada.page.getByRole('link', { name: 'Play with friends' }).click();
  await ada.page.getByRole('heading', { name: 'Play with friends' }).waitFor();
  await ada.page.getByLabel('Your name').fill('Ada');
  await ada.page.getByLabel('Seats').selectOption('3');
  await ada.page.getByLabel('Seat 3').selectOption('medium');
  // An edition of its own, with two Blank cards that give another turn and a missed UNO
  // costing 2 instead of its 4; a game of one hand instead of its 500 points, said whole
  // under the choice.
  await ada.page.getByLabel(/^Edition/).selectOption('classic-blank');
  await ada.page.getByText('House rules and timers').click();
  await ada.page.getByLabel('Scoring').selectOption('SingleHand');
  await ada.page.locator('#scoring-about').getByText('The first player out wins.').waitFor();
  await ada.page.getByLabel(/^Missed UNO/).selectOption('2');
  await ada.page.getByLabel(/^Blank cards/).selectOption('2');
  await ada.page.getByLabel(/^What they do/).selectOption({ label: 'Take another turn' });
  await ada.page.getByRole('button', { name: 'Create room' }).click();
  const code = (await ada.page.locator('.lobby .room-code').textContent()).trim();
  assert.match(code, /^[A-Z0-9]{6}$/);
  assert.match(ada.page.url(), new RegExp(`\\?room=${code}`));
  // Opened at 127.0.0.1, the page says its link opens on this computer alone.
  await ada.page.locator('.this-machine').getByText('This page is open at 127.0.0.1, which is this computer alone').waitFor();
  // Focus moved to the lobby's heading (the form is gone): a screen reader says the room.
  assert.equal(await ada.page.evaluate(() => document.activeElement?.textContent), `Room ${code}`);
  // The lobby says what the room was created with (the server's `room` message).
  const said = 'Classic with Blank cards, house rules: Missed UNO: draw 2, 2 blank cards: take another turn. '
    + 'The first player out wins. '
    + 'A bot plays for someone away after 1 min; no turn timer.';
  assert.equal((await ada.page.locator('.lobby .room-rules').textContent()).trim(), said);
  await screenshot(ada.page, 'online-lobby-phone');

  const bo = await openPage(browser, { viewport: PHONE });
  await bo.page.goto(`${url}/?room=${code}`);
  await bo.page.getByLabel('Your name').fill('Bo');
  // Bo is colorblind: the symbols he chose for his own games, chosen here for this one.
  await bo.page.getByLabel(/ColorADD symbols/).check();
  assert.deepEqual(await axeViolations(bo.page), [], 'the join page');
  await bo.page.getByRole('button', { name: 'Join', exact: true }).click();
  await bo.page.getByText(`Waiting for Ada to start the game.`).waitFor();
  assert.equal((await bo.page.locator('.lobby .room-rules').textContent()).trim(), said);
  await ada.page.getByText('Bo: connected').waitFor();
  assert.deepEqual(await axeViolations(ada.page), []);
  // The live area is in the lobby, empty, before the table first speaks into it.
  assert.equal(await bo.page.evaluate(() => { window.__said = document.querySelector('.announcements'); return window.__said?.textContent; }), '');
  await ada.page.getByRole('button', { name: 'Start the game' }).click();
  await ada.page.locator('.hand .card').first().waitFor();
  await bo.page.locator('.hand .card').first().waitFor();
  assert.ok(await ada.page.locator('.hand .card').count() >= 7, 'a dealt hand');
  assert.ok(await bo.page.evaluate(() => window.__said.isConnected && window.__said === document.querySelector('.announcements')),
    'the table speaks into the area that was there');
  // Its first words are the deal, made while the lobby was shown (and the turn, if his).
  const firstSaid = (page) => page.locator('.announcements p').first().textContent();
  assert.match(await firstSaid(bo.page), /^(You|Ada) dealt\. .+ starts the (discard )?pile/);
  assert.match(await firstSaid(ada.page), /^(You|Bo) dealt\. .+ starts the (discard )?pile/);
  // Symbols on Bo's colored cards (two each), none on Ada's.
  assert.ok(await bo.page.locator('.hand .coloradd').count() >= 2, 'Bo sees ColorADD symbols');
  assert.equal(await ada.page.locator('.hand .coloradd').count(), 0, 'Ada chose none');
  // Among friends no bot gives advice: no Hint button (it used to say only that there was none).
  assert.equal(await ada.page.getByRole('button', { name: 'Hint' }).count(), 0);
  // Nor does Help list its key.
  await ada.page.getByRole('button', { name: 'Help' }).click();
  const keys = ada.page.locator('dialog.help .keys th');
  await keys.first().waitFor();
  assert.deepEqual(await keys.allTextContents(), ['← → Home End', 'Enter or Space', 'D', 'U', 'P', 'C', 'S', '?']);
  await ada.page.getByRole('button', { name: 'Close' }).click();
  await screenshot(ada.page, 'online-table-phone');
  // On the narrowest phones too the bar keeps one row: the code, React, Rules, Sound and Leave.
  await ada.page.setViewportSize({ width: 320, height: 568 });
  const bar = await ada.page.locator('.top-bar button:not(.emote), .top-bar summary').evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().top));
  assert.equal(bar.length, 4, 'React, Rules, Sound, Leave');
  assert.equal(new Set(bar).size, 1, `the bar's buttons stand at ${bar}`);
  await ada.page.setViewportSize(PHONE);
  // The room's rules from the table, and back to the same hand.
  await bo.page.getByRole('button', { name: 'Rules' }).click();
  await bo.page.getByRole('heading', { name: 'Rules: Classic with Blank cards' }).waitFor();
  await bo.page.getByText('The first player out wins.').waitFor();
  await bo.page.getByText('Blank card (2 in this game): a Wild with the effect chosen for this game: Take another turn.').waitFor();
  await screenshot(bo.page, 'online-rules-phone');
  // Its bar is the table's one slim row (no title pushing React, Sound and Leave to a second).
  const rulesBar = await bo.page.locator('.top-bar button:not(.emote), .top-bar summary').evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().top));
  assert.equal(rulesBar.length, 3, 'React, Sound, Leave');
  assert.equal(new Set(rulesBar).size, 1, `the rules' bar's buttons stand at ${rulesBar}`);
  await bo.page.getByRole('button', { name: 'Back to the table' }).first().click();
  await bo.page.locator('.hand .card').first().waitFor();
  // The phone's Back closes the rules too, and stays in the room.
  await bo.page.getByRole('button', { name: 'Rules' }).click();
  await bo.page.getByRole('heading', { name: 'Rules: Classic with Blank cards' }).waitFor();
  await bo.page.goBack();
  await bo.page.locator('.hand .card').first().waitFor();
  assert.equal(await bo.page.getByRole('heading', { name: /^Rules/ }).count(), 0, 'the rules closed');
  assert.match(bo.page.url(), new RegExp(`\\?room=${code}$`));

  // A watcher: the table, no hand, no way to act.
  const eve = await openPage(browser, { viewport: PHONE });
  await eve.page.goto(`${url}/?online`);
  // Typed as it was read out to her: in small letters, in two groups.
  await eve.page.getByLabel('Room code').fill(`${code.slice(0, 3)} - ${code.slice(3)}`.toLowerCase());
  await eve.page.getByRole('button', { name: 'Watch' }).click();
  await eve.page.locator('.online-strip .watching').getByText('Watching').waitFor();
  // Focus went to the table's heading (the Watch button is gone; a watcher has no card).
  assert.equal(await eve.page.evaluate(() => document.activeElement?.textContent), 'Table');
  // Every seat among the others (the screen is only shown from Ada's), no hand, no Hint or UNO.
  await eve.page.waitForFunction(() => document.querySelectorAll('.opponent').length === 3);
  assert.deepEqual(await eve.page.locator('.opponent .who').allTextContents(), ['Ada', 'Bo', 'Bot 1']);
  assert.equal(await eve.page.locator('.hand').count(), 0);
  assert.equal(await eve.page.getByRole('button', { name: /^(Hint|UNO!)$/ }).count(), 0);
  assert.deepEqual(await axeViolations(eve.page), [], 'the watcher\'s table');
  await eve.page.getByRole('button', { name: 'Help' }).click();
  await eve.page.locator('dialog.help .keys th').first().waitFor();
  assert.deepEqual(await eve.page.locator('dialog.help .keys th').allTextContents(), ['S', '?'], 'a watcher\'s keys');
  await eve.page.getByRole('button', { name: 'Close' }).click();
  await screenshot(eve.page, 'online-watcher-phone');
  assert.equal(await eve.page.title(), 'UNO Table', 'a watcher is never called');

  // Play the round out; Bo reloads once on the way and comes back to the same seat.
  let reloaded = false, turns = 0, explained = false;
  for (let guard = 0; guard < 400; guard++) {
    if (await roundOver(ada.page) || await roundOver(bo.page)) break;
    for (const p of [ada, bo]) {
      if (await myTurn(p.page)) {
        // The tab's title calls the player whose turn it is; the watcher is never called.
        assert.equal(await p.page.title(), 'Your turn · UNO Table');
        assert.notEqual(await eve.page.locator('.turn').textContent(), 'Your turn.');
        // A card that does not fit, tapped anyway, says why in the engine's words, as at a
        // table in the page (the room's server is not asked).
        const unfit = p.page.locator('.hand .card.unplayable:not([data-card^="W"])');
        if (!explained && await p.page.locator('.prompt button').count() === 0 && await unfit.count()) {
          const name = await unfit.first().locator('.visually-hidden').textContent();
          await unfit.first().click({ force: true });
          await p.page.getByRole('alert').filter({ hasText: new RegExp(`^${name} (matches neither|is not)`) }).waitFor();
          explained = true;
        }
        turns++;
        await takeTurn(p.page);
        await p.page.waitForTimeout(120);
      }
    }
    if (!reloaded && turns >= 3) {
      const hand = await bo.page.locator('.hand .card').evaluateAll((cs) => cs.map((c) => c.dataset.card).join());
      await bo.page.reload();
      await bo.page.locator('.hand .card').first().waitFor();
      const back = await bo.page.locator('.hand .card').evaluateAll((cs) => cs.map((c) => c.dataset.card).join());
      assert.equal(back, hand, 'the same seat, the same hand after a reload');
      reloaded = true;
    }
    await ada.page.waitForTimeout(100);
  }
  await ada.page.locator('dialog.round-over').waitFor({ timeout: 20000 });
  await bo.page.locator('dialog.round-over').waitFor({ timeout: 20000 });
  assert.ok(reloaded && turns >= 3, `turns ${turns}`);
  assert.ok(explained, 'a card that did not fit was tried');
  // The server shows no other hand, at the round's end either (docs/ROOMS.md's promise): no
  // hands laid down on any phone, the watcher's included.
  await eve.page.locator('dialog.round-over').waitFor({ timeout: 20000 });
  for (const p of [ada, bo, eve]) assert.equal(await p.page.locator('dialog.round-over .hands-left').count(), 0);
  await screenshot(ada.page, 'online-round-over-phone');
  // One hand was the game: the creator deals a new one in the same room, the others wait.
  await bo.page.locator('dialog.round-over').getByText('Waiting for Ada to deal a new game.').waitFor();
  await screenshot(bo.page, 'online-game-over-phone');
  // The round, the game, went into each player's record, on a line of its own; a reload of
  // the round over does not count it again, and the watcher's browser counts nothing.
  const record = (p) => p.page.evaluate(() => JSON.parse(localStorage.getItem('uno-table.record')));
  const won = (p) => p.page.locator('#round-title').textContent().then((t) => t === 'You win the game!');
  const [adaWon, boWon] = [await won(ada), await won(bo)];
  await bo.page.reload();
  await bo.page.locator('dialog.round-over').getByText('Waiting for Ada to deal a new game.').waitFor();
  for (const [p, won] of [[ada, adaWon], [bo, boWon]]) {
    const r = await record(p);
    const tally = { games: 1, games_won: won ? 1 : 0, rounds: 1, rounds_won: won ? 1 : 0 };
    assert.deepEqual([r.all, r.lines, r.streak], [tally, [{ edition: 'classic-blank', level: 'Online', tally }], won ? 1 : 0]);
  }
  assert.equal(await record(eve), null, 'a watcher has no record');
  // A won game is not offered back on the home screens (a tab closed after it)...
  const offered = (p) => p.page.evaluate(() => localStorage.getItem('uno-table.last-room'));
  assert.equal(await offered(bo), null);
  assert.equal(await bo.page.locator('dialog.round-over').getByRole('button', { name: 'Leave room' }).count(), 1);
  assert.equal(await bo.page.locator('dialog.round-over').getByRole('button', { name: 'Play again' }).count(), 0);
  await ada.page.locator('dialog.round-over').getByRole('button', { name: 'Play again' }).click();
  for (const p of [ada, bo]) {
    await p.page.locator('dialog.round-over').waitFor({ state: 'hidden' });
    await p.page.waitForFunction(() => document.querySelectorAll('.hand .card').length >= 7);
  }
  // ...the next game is.
  assert.equal(await offered(bo), code);
  // New game on the solo page shows the room's game in the record.
  await bo.page.goto(`${url}/`);
  await bo.page.getByText('By edition and opponents').click();
  const row = bo.page.locator('.record tbody tr');
  assert.deepEqual(await row.locator('th, td').allTextContents(),
    ['Classic with Blank cards, friends online', `${boWon ? 1 : 0} of 1`, `${boWon ? 1 : 0} of 1`]);
  await bo.page.goBack();
  await bo.page.locator('.hand .card').first().waitFor();
  assert.match(ada.page.url(), new RegExp(`\\?room=${code}`), 'still in the same room');
  for (const p of [ada, bo, eve]) {
    assert.deepEqual(p.problems, []);
    await p.context.close();
  }
});

test('the rules read at one table are not what the next room opens on', async () => {
  const ada = await openPage(browser, { viewport: PHONE });
  const startRoom = async () => {
    await ada.page.getByLabel('Your name').fill('Ada');
    await ada.page.getByLabel('Seats').selectOption('2');
    await ada.page.getByLabel('Seat 2').selectOption('easy');
    await ada.page.getByRole('button', { name: 'Create room' }).click();
    await ada.page.getByRole('button', { name: 'Start the game' }).click();
    await ada.page.locator('.hand .card').first().waitFor();
  };
  await ada.page.goto(`${url}/?online`);
  await startRoom();
  await ada.page.getByRole('button', { name: 'Rules' }).click();
  await ada.page.getByRole('heading', { name: 'Rules: Classic' }).waitFor();
  // In the middle of a round, leaving hands the seat to a bot: asked first; Escape stays.
  await ada.page.getByRole('button', { name: 'Leave room' }).click();
  const asked = ada.page.getByRole('dialog', { name: 'Leave the game?' });
  await asked.getByText('A bot plays your seat from now on').waitFor();
  assert.equal(await ada.page.evaluate(() => document.activeElement?.textContent), 'Stay');
  await ada.page.keyboard.press('Escape');
  await asked.waitFor({ state: 'hidden' });
  assert.equal(await ada.page.getByRole('heading', { name: 'Rules: Classic' }).count(), 1, 'still in the room');
  // The focus is back on Leave, where it was: not lost on the page's body.
  assert.equal(await ada.page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Leave room');
  // Stay by its button, asked again by keyboard: the same.
  await ada.page.keyboard.press('Enter');
  await asked.getByRole('button', { name: 'Stay' }).click();
  await asked.waitFor({ state: 'hidden' });
  assert.equal(await ada.page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Leave room');
  await ada.page.getByRole('button', { name: 'Leave room' }).click();
  await asked.getByRole('button', { name: 'Leave room' }).click();
  await ada.page.getByRole('button', { name: 'Create room' }).waitFor();
  // Left from the rules (a history entry of their own), the address is the home's, not the room's.
  await ada.page.waitForFunction(() => location.search === '?online');
  // Home again, focus is on its heading (the Leave button is gone).
  assert.equal(await ada.page.evaluate(() => document.activeElement?.textContent), 'Play with friends');
  await startRoom();
  assert.equal(await ada.page.getByRole('heading', { name: /^Rules/ }).count(), 0, 'the table, not the rules');
  assert.deepEqual(ada.problems, []);
  await ada.context.close();
});

/** Records every WebSocket the page opens (window.__sockets), what the page asks it to send
 * (its `sent`) and what it delivers (`got`); a socket set `frozen` neither delivers nor sends, as a line that died
 * without a word (a phone asleep) does; while `window.__refuse` is set, a new socket fails
 * at once, as with no network. */
function watchSockets() {
  const Real = window.WebSocket;
  window.__sockets = [];
  class Watched extends Real {
    constructor(address, ...rest) {
      super(window.__refuse ? 'ws://127.0.0.1:9/' : address, ...rest);
      this.frozen = false;
      this.sent = [];
      this.got = [];
      window.__sockets.push(this);
    }
    set onmessage(f) { super.onmessage = f && ((e) => { if (!this.frozen) { this.got.push(e.data); f(e); } }); }
    get onmessage() { return super.onmessage; }
    send(data) { this.sent.push(data); if (!this.frozen) super.send(data); }
  }
  window.WebSocket = Watched;
}

/** As the browser says the tab was hidden or shown again. */
const setHidden = (page, hidden) => page.evaluate((h) => {
  Object.defineProperty(document, 'hidden', { value: h, configurable: true });
  Object.defineProperty(document, 'visibilityState', { value: h ? 'hidden' : 'visible', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}, hidden);

const topCard = (page) => page.locator('.discard-pile').getAttribute('aria-label');
const sockets = (page) => page.evaluate(() => window.__sockets.length);

test('a watcher whose line drops watches on; a phone that slept on a dead line catches up when seen again', async () => {
  const { ada, bo, code } = await adaAndBo((page) => page.addInitScript(watchSockets));
  await ada.page.getByRole('button', { name: 'Start the game' }).click();
  const eve = await openPage(browser, { viewport: PHONE });
  await eve.page.addInitScript(watchSockets);
  await eve.page.goto(`${url}/?online`);
  await eve.page.getByLabel('Room code').fill(code);
  await eve.page.getByRole('button', { name: 'Watch' }).click();
  await eve.page.locator('.online-strip .watching').getByText('Watching').waitFor();
  await bo.page.locator('.hand .card').first().waitFor();

  // The watcher's line drops (the server restarted, the wifi changed): a new one watches on.
  await eve.page.evaluate(() => window.__sockets.at(-1).close());
  await eve.page.waitForFunction(() => window.__sockets.length === 2 && window.__sockets[1].readyState === 1);
  const before = await topCard(ada.page);
  for (let guard = 0; guard < 60 && await topCard(ada.page) === before; guard++) {
    for (const p of [ada, bo]) if (await myTurn(p.page)) await takeTurn(p.page);
    await ada.page.waitForTimeout(150);
  }
  const now = await topCard(ada.page);
  assert.notEqual(now, before, 'a card was played');
  await eve.page.waitForFunction((label) => document.querySelector('.discard-pile')?.getAttribute('aria-label') === label, now);

  // Hidden a moment (an app switch): the same line.
  await setHidden(bo.page, true);
  await setHidden(bo.page, false);
  assert.equal(await sockets(bo.page), 1);

  // Bo's phone sleeps and its line dies without a word while Ada plays on.
  for (let guard = 0; guard < 60 && !await myTurn(ada.page); guard++) {
    if (await myTurn(bo.page)) await takeTurn(bo.page);
    await ada.page.waitForTimeout(150);
  }
  await bo.page.evaluate(() => { window.__sockets.at(-1).frozen = true; });
  await setHidden(bo.page, true);
  const slept = Date.now();
  for (let guard = 0; guard < 60 && !(await ada.page.locator('.turn').textContent()).startsWith('Bo'); guard++) {
    if (await myTurn(ada.page)) await takeTurn(ada.page);
    await ada.page.waitForTimeout(150);
  }
  await ada.page.waitForTimeout(Math.max(0, 3200 - (Date.now() - slept)));
  assert.equal(await myTurn(bo.page), false, 'a dead line told Bo nothing');
  // Seen again: a fresh line resumes the seat, and it is Bo's turn; the table stays on
  // screen meanwhile (no lobby for a moment).
  await bo.page.evaluate(() => {
    window.__sawLobby = false;
    new MutationObserver(() => { if (document.querySelector('.lobby')) window.__sawLobby = true; })
      .observe(document.body, { childList: true, subtree: true });
  });
  await setHidden(bo.page, false);
  await bo.page.waitForFunction(() => document.querySelector('.turn')?.textContent === 'Your turn.');
  assert.equal(await sockets(bo.page), 2);
  assert.equal(await topCard(bo.page), await topCard(ada.page));
  assert.equal(await bo.page.locator('.notice.reconnecting').count(), 0, 'no alarm for a fresh line');
  assert.equal(await bo.page.evaluate(() => window.__sawLobby), false, 'the table stayed');
  // The round played out: the watcher waits for a player to deal the next one.
  for (let guard = 0; guard < 600 && !await roundOver(ada.page); guard++) {
    for (const p of [ada, bo]) if (await myTurn(p.page)) await takeTurn(p.page);
    await ada.page.waitForTimeout(60);
  }
  const dialog = eve.page.locator('dialog.round-over');
  await dialog.getByText('Waiting for a player to deal the next round.').waitFor();
  assert.equal(await dialog.getByRole('button', { name: 'Next round' }).count(), 0);
  await ada.page.locator('dialog.round-over').getByRole('button', { name: 'Next round' }).click();
  await dialog.waitFor({ state: 'hidden' });
  for (const p of [ada, bo, eve]) {
    assert.deepEqual(p.problems, []);
    await p.context.close();
  }
});

test('a line trying again after a drop is back at once when the browser is back online, not after its wait', async () => {
  const { ada, bo } = await adaAndBo(async (page) => {
    await page.addInitScript(watchSockets);
    await page.clock.install();
  });
  await ada.page.getByRole('button', { name: 'Start the game' }).click();
  await bo.page.locator('.hand .card').first().waitFor();
  // The network goes: the line drops, and every try to open another fails at once.
  await bo.page.evaluate(() => { window.__refuse = true; window.__sockets.at(-1).close(); });
  await bo.page.locator('.notice.reconnecting').getByText('Reconnecting… (try 3)').waitFor();
  // From here the page's clock stands still: no try comes after its wait. (Paused a little
  // ahead: the page's clock runs on while this call travels, and a pause in its past fails;
  // a try that falls due meanwhile is counted below.)
  await bo.page.clock.pauseAt(await bo.page.evaluate(() => Date.now() + 500));
  const tries = await sockets(bo.page);
  await bo.page.evaluate(() => { window.__refuse = false; window.dispatchEvent(new Event('online')); });
  const open = () => bo.page.evaluate(() => window.__sockets.at(-1).readyState === 1
    && !document.querySelector('.notice.reconnecting') && !!document.querySelector('.hand .card'));
  for (let guard = 0; guard < 100 && !await open(); guard++) await new Promise((r) => { setTimeout(r, 100); });
  assert.ok(await open(), 'a fresh line, the seat resumed, while the clock stood still');
  assert.equal(await sockets(bo.page), tries + 1, 'one new line');
  await bo.page.clock.resume();
  assert.equal(await bo.page.locator('.hand .card').count() > 0, true);
  assert.deepEqual(ada.problems, []);
  assert.deepEqual(bo.problems.filter((p) => !p.includes('ws://127.0.0.1:9/')), []);
  await ada.context.close();
  await bo.context.close();
});

test('a move sent down a line that died without a word: a fresh line takes the seat back and says the move did not arrive', async () => {
  const { ada, bo } = await adaAndBo((page) => page.addInitScript(watchSockets));
  await ada.page.getByRole('button', { name: 'Start the game' }).click();
  await bo.page.locator('.hand .card').first().waitFor();
  for (let guard = 0; guard < 60 && !await myTurn(bo.page); guard++) {
    if (await myTurn(ada.page)) await takeTurn(ada.page);
    await ada.page.waitForTimeout(150);
  }
  assert.ok(await myTurn(bo.page), "Bo's turn");
  const before = await topCard(bo.page);
  const cards = await bo.page.locator('.hand .card').count();
  // Bo's line dies without closing (a weak signal): it still looks open, but nothing goes or comes.
  await bo.page.evaluate(() => { window.__sockets.at(-1).frozen = true; });
  await takeTurn(bo.page);
  const notice = bo.page.locator('.notice').getByText('your move did not arrive. Play it again.');
  await notice.waitFor({ timeout: 9000 });
  assert.equal(await sockets(bo.page), 2, 'one fresh line');
  assert.equal(await topCard(ada.page), before, 'the move never reached the room');
  assert.equal(await topCard(bo.page), before);
  assert.equal(await bo.page.locator('.hand .card').count(), cards);
  assert.ok(await myTurn(bo.page), 'still Bo to play, on the fresh line');
  // Played again, it arrives: the notice goes with the old state.
  await takeTurn(bo.page);
  await notice.waitFor({ state: 'detached' });
  assert.ok(await topCard(bo.page) !== before || await bo.page.locator('.hand .card').count() !== cards,
    'a card played or drawn');
  assert.equal(await sockets(bo.page), 2);
  assert.deepEqual(ada.problems, []);
  assert.deepEqual(bo.problems, []);
  await ada.context.close();
  await bo.context.close();
});

test('a line that died without a word while Bo only waits: asked after once quiet, a fresh line brings the turn played meanwhile', async () => {
  const { ada, bo } = await adaAndBo(async (page) => {
    await page.addInitScript(watchSockets);
    await page.clock.install();
  });
  await ada.page.getByRole('button', { name: 'Start the game' }).click();
  await bo.page.locator('.hand .card').first().waitFor();
  for (let guard = 0; guard < 60 && !await myTurn(ada.page); guard++) {
    if (await myTurn(bo.page)) await takeTurn(bo.page);
    await ada.page.waitForTimeout(150);
  }
  assert.ok(await myTurn(ada.page), "Ada's turn: Bo waits, and no one moves");
  const piles = (page) => page.evaluate(() => `${document.querySelector('.discard-pile').getAttribute('aria-label')}`
    + ` | ${document.querySelector('.pile-count').textContent}`);
  const pings = () => bo.page.evaluate(() => window.__sockets.flatMap((s) => s.sent)
    .filter((text) => JSON.parse(text).type === 'ping').length);
  const pingsAre = (n) => bo.page.waitForFunction((count) => window.__sockets.flatMap((s) => s.sent)
    .filter((text) => JSON.parse(text).type === 'ping').length === count, n);
  const settle = () => bo.page.waitForTimeout(500);

  // A live line, quiet a while: it is asked after, the server answers, and it stays.
  assert.equal(await pings(), 0, 'no ping while states come');
  await bo.page.clock.fastForward(21_000);
  await pingsAre(1);
  await bo.page.waitForFunction(() => window.__sockets[0].got.some((text) => JSON.parse(text).type === 'pong'));
  await bo.page.clock.fastForward(6_000);
  await settle();
  assert.equal(await sockets(bo.page), 1, 'answered: the same line');
  assert.equal(await pings(), 1, 'lively again after the answer: no second ping yet');

  // Bo's line dies without closing (a weak signal) while Ada plays: nothing tells Bo.
  await bo.page.evaluate(() => { window.__sockets.at(-1).frozen = true; });
  const before = await piles(ada.page);
  await takeTurn(ada.page);
  await ada.page.waitForFunction((b) => `${document.querySelector('.discard-pile').getAttribute('aria-label')}`
    + ` | ${document.querySelector('.pile-count').textContent}` !== b, before);
  const played = await piles(ada.page);
  await settle();
  assert.equal(await piles(bo.page), before, 'a dead line told Bo nothing');
  // Quiet long enough: asked after; unanswered, a fresh line takes the seat back and brings
  // Ada's turn, with nothing to say about a move (Bo made none).
  await bo.page.clock.fastForward(21_000);
  await pingsAre(2);
  await bo.page.clock.fastForward(6_000);
  await bo.page.waitForFunction((p) => window.__sockets.length === 2
    && `${document.querySelector('.discard-pile')?.getAttribute('aria-label')}`
    + ` | ${document.querySelector('.pile-count')?.textContent}` === p, played);
  assert.equal(await bo.page.locator('.notice').count(), 0, 'no notice: no move was lost, and the line is back');
  await bo.page.clock.resume();
  assert.deepEqual(ada.problems, []);
  assert.deepEqual(bo.problems, []);
  await ada.context.close();
  await bo.context.close();
});

test('a tab closed mid-game: the same browser takes its seat back from the online home, or by joining the room again', async () => {
  const { ada, bo, code } = await adaAndBo();
  await ada.page.getByRole('button', { name: 'Start the game' }).click();
  await bo.page.locator('.hand .card').first().waitFor();
  const handOf = (page) => page.locator('.hand .card').evaluateAll((cs) => cs.map((c) => c.dataset.card).join());
  const held = await handOf(bo.page);

  // Bo closes the tab, then opens the site again (its icon): the solo page offers the seat.
  await bo.page.close();
  let page = await bo.context.newPage();
  await page.goto(`${url}/`);
  await page.locator('.seat-kept').getByText(`You have a seat in room ${code}.`).waitFor();
  await page.getByRole('link', { name: 'Back to your seat' }).click();
  await page.locator('.hand .card').first().waitFor();
  assert.equal(await handOf(page), held, 'the same seat, the same hand');
  assert.match(page.url(), new RegExp(`\\?room=${code}`));

  // So does the online home.
  await page.close();
  page = await bo.context.newPage();
  await page.goto(`${url}/?online`);
  await page.locator('.seat-kept').getByText(`You have a seat in room ${code}.`).waitFor();
  await page.getByRole('button', { name: 'Back to your seat' }).click();
  await page.locator('.hand .card').first().waitFor();
  assert.equal(await handOf(page), held);

  // Closed again; this time Bo types the room's code and joins: the seat is taken back, not a
  // second one (the room has two seats, both taken: a second join would be refused).
  await page.close();
  page = await bo.context.newPage();
  await page.goto(`${url}/?online`);
  await page.getByLabel('Room code').fill(code.toLowerCase());
  // A seat taken back keeps its name: none is asked for.
  await page.getByLabel('Your name').fill('');
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await page.locator('.hand .card').first().waitFor();
  assert.equal(await handOf(page), held);
  assert.equal(await page.locator('.notice').count(), 0);

  // Left for good: the home offers no seat back.
  await page.getByRole('button', { name: 'Leave room' }).click();
  await page.getByRole('dialog', { name: 'Leave the game?' }).getByRole('button', { name: 'Leave room' }).click();
  await page.getByRole('heading', { name: 'Play with friends' }).waitFor();
  assert.equal(await page.locator('.seat-kept').count(), 0);
  await page.goto(`${url}/`);
  await page.getByRole('button', { name: 'New game' }).waitFor();
  assert.equal(await page.locator('.seat-kept').count(), 0);
  assert.deepEqual(ada.problems, []);
  assert.deepEqual(bo.problems, []);
  await ada.context.close();
  await bo.context.close();
});

test('Back from a room to the page before shows the seat waiting there, also when the browser kept that page whole', async () => {
  const cached = await launch({ backForwardCache: true });
  try {
    const ada = await openPage(cached, { viewport: PHONE });
    await ada.page.goto(`${url}/`);
    await ada.page.getByRole('button', { name: 'New game' }).waitFor();
    // Once the service worker has taken the page (its taking it would evict a kept page).
    await ada.page.waitForFunction(() => !!navigator.serviceWorker.controller);
    await ada.page.evaluate(() => { window.__before = true; });
    await ada.page.getByRole('link', { name: 'Play with friends' }).click();
    await ada.page.getByLabel('Your name').fill('Ada');
    await ada.page.getByLabel('Seats').selectOption('2');
    await ada.page.getByLabel('Seat 2').selectOption('easy');
    await ada.page.getByRole('button', { name: 'Create room' }).click();
    const code = (await ada.page.locator('.lobby .room-code').textContent()).trim();
    await ada.page.goBack({ waitUntil: 'commit' });
    await ada.page.locator('.seat-kept').getByText(`You have a seat in room ${code}.`).waitFor();
    assert.equal(await ada.page.evaluate(() => window.__before), undefined, 'the page was loaded again');
    assert.deepEqual(ada.problems, []);
    await ada.context.close();
  } finally {
    await cached.close();
  }
});

test('in a room the phone\'s screen stays on (asked again when seen after hidden) and is let go on leaving', async () => {
  const ada = await openPage(browser, { viewport: PHONE });
  await recordScreenLocks(ada.page);
  const locks = () => screenLocks(ada.page);
  await ada.page.goto(`${url}/?online`);
  await ada.page.getByRole('button', { name: 'Create room' }).waitFor();
  assert.deepEqual(await locks(), [], 'not on the online home');
  await createRoom(ada.page, ['easy']);
  await ada.page.waitForFunction(() => window.__locks.length === 1);
  assert.deepEqual(await locks(), ['screen'], 'held in the lobby');
  await ada.page.getByRole('button', { name: 'Start the game' }).click();
  await ada.page.locator('.hand .card').first().waitFor();
  // A browser lets the lock go when the page is hidden: asked for again when it is seen.
  await setHidden(ada.page, true);
  await setHidden(ada.page, false);
  await ada.page.waitForFunction(() => window.__locks.length === 2);
  assert.deepEqual(await locks(), ['screen released', 'screen']);
  await ada.page.getByRole('button', { name: 'Leave room' }).click();
  await ada.page.getByRole('dialog', { name: 'Leave the game?' }).getByRole('button', { name: 'Leave room' }).click();
  await ada.page.getByRole('button', { name: 'Create room' }).waitFor();
  await ada.page.waitForFunction(() => window.__locks.every((l) => l.released));
  assert.deepEqual(await locks(), ['screen released', 'screen released'], 'let go');
  assert.deepEqual(ada.problems, []);
  await ada.context.close();
});

test('an online table sounds like the solo one: a move makes its sound once the player has touched the page, and its bar\'s Sound switch silences it', async () => {
  const ada = await openPage(browser, { viewport: PHONE, isMobile: true, hasTouch: true });
  // Count the notes the page starts.
  await countNotes(ada.page);
  await createRoom(ada.page, ['easy']);
  await ada.page.getByRole('button', { name: 'Start the game' }).tap();
  await ada.page.locator('.hand .card').first().waitFor();
  for (let guard = 0; guard < 100 && !await myTurn(ada.page); guard++) await ada.page.waitForTimeout(100);
  await takeTurn(ada.page, { touch: true });
  await ada.page.waitForFunction(() => window.notes > 0, null, { timeout: 5000 });
  const sound = ada.page.getByRole('button', { name: 'Sound' });
  assert.equal(await sound.getAttribute('aria-pressed'), 'true');
  await sound.tap();
  assert.equal(await sound.getAttribute('aria-pressed'), 'false');
  assert.equal(await ada.page.evaluate(() => localStorage.getItem('uno-table.sound')), 'off', 'kept, as the solo page keeps it');
  // Silent now: another turn of hers and the bot's answer to it play no note.
  const heard = await ada.page.evaluate(() => window.notes);
  for (let guard = 0; guard < 100 && !await myTurn(ada.page); guard++) await ada.page.waitForTimeout(100);
  const before = await ada.page.locator('.log li').count();
  await takeTurn(ada.page, { touch: true });
  await ada.page.waitForFunction((n) => document.querySelectorAll('.log li').length >= n + 2, before, { timeout: 5000 });
  assert.equal(await ada.page.evaluate(() => window.notes), heard, 'no note with Sound off');
  assert.deepEqual(ada.problems, []);
  await ada.context.close();
});

test('a seat given up elsewhere is said in a player\'s words when this browser tries to take it back', async () => {
  const { ada, bo, code } = await adaAndBo();
  // Bo's phone keeps the token; Bo leaves from another of his devices (here: this one, the
  // token copied first), so the seat is freed.
  const token = await bo.page.evaluate((c) => localStorage.getItem(`uno-table.room.${c}`), code);
  await bo.page.getByRole('button', { name: 'Leave room' }).click();
  await bo.page.getByRole('button', { name: 'Create room' }).waitFor();
  await bo.page.evaluate(([c, t]) => {
    localStorage.setItem(`uno-table.room.${c}`, t);
    localStorage.setItem('uno-table.last-room', c);
  }, [code, token]);
  await bo.page.goto(`${url}/?room=${code}`);
  await bo.page.getByText(`Your seat in room ${code} is no longer yours (it was given up). Join the room again to take a free seat.`).waitFor();
  assert.equal(await bo.page.evaluate((c) => localStorage.getItem(`uno-table.room.${c}`), code), null, 'the token is forgotten');
  assert.equal(await bo.page.locator('.seat-kept').count(), 0, 'no seat offered back');
  // Joining again takes a free seat.
  await bo.page.getByLabel('Your name').fill('Bo');
  await bo.page.getByRole('button', { name: 'Join', exact: true }).click();
  await bo.page.getByText('Waiting for Ada to start the game.').waitFor();
  assert.deepEqual(ada.problems, []);
  assert.deepEqual(bo.problems, []);
  await ada.context.close();
  await bo.context.close();
});

test('the room\'s creator frees a friend\'s seat, in the lobby or the game: the friend watches and is told so, and another takes the seat; with the creator gone, a friend frees hers', async () => {
  const { ada, bo, code } = await adaAndBo();
  // Ada, waiting in the lobby, heard Bo come in without looking.
  await ada.page.locator('.seat-news', { hasText: 'Bo joined.' }).waitFor({ state: 'attached' });
  // Only the creator may free a seat, and only another person's.
  assert.equal(await bo.page.locator('.free-seat').count(), 0);
  assert.equal(await ada.page.locator('.free-seat').count(), 1);
  assert.deepEqual(await axeViolations(ada.page), []);
  await ada.page.getByRole('button', { name: 'Free seat of Bo' }).click();
  await ada.page.getByText('Seat 2: free seat: a bot plays it').waitFor();
  assert.equal(await ada.page.locator('.free-seat').count(), 0);

  await bo.page.getByText('Ada freed your seat: you are watching. Join the room again to take a free seat.').waitFor();
  await bo.page.getByText('Waiting for Ada to start the game.').waitFor();
  assert.equal(await bo.page.getByText('(you)').count(), 0, 'no seat is his');
  assert.deepEqual(await bo.page.evaluate((c) => [localStorage.getItem(`uno-table.room.${c}`), localStorage.getItem('uno-table.last-room')], code),
    [null, null], 'the token is forgotten, and no seat is offered back');

  // Bo is offered the free seat back; Cy, who opens the link, takes it first.
  const takeSeat = bo.page.getByRole('button', { name: 'Take a free seat as Bo' });
  await takeSeat.waitFor();
  const cy = await openPage(browser, { viewport: PHONE });
  await joinRoom(cy.page, code, 'Cy');
  await ada.page.getByText('Cy: connected').waitFor();
  await takeSeat.waitFor({ state: 'detached' });
  // The game starts, and Bo watches it without a hand.
  await ada.page.getByRole('button', { name: 'Start the game' }).click();
  await cy.page.locator('.hand .card').first().waitFor();
  await bo.page.locator('.watching').waitFor();
  await bo.page.locator('.opponent', { hasText: 'Cy' }).waitFor();
  assert.equal(await bo.page.locator('.hand .card').count(), 0);

  // In the middle of the game Cy goes for good without leaving; Ada frees her seat from the
  // room's Rules (its seats come first there), and Bo, watching, takes it from the same list,
  // hand and all.
  await ada.page.getByRole('button', { name: 'Rules' }).click();
  await ada.page.locator('.rules h3', { hasText: 'Seats' }).waitFor();
  await ada.page.getByRole('button', { name: 'Free seat of Cy' }).click();
  await ada.page.getByText('Seat 2: free seat: a bot plays it').waitFor();
  await cy.page.getByText('Ada freed your seat', { exact: false }).waitFor();
  await cy.page.locator('.watching').waitFor();
  assert.equal(await cy.page.locator('.hand .card').count(), 0);
  await ada.page.getByRole('button', { name: 'Back to the table' }).first().click();
  await bo.page.getByRole('button', { name: 'Rules' }).click();
  await bo.page.getByRole('button', { name: 'Take a free seat as Bo' }).click();
  await bo.page.locator('.hand .card').first().waitFor();
  await ada.page.locator('.opponent', { hasText: 'Bo' }).waitFor();
  assert.ok(await bo.page.evaluate((c) => localStorage.getItem(`uno-table.room.${c}`), code), 'his token kept');

  // Ada goes for good without leaving. With no one at the creator's seat, Bo (seated) may free
  // a seat whose holder is away too: hers. Cy, watching, takes it, and is the room's creator.
  assert.deepEqual(ada.problems, []);
  await ada.context.close();
  await bo.page.getByRole('button', { name: 'Rules' }).click();
  await bo.page.getByText('Ada: away', { exact: false }).waitFor();
  await bo.page.getByRole('button', { name: 'Free seat of Ada' }).click();
  await bo.page.getByText('Seat 1: free seat: a bot plays it').waitFor();
  assert.equal(await bo.page.locator('.free-seat').count(), 0, 'Cy watches; Bo is himself');
  await cy.page.getByRole('button', { name: 'Rules' }).click();
  await cy.page.getByRole('button', { name: 'Take a free seat as Cy' }).click();
  await cy.page.locator('.hand .card').first().waitFor();
  await cy.page.getByRole('button', { name: 'Rules' }).click();
  await cy.page.getByText('Cy (you): connected').waitFor();
  assert.equal(await cy.page.locator('.free-seat').count(), 1, 'the creator may free Bo');
  for (const p of [bo, cy]) {
    assert.deepEqual(p.problems, []);
    await p.context.close();
  }
});

test('a seat given up from another tab of the same browser: the first tab watches and says so', async () => {
  const { ada, bo, code } = await adaAndBo();
  // Bo opens the room's link in a second tab: the kept token takes the same seat back.
  const second = await bo.context.newPage();
  await second.goto(`${url}/?room=${code}`);
  await second.getByText('Bo (you): connected').waitFor();
  await second.getByRole('button', { name: 'Leave room' }).click();
  await bo.page.getByText('Your seat was given up from another of your devices: you are watching. Join the room again to take a free seat.').waitFor();
  await ada.page.getByText('Seat 2: free seat: a bot plays it').waitFor();
  assert.deepEqual(ada.problems, []);
  assert.deepEqual(bo.problems, []);
  await ada.context.close();
  await bo.context.close();
});

test('the lobby hands its link on: to the clipboard, over plain http too, and through a phone\'s share sheet', async () => {
  const createLinked = async (page) => {
    const code = await createRoom(page, ['medium']);
    const link = await page.getByLabel('Link to this room', { exact: true }).inputValue();
    assert.equal(link, `${url}/?room=${code}`);
    return { code, link };
  };
  // Where the page may use the Clipboard API (https, localhost): the link is on the clipboard.
  const secure = await openPage(browser, { viewport: PHONE, permissions: ['clipboard-read', 'clipboard-write'] });
  await secure.page.addInitScript(() => { delete Navigator.prototype.share; });
  const first = await createLinked(secure.page);
  assert.equal(await secure.page.getByRole('button', { name: 'Share…' }).count(), 0, 'no share sheet, no Share button');
  // "Link copied." comes into a live area that was there, empty, before it (a screen reader
  // reads a change there; one inserted with its words not every screen reader reads).
  const liveArea = secure.page.locator('.lobby [role=status]');
  assert.equal(await liveArea.textContent(), '');
  await liveArea.evaluate((area) => { area.dataset.before = 'yes'; });
  await secure.page.getByRole('button', { name: 'Copy link' }).click();
  await secure.page.getByText('Link copied.').waitFor();
  assert.equal(await secure.page.getByRole('status').filter({ hasText: 'Link copied.' }).getAttribute('data-before'), 'yes');
  assert.equal(await secure.page.evaluate(() => navigator.clipboard.readText()), first.link);

  // A game on the LAN over plain http has no Clipboard API: the link is copied all the same;
  // a phone's share sheet gets the room's link and name.
  const lan = await openPage(browser, { viewport: PHONE });
  await lan.page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined, configurable: true });
    Navigator.prototype.share = function (data) { window.__shared = { title: data.title, url: data.url }; return Promise.resolve(); };
    document.addEventListener('copy', () => {
      const field = document.querySelector('.share input');
      window.__copied = field.value.slice(field.selectionStart, field.selectionEnd);
    });
  });
  const second = await createLinked(lan.page);
  await lan.page.getByRole('button', { name: 'Copy link' }).click();
  await lan.page.getByText('Link copied.').waitFor();
  assert.equal(await lan.page.evaluate(() => window.__copied), second.link);
  assert.deepEqual(await axeViolations(lan.page), [], 'the lobby with Share');
  await lan.page.getByRole('button', { name: 'Share…' }).click();
  await lan.page.waitForFunction(() => window.__shared);
  assert.deepEqual(await lan.page.evaluate(() => window.__shared), { title: `UNO Table: room ${second.code}`, url: second.link });
  await screenshot(lan.page, 'online-lobby-share-phone');
  for (const p of [secure, lan]) {
    assert.deepEqual(p.problems, []);
    await p.context.close();
  }
});

test('the lobby shows the room\'s link as a QR code a phone\'s camera reads, but not at a loopback address', async () => {
  // At 127.0.0.1 the link opens on this machine alone: no QR code to mislead a friend's phone.
  const here = await openPage(browser, { viewport: PHONE });
  await createRoom(here.page, ['easy']);
  assert.equal(await here.page.locator('.room-qr').count(), 0);
  await here.page.locator('.this-machine').getByText('A lobby opened at that address shows its link as a QR code as well.').waitFor();
  await here.context.close();
  // The same server named as a LAN host would be (a name mapped to 127.0.0.1: nothing leaves
  // this machine).
  const lan = await launch({ args: ['--host-resolver-rules=MAP uno-host.test 127.0.0.1'] });
  try {
    const { page, problems } = await openPage(lan, { viewport: PHONE });
    await page.goto(`${url.replace('127.0.0.1', 'uno-host.test')}/?online`);
    await page.getByLabel('Your name').fill('Ada');
    await page.getByRole('button', { name: 'Create room' }).click();
    const link = await page.getByLabel('Link to this room', { exact: true }).inputValue();
    assert.match(link, /^http:\/\/uno-host\.test:\d+\/\?room=[A-Z0-9]{6}$/);
    const code = page.getByRole('img', { name: 'QR code of the link to this room' });
    assert.equal(await code.isVisible(), false, 'folded until asked for');
    await page.getByText('Show a QR code').click();
    await code.waitFor();
    await page.getByText('Hide the QR code').waitFor();
    const box = await code.boundingBox();
    assert.ok(box.width >= 200 && box.x >= 0 && box.x + box.width <= PHONE.width, JSON.stringify(box));
    await screenshot(page, 'online-lobby-qr');
    assert.deepEqual(await axeViolations(page), []);
    // Read as a camera would: the drawing's pixels, decoded by jsQR.
    const pixels = await code.evaluate(async (svg) => {
      const image = new Image();
      image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
      await image.decode();
      const canvas = Object.assign(document.createElement('canvas'), { width: 330, height: 330 });
      const g = canvas.getContext('2d');
      g.drawImage(image, 0, 0, 330, 330);
      return Array.from(g.getImageData(0, 0, 330, 330).data);
    });
    const read = jsQR(Uint8ClampedArray.from(pixels), 330, 330);
    assert.equal(read?.data, link);
    assert.deepEqual(problems, []);
  } finally {
    await lan.close();
  }
});

test('a room whose creator went away before the start can still be played: anyone seated starts, and frees her seat, which a watcher takes under the name she gave', async () => {
  const ada = await openPage(browser, { viewport: PHONE });
  const code = await createRoom(ada.page, ['human', 'easy']);
  const bo = await openPage(browser, { viewport: PHONE });
  await joinRoom(bo.page, code, 'Bo');
  await bo.page.getByText('Waiting for Ada to start the game.').waitFor();
  assert.equal(await bo.page.getByRole('button', { name: 'Start the game' }).count(), 0, 'Ada is here: she starts');
  // Ada's phone is gone (closed, asleep): Bo may start, and a bot plays her seat meanwhile.
  await ada.context.close();
  await bo.page.getByText('Ada is away: anyone seated may start.').waitFor();
  // A screen reader hears it without looking at the list (a polite live region).
  await bo.page.locator('.seat-news', { hasText: 'Ada is away.' }).waitFor({ state: 'attached' });
  // She is not coming back: Bo frees her seat too, for a friend who comes late, by keyboard;
  // focus stays on her seat's row, which the button leaves, and the live region says so.
  await bo.page.getByRole('button', { name: 'Free seat of Ada' }).focus();
  await bo.page.keyboard.press('Enter');
  await bo.page.getByText('No one holds seat 1, the creator\'s: anyone seated may start.').waitFor();
  await bo.page.getByText('Seat 1: free seat: a bot plays it').waitFor();
  assert.match(await bo.page.evaluate(() => document.activeElement.textContent), /Seat 1: free seat: a bot plays it/);
  await bo.page.locator('.seat-news', { hasText: "Ada's seat is free: a bot plays it." }).waitFor({ state: 'attached' });
  await bo.page.getByRole('button', { name: 'Start the game' }).click();
  await bo.page.waitForFunction(() => document.querySelectorAll('.hand .card').length >= 7);
  // Eve gave her name and chose Watch: she is offered the free seat under that name.
  const eve = await openPage(browser, { viewport: PHONE });
  await eve.page.goto(`${url}/?online`);
  await eve.page.getByLabel('Your name').fill('Eve');
  await eve.page.getByLabel('Room code').fill(code);
  await eve.page.getByRole('button', { name: 'Watch' }).click();
  await eve.page.locator('.online-strip .watching').waitFor();
  await eve.page.getByRole('button', { name: 'Rules' }).click();
  await eve.page.getByRole('button', { name: 'Take a free seat as Eve' }).click();
  await eve.page.locator('.hand .card').first().waitFor();
  await bo.page.locator('.seat-news', { hasText: 'Eve joined.' }).waitFor({ state: 'attached' });
  for (const p of [bo, eve]) {
    assert.deepEqual(p.problems, []);
    await p.context.close();
  }
});

test('a watcher who never gave a name gives one beside the seats and takes the free seat; a name the table holds is asked again', async () => {
  const ada = await openPage(browser, { viewport: PHONE });
  const code = await createRoom(ada.page, ['human']);
  // Fay opens the app fresh (no name kept in her browser) and watches.
  const fay = await openPage(browser, { viewport: PHONE });
  await fay.page.goto(`${url}/?online`);
  await fay.page.getByLabel('Room code').fill(code);
  await fay.page.getByRole('button', { name: 'Watch' }).click();
  await fay.page.getByText('Seat 2: free seat: a bot plays it').waitFor();
  const take = fay.page.getByRole('button', { name: 'Take a free seat', exact: true });
  await take.click();
  const problem = fay.page.locator('#take-seat-problem');
  await problem.getByText('Please give your name first.').waitFor();
  // The field is where she types next, by keyboard alone; what is wrong is under it, in view
  // on her phone, and the field names it to a screen reader.
  assert.equal(await fay.page.evaluate(() => document.activeElement.closest('label')?.textContent), 'Your name ');
  const field = fay.page.getByLabel('Your name');
  assert.equal(await field.getAttribute('aria-describedby'), 'take-seat-problem');
  assert.equal(await field.getAttribute('aria-invalid'), 'true');
  const [fieldBox, problemBox] = [await field.boundingBox(), await problem.boundingBox()];
  assert.ok(problemBox.y >= fieldBox.y + fieldBox.height, `under the field: ${JSON.stringify([fieldBox, problemBox])}`);
  assert.ok(problemBox.y + problemBox.height <= PHONE.height, `in view: ${JSON.stringify(problemBox)}`);
  assert.deepEqual(await axeViolations(fay.page), [], 'the name asked again');
  // A name someone at the table already has is asked again (any case).
  await fay.page.keyboard.type('ADA');
  await fay.page.keyboard.press('Enter');
  await problem.getByText('ADA is already at this table: please give another name.').waitFor();
  assert.equal(await fay.page.evaluate(() => document.activeElement.value), 'ADA');
  assert.equal(await fay.page.getByText('Fay (you)').count(), 0);
  // A browser that kept a name the table already holds is not offered the seat under it.
  const other = await openPage(browser, { viewport: PHONE });
  await other.context.addInitScript(() => localStorage.setItem('uno-table.name', 'Ada'));
  await other.page.goto(`${url}/?online`);
  await other.page.getByLabel('Room code').fill(code);
  await other.page.getByRole('button', { name: 'Watch' }).click();
  await other.page.locator('#take-seat-problem', { hasText: 'Ada is already at this table: please give another name.' }).waitFor();
  assert.equal(await other.page.getByLabel('Your name').inputValue(), 'Ada');
  assert.equal(await other.page.getByRole('button', { name: /Take a free seat as/ }).count(), 0);
  await fay.page.keyboard.press('Control+A');
  await fay.page.keyboard.type('Fay');
  await fay.page.keyboard.press('Enter');
  await fay.page.getByText('Fay (you): connected').waitFor();
  await ada.page.getByText('Fay: connected').waitFor();
  await ada.page.locator('.seat-news', { hasText: 'Fay joined.' }).waitFor({ state: 'attached' });
  assert.equal(await fay.page.getByLabel('Your name').count(), 0, 'seated: no name asked');
  assert.equal(await fay.page.evaluate(() => localStorage.getItem('uno-table.name')), 'Fay');
  for (const p of [ada, fay, other]) {
    assert.deepEqual(p.problems, []);
    await p.context.close();
  }
});

test('a room the server no longer has (restarted on another file) sends its players home with the reason', async () => {
  // A server of this test's own, started again on the same port with an empty file.
  const first = await startServer('first.sqlite', ['--bot-delay-ms', '150']);
  const ada = await openPage(browser, { viewport: PHONE });
  const code = await createRoom(ada.page, ['easy'], first.url);
  await ada.page.getByRole('button', { name: 'Start the game' }).click();
  await ada.page.locator('.hand .card').first().waitFor();
  first.process.kill();
  await new Promise((r) => first.process.on('exit', r));
  const second = await startServer('other.sqlite', ['--bot-delay-ms', '150'], first.port);
  // The page reconnects, its resume is refused: the home page, the reason, the code to join.
  await ada.page.getByText('There is no room with that code.').waitFor({ timeout: 20000 });
  await ada.page.getByRole('button', { name: 'Create room' }).waitFor();
  assert.equal(await ada.page.locator('.hand').count(), 0, 'no table frozen on screen');
  assert.equal(await ada.page.evaluate((c) => localStorage.getItem(`uno-table.room.${c}`), code), null, 'the token is forgotten');
  // The page's own reconnect attempts while the server was down are expected.
  assert.ok(ada.problems.every((p) => /WebSocket|ERR_CONNECTION_REFUSED/.test(p)), ada.problems.join('\n'));
  await ada.context.close();
  second.process.kill();
});

test('a site on a static host with its rooms elsewhere: the room\'s link names that server, so a friend who opens it joins', async () => {
  const site = await serve(DIST);
  // The room server of this test, which lets the static site's pages in (--allow-origin).
  const rooms = await startServer('elsewhere.sqlite', ['--allow-origin', site.url.replace(/\/$/, '')]);
  try {
    const ws = `${rooms.url.replace('http://', 'ws://')}/ws`;
    const ada = await openPage(browser, { viewport: PHONE });
    await ada.page.goto(`${site.url.replace(/\/$/, '')}/?online&server=${encodeURIComponent(ws)}`);
    await ada.page.getByLabel('Your name').fill('Ada');
    await ada.page.getByLabel('Seats').selectOption('2');
    await ada.page.getByLabel('Seat 2').selectOption('human');
    await ada.page.getByRole('button', { name: 'Create room' }).click();
    const code = (await ada.page.locator('.lobby .room-code').textContent()).trim();
    const link = await ada.page.getByLabel('Link to this room', { exact: true }).inputValue();
    assert.equal(link, `${site.url.replace(/\/$/, '')}/?room=${code}&server=${encodeURIComponent(ws)}`);
    // Bo's browser has never heard of that server: the link is all it knows.
    const bo = await openPage(browser, { viewport: PHONE });
    await bo.page.goto(link);
    await bo.page.getByLabel('Your name').fill('Bo');
    await bo.page.getByRole('button', { name: 'Join', exact: true }).click();
    await bo.page.locator('.lobby').getByText('Bo (you): connected').waitFor();
    await ada.page.locator('.lobby').getByText('Bo: connected').waitFor();
    // Bo closes the tab, and later opens the site as he knows it, with no server named: from
    // the New game screen, and from the online home, his seat is taken back on its own server.
    for (const [address, back] of [['/', 'link'], ['/?online', 'button']]) {
      await bo.page.close();
      bo.page = await bo.context.newPage();
      bo.page.on('pageerror', (e) => bo.problems.push(`page error: ${e.message}`));
      await bo.page.goto(`${site.url.replace(/\/$/, '')}${address}`);
      await bo.page.getByRole(back, { name: 'Back to your seat' }).click();
      await bo.page.locator('.lobby').getByText('Bo (you): connected').waitFor();
      assert.match(bo.page.url(), new RegExp(`\\?room=${code}&server=`));
    }
    for (const p of [ada, bo]) {
      assert.deepEqual(p.problems, []);
      await p.context.close();
    }
  } finally {
    rooms.process.kill();
    await site.close();
  }
});

test('a room\'s link without a server opens the room on the site\'s own, whatever server this browser was told of before', async () => {
  const ada = await openPage(browser, { viewport: PHONE });
  const code = await createRoom(ada.page, ['human']);
  const bo = await openPage(browser, { viewport: PHONE });
  // Bo once named a room server of his own (a closed port here) under "Room server".
  await bo.context.addInitScript(() => localStorage.setItem('uno-table.server', 'ws://127.0.0.1:9/ws'));
  await joinRoom(bo.page, code, 'Bo');
  await bo.page.locator('.lobby').getByText('Bo (you): connected').waitFor();
  await ada.page.locator('.lobby').getByText('Bo: connected').waitFor();
  for (const p of [ada, bo]) {
    assert.deepEqual(p.problems, []);
    await p.context.close();
  }
});

test('a join refused by a full room leaves the focus on the form\'s heading, and Watch is a few keys away', async () => {
  const ada = await openPage(browser, { viewport: PHONE });
  const code = await createRoom(ada.page, ['medium']);
  const bo = await openPage(browser, { viewport: PHONE });
  await bo.page.goto(`${url}/?room=${code}`);
  await bo.page.getByLabel('Your name').fill('Bo');
  await bo.page.getByLabel('Your name').press('Enter');
  await bo.page.getByRole('alert').filter({ hasText: 'This room has no free seat; you can watch it.' }).waitFor();
  assert.equal(await bo.page.evaluate(() => document.activeElement?.textContent), 'Play with friends');
  for (let i = 0; i < 8 && await bo.page.evaluate(() => document.activeElement?.textContent) !== 'Watch'; i++) {
    await bo.page.keyboard.press('Tab');
  }
  await bo.page.keyboard.press('Enter');
  await bo.page.getByRole('heading', { name: `Room ${code}` }).waitFor();
  assert.equal(await bo.page.evaluate(() => document.activeElement?.textContent), `Room ${code}`);
  for (const p of [ada, bo]) {
    assert.deepEqual(p.problems, []);
    await p.context.close();
  }
});

test('a static site with no room server says so clearly', async () => {
  const { page, context, problems } = await openPage(browser, { viewport: PHONE });
  // A server address where nothing listens (loopback, a closed port).
  await page.goto(`${url}/?online&server=${encodeURIComponent('ws://127.0.0.1:9/ws')}`);
  await page.getByLabel('Your name').fill('Ada');
  await page.getByRole('button', { name: 'Create room' }).click();
  await page.getByText(/No room server answers at ws:\/\/127\.0\.0\.1:9\/ws/).waitFor();
  // Said for a player, who has no README: who to ask, or where to name another server.
  await page.getByText('ask whoever runs this site, or name another under Room server below.').waitFor();
  // The form came back after "Connecting…": the focus is on its heading, not lost on the body.
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Play with friends');
  assert.ok(problems.every((p) => /WebSocket|ERR_CONNECTION_REFUSED/.test(p)), problems.join('\n'));
  await context.close();
});

test('an external bot takes a friend\'s seat through bots/room-bot.mjs and plays its turns', async () => {
  const ada = await openPage(browser, { viewport: PHONE });
  const code = await createRoom(ada.page, ['human']);
  // As the README says to run it, with the example bot (Node 20 needs
  // --experimental-websocket; a Node with WebSocket built in, as this runner's then is, not).
  const flags = typeof WebSocket === 'undefined' ? ['--experimental-websocket'] : [];
  const robo = spawn(process.execPath, [...flags, join(ROOT, 'bots', 'room-bot.mjs'),
    `${url.replace('http://', 'ws://')}/ws`, code, 'Robo', 'python3', join(ROOT, 'bots', 'example-bot.py')],
  { stdio: ['ignore', 'ignore', 'pipe'] });
  let said = '';
  robo.stderr.on('data', (d) => { said += d.toString(); });
  try {
    await ada.page.locator('.lobby').getByText('Robo: connected').waitFor();
    await ada.page.getByRole('button', { name: 'Start the game' }).click();
    await ada.page.locator('.hand .card').first().waitFor();
    for (let guard = 0; guard < 600 && !await roundOver(ada.page); guard++) {
      if (await myTurn(ada.page)) await takeTurn(ada.page);
      await ada.page.waitForTimeout(60);
    }
    assert.ok(await roundOver(ada.page), 'the round was played to its end');
    // Robo took turns of its own (the log says what each seat did), not a bot of the server.
    const log = await ada.page.locator('.log li').allTextContents();
    assert.ok(log.some((line) => /^Robo (plays|draws|drew)/.test(line)), log.join('\n'));
    assert.match(said, new RegExp(`seated at 1 in room ${code}`));
    assert.deepEqual(ada.problems, []);
  } finally {
    robo.kill();
    await ada.context.close();
  }
});

test('a full server says so: on the home form, and to a seat trying to come back, which comes back when there is room', async () => {
  // A server of this test's own that holds two connections.
  const full = await startServer('full.sqlite', ['--max-connections', '2']);
  const site = full.url;
  const pages = [];
  try {
    const ada = await openPage(browser, { viewport: PHONE });
    const bo = await openPage(browser, { viewport: PHONE });
    const eve = await openPage(browser, { viewport: PHONE });
    pages.push(ada, bo, eve);
    await bo.page.addInitScript(watchSockets);
    const code = await createRoom(ada.page, ['human'], site);
    await bo.page.goto(`${site}/?room=${code}`);
    await bo.page.getByLabel('Your name').fill('Bo');
    await bo.page.getByRole('button', { name: 'Join', exact: true }).click();
    await ada.page.getByText('Bo: connected').waitFor();
    // A third connection: Eve, who only wants to watch, is told why she cannot.
    await eve.page.goto(`${site}/?room=${code}`);
    await eve.page.getByRole('button', { name: 'Watch', exact: true }).click();
    await eve.page.locator('.notice[role="alert"]').getByText('The server is full; try again later.').waitFor();
    // Bo's line drops and cannot come back at once (his tries fail) while Eve takes the place.
    await bo.page.evaluate(() => { window.__refuse = true; window.__sockets.at(-1).close(); });
    await ada.page.getByText('Bo: away').waitFor();
    await eve.page.getByRole('button', { name: 'Watch', exact: true }).click();
    await eve.page.locator('.lobby').waitFor();
    await bo.page.evaluate(() => { window.__refuse = false; });
    // His next try reaches the server, which is full: he reads why he is not back.
    await bo.page.getByText(/^Reconnecting… \(try \d+\): The server is full; try again later\.$/).first().waitFor({ timeout: 20000 });
    // His own row says so too, not the "connected" of the last room message he had.
    await bo.page.locator('.lobby').getByText('Bo (you): reconnecting…').waitFor();
    // Read as easily as any notice (its text was once dark on dark brown).
    assert.deepEqual(await axeViolations(bo.page), []);
    await screenshot(bo.page, 'online-full-reconnecting-phone');
    assert.ok(await bo.page.evaluate(() => localStorage.getItem('uno-table.room.' + location.search.match(/room=(\w+)/)[1])), 'his seat is kept');
    // Eve goes: Bo is back at his seat, and the notice is gone.
    await eve.context.close();
    pages.pop();
    await ada.page.getByText('Bo: connected').waitFor({ timeout: 20000 });
    await bo.page.locator('.lobby').getByText('Bo (you): connected').waitFor();
    assert.equal(await bo.page.getByText(/Reconnecting/).count(), 0);
    assert.deepEqual(ada.problems, []);
  } finally {
    for (const p of pages) await p.context.close();
    full.process.kill();
  }
});

test('a line the server closes before it answers says so, and an answer it gave stays said', async () => {
  // A room server that shuts the line on a page's hello, with no reason (a restart, a proxy
  // in between): the form said nothing, as if Watch had not been pressed.
  const { page, context, problems } = await openPage(browser, { viewport: PHONE });
  let answer = null;
  await page.routeWebSocket(/\/ws(\?|$)/, (ws) => {
    ws.onMessage(() => {
      if (answer) ws.send(JSON.stringify({ type: 'error', message: answer }));
      ws.close();
    });
  });
  await page.goto(`${url}/?room=ABCDEF`);
  const notice = page.locator('.notice[role="alert"]');
  await page.getByRole('button', { name: 'Watch', exact: true }).click();
  await notice.getByText('The room server closed the line before it answered; try again.').waitFor();
  // What the server did say, before it closed, is what the player reads.
  answer = 'There is no room with that code.';
  await page.getByRole('button', { name: 'Watch', exact: true }).click();
  await notice.getByText(answer).waitFor();
  await page.waitForTimeout(300);
  assert.equal(await notice.textContent(), answer);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the online home asks for a name and a code before it calls the server', async () => {
  const { page, context, problems } = await openPage(browser, { viewport: PHONE });
  const sockets = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  await page.goto(`${url}/?online`);
  const notice = page.locator('.notice[role="alert"]');
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await notice.getByText('Please give your name first.').waitFor();
  await page.getByLabel('Your name').fill('Ada');
  for (const button of ['Join', 'Watch']) {
    await page.getByLabel('Room code').fill('   ');
    await page.getByRole('button', { name: button, exact: true }).click();
    await notice.getByText("Please type the room's code first: the friend who made the room has it at the top of its lobby.").waitFor();
    const box = await notice.boundingBox();
    assert.ok(box.y >= 0 && box.y + box.height <= PHONE.height, `${button}: the sentence is in view`);
  }
  // Had Join or Watch called the server, a socket would have opened (the notice stays the
  // same sentence from one button to the other: the sockets tell them apart).
  assert.deepEqual(sockets, [], 'nothing was sent: there was nothing to ask');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a room\'s link: the name typed, Enter (a phone keyboard\'s Go) joins; with no code, Enter in the name asks nothing', async () => {
  const ada = await openPage(browser, { viewport: PHONE });
  const code = await createRoom(ada.page, ['human', 'human']);
  const bo = await openPage(browser, { viewport: PHONE, isMobile: true, hasTouch: true });
  await bo.page.goto(`${url}/?room=${code}`);
  await bo.page.getByLabel('Your name').fill('Bo');
  await bo.page.getByLabel('Your name').press('Enter');
  await ada.page.getByText('Bo: connected').waitFor();
  await bo.page.locator('.lobby').waitFor();
  // On the online home with no code, Enter after a name starts nothing: Join and Create
  // room are two forms, and which one is meant is the player's to say.
  const cleo = await openPage(browser, { viewport: PHONE });
  const sockets = [];
  cleo.page.on('websocket', (ws) => sockets.push(ws.url()));
  await cleo.page.goto(`${url}/?online`);
  await cleo.page.getByLabel('Your name').fill('Cleo');
  await cleo.page.getByLabel('Your name').press('Enter');
  await cleo.page.waitForTimeout(300);
  assert.deepEqual(sockets, []);
  assert.equal(await cleo.page.locator('.notice').count(), 0);
  // A code typed makes Enter in the name join that room too.
  await cleo.page.getByLabel('Room code').fill(code.toLowerCase());
  await cleo.page.getByLabel('Your name').press('Enter');
  await ada.page.getByText('Cleo: connected').waitFor();
  for (const { problems } of [ada, bo, cleo]) assert.deepEqual(problems, []);
  for (const { context } of [ada, bo, cleo]) await context.close();
});

test('a site whose room server does not take its pages says why, and keeps the form', async () => {
  // The site on a static host of its own; this file's room server was not told of it
  // (--allow-origin), as a host may forget.
  const site = await serve(DIST);
  try {
    const { page, context, problems } = await openPage(browser, { viewport: PHONE });
    // The room server named under "Room server" as a host would say it: its host and port.
    await page.goto(`${site.url.replace(/\/$/, '')}/?online`);
    await page.getByText('Room server').click();
    const address = page.getByLabel('Address');
    await address.fill(url.replace('http://', ''));
    await address.press('Tab');
    // Read as the WebSocket address it is (the page's kind of scheme, the server's /ws).
    assert.equal(await address.inputValue(), `${url.replace('http://', 'ws://')}/ws`);
    await page.getByLabel('Your name').fill('Ada');
    await page.getByText('House rules and timers').click();
    await page.getByLabel('Jump-in').check();
    await page.getByRole('button', { name: 'Create room' }).click();
    await page.getByText('Pages from this site may not open rooms on this server (its host can allow them with --allow-origin).').waitFor();
    assert.equal(await page.locator('.lobby').count(), 0);
    assert.equal(await page.getByLabel('Your name').inputValue(), 'Ada', 'the form is kept');
    // So are the folds the player opened: the address to mend is in sight, as is the rule ticked.
    assert.ok(await address.isVisible(), 'Room server is still open');
    assert.ok(await page.getByLabel('Jump-in').isVisible(), 'House rules and timers is still open');
    assert.ok(await page.getByLabel('Jump-in').isChecked());
    assert.equal(await page.getByText(/No room server answers/).count(), 0);
    // Said where the player looks, though Create room is far down a phone's page.
    const notice = await page.locator('.notice[role="alert"]').boundingBox();
    assert.ok(notice.y >= 0 && notice.y + notice.height <= PHONE.height, JSON.stringify(notice));
    assert.deepEqual(await axeViolations(page), []);
    await screenshot(page, 'online-origin-refused-phone');
    assert.deepEqual(problems, []);
    await context.close();
  } finally {
    await site.close();
  }
});

test('the online home reads like New game on a phone: each field under its name, the column\'s width, Join and Watch apart', async () => {
  const { page, context, problems } = await openPage(browser, { viewport: PHONE });
  await page.goto(`${url}/?online`);
  await page.getByText('House rules and timers').click();
  const box = async (locator) => locator.boundingBox();
  const column = await box(page.getByLabel('Your name'));
  assert.ok(column.width >= 300, `the name field is ${column.width} px wide`);
  for (const name of ['Your name', 'Room code', 'Edition', 'Seats', 'Scoring', 'Turn timer']) {
    const label = page.locator('label.field', { hasText: new RegExp(`^${name}`) }).first();
    const field = await box(label.locator('input, select'));
    const named = await box(label);
    assert.ok(Math.abs(field.x - column.x) < 1 && Math.abs(field.width - column.width) < 1, `${name}: ${JSON.stringify(field)} against ${JSON.stringify(column)}`);
    assert.ok(field.y >= named.y + 14, `${name}'s field stands under its name`);
    assert.ok(field.height >= 44, `${name}: ${field.height} px tall`);
  }
  const join = await box(page.getByRole('button', { name: 'Join', exact: true }));
  const watch = await box(page.getByRole('button', { name: 'Watch', exact: true }));
  assert.ok(watch.x - (join.x + join.width) >= 8, `Join and Watch ${watch.x - (join.x + join.width)} px apart`);
  assert.ok(Math.abs(join.height - watch.height) < 1, `Join ${join.height} px and Watch ${watch.height} px tall`);
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems, []);
  await context.close();
});

test('names of twenty letters and no space wrap on the narrowest phone: lobby and table never widen the page', async () => {
  const narrow = { viewport: { width: 320, height: 568 }, isMobile: true, hasTouch: true };
  const [long, other] = ['W'.repeat(20), 'M'.repeat(20)];
  const ada = await openPage(browser, narrow);
  await ada.page.goto(`${url}/?online`);
  await ada.page.getByLabel('Your name').fill(long);
  await ada.page.getByLabel('Seats').selectOption('2');
  await ada.page.getByRole('button', { name: 'Create room' }).click();
  const code = (await ada.page.locator('.lobby .room-code').textContent()).trim();
  const bo = await openPage(browser, narrow);
  await joinRoom(bo.page, code, other);
  await ada.page.getByText(`${other}: connected`).waitFor();
  // "Waiting for WWW… to start the game." on the friend's lobby, the seats on both.
  await bo.page.getByText(`Waiting for ${long} to start the game.`).waitFor();
  const wide = (page) => widerThan(page, 320);
  assert.equal(await wide(ada.page), 0, 'the creator\'s lobby');
  assert.equal(await wide(bo.page), 0, 'the friend\'s lobby');
  await ada.page.getByRole('button', { name: 'Start the game' }).click();
  for (const { page } of [ada, bo]) {
    await page.getByRole('list', { name: 'Your hand' }).waitFor();
    assert.equal(await wide(page), 0, 'the table');
  }
  assert.deepEqual([...ada.problems, ...bo.problems], []);
  await ada.context.close();
  await bo.context.close();
});
