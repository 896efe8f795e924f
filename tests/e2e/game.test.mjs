// Playing as a person does: links, the color picker by keyboard, symbol mode, saves, phones.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { ROOT, sharedSite, openPage, openPuzzle, axeViolations, screenshot, PUZZLE_PILE, recordScreenLocks, screenLocks } from './helpers.mjs';

const shared = sharedSite();

const COLORS = { R: 'Red', B: 'Blue', G: 'Green', Y: 'Yellow', P: 'Purple' };
const WILDS = { W: 'Wild', W4: 'Wild Draw Four', WG: 'Wild Power of Grayskull', WS: 'Wild Web Swing', WC: 'Wild Customizable' };
const RANKS = { S: 'Skip', R: 'Reverse', D2: 'Draw Two' };
/** A scenario-file card code in words, as the page names its buttons: "R7" -> "Red 7". */
function cardName(code) {
  if (WILDS[code]) return WILDS[code];
  const rank = code.slice(1);
  return `${COLORS[code[0]]} ${RANKS[rank] ?? rank}`;
}

function unocliDeal(edition, players, seed) {
  const out = execFileSync('cargo', ['run', '-q', '-p', 'unocli', '--', 'deal', '--edition', edition,
    '--players', String(players), '--seed', String(seed)], { cwd: ROOT });
  return JSON.parse(out);
}


async function handNames(page) {
  return page.getByRole('list', { name: 'Your hand' }).getByRole('button').evaluateAll(
    (buttons) => buttons.map((b) => b.querySelector('.visually-hidden').textContent));
}

/**
 * Opens the seeded 3-player link game with slow bots (1.4 s before each move, so none moves
 * while the test reads the table) and plays the player's first matching card. Returns the
 * hand after it.
 */
async function aGameOneMoveIn(page) {
  await page.goto(shared.site.url);
  await page.evaluate(() => localStorage.setItem('uno-table.options', JSON.stringify({ speed: 'slow' })));
  await page.goto(`${shared.site.url}?edition=classic&players=3&seed=26&level=easy`);
  await page.locator('.turn', { hasText: 'Your turn.' }).waitFor({ timeout: 20000 });
  await page.locator('.card.playable:not([data-card^="W"])').first().click();
  await page.locator('.log li', { hasText: /^You play / }).waitFor();
  return handNames(page);
}

test('a seeded link deals the same hand as unocli deal', async () => {
  const dealt = unocliDeal('masters', 5, 123);
  const { page, context, problems } = await openPage(shared.browser);
  await page.goto(`${shared.site.url}?edition=masters&players=5&seed=123&level=easy`);
  await page.getByRole('button', { name: 'Draw a card' }).waitFor();
  assert.deepEqual(await handNames(page), dealt.state.hands[0].map(cardName));
  const top = dealt.state.discard_pile.at(-1);
  assert.equal(await page.getByRole('img', { name: /^Top card/ }).getAttribute('aria-label'), `Top card: ${cardName(top)}`);
  assert.equal(await page.getByRole('list', { name: 'Opponents' }).getByRole('listitem').count(), 4);
  assert.deepEqual(problems, []);
  await context.close();
});

test('bad link parameters are named on screen and ignored', async () => {
  const { page, context, problems } = await openPage(shared.browser);
  await page.goto(`${shared.site.url}?edition=uno-flip&players=99&seed=5`);
  await page.getByRole('alert').filter({ hasText: 'Ignored in the link: edition=uno-flip (classic, classic-blank, masters, spider-man or coloradd), players=99 (2 to 10).' }).waitFor();
  // Still a game: the default edition and player count, from seed 5.
  const dealt = unocliDeal('classic', 4, 5);
  assert.deepEqual(await handNames(page), dealt.state.hands[0].map(cardName));
  assert.deepEqual(problems, []);
  await context.close();
});

test('the color picker is a modal dialog: it holds focus, picks by arrow or first letter, Escape cancels', async () => {
  // Seed 26: seat 0 plays first and holds a Wild.
  const { page, context, problems } = await openPage(shared.browser);
  await page.goto(`${shared.site.url}?edition=classic&players=4&seed=26&level=easy`);
  const wild = page.getByRole('button', { name: 'Wild', exact: true });
  const dialog = page.getByRole('dialog', { name: 'Choose a color' });
  const focused = () => page.evaluate(() => document.activeElement.textContent.trim());
  await wild.focus();
  await page.keyboard.press('Enter');
  await dialog.waitFor();
  await screenshot(page, 'color-picker');
  assert.deepEqual(await axeViolations(page), [], 'the picker');
  assert.equal(await focused(), 'Red', 'focus starts on the first color');
  // Tab goes round inside the dialog, both ways.
  for (const name of ['Blue', 'Green', 'Yellow', 'Cancel', 'Red']) {
    await page.keyboard.press('Tab');
    assert.equal(await focused(), name);
  }
  await page.keyboard.press('Shift+Tab');
  assert.equal(await focused(), 'Cancel');
  // The table behind cannot be touched: the point of a card in the hand is the dialog's.
  const box = await page.locator('.hand .card').first().boundingBox();
  assert.equal(await page.evaluate(([x, y]) => document.elementFromPoint(x, y).closest('dialog') !== null,
    [box.x + box.width / 2, box.y + box.height / 2]), true);
  // Escape cancels: no card is played, the Wild stays in the hand.
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await wild.count(), 1);
  assert.notEqual(await page.getByRole('img', { name: /^Top card/ }).getAttribute('aria-label'), 'Top card: Wild');
  // Arrows move between colors; a color's first letter picks it.
  await wild.focus();
  await page.keyboard.press('Enter');
  await dialog.waitFor();
  await page.keyboard.press('ArrowRight');
  assert.equal(await focused(), 'Blue');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await focused(), 'Red');
  await page.keyboard.press('g');
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('img', { name: 'Top card: Wild' }).waitFor();
  await page.locator('.current-color', { hasText: 'Green' }).waitFor();
  await page.locator('.log li', { hasText: 'You play Wild and name Green.' }).waitFor();
  assert.deepEqual(problems, []);
  await context.close();
});

test('symbol mode puts ColorADD symbols on the hand, the pile and the picker', async () => {
  const { page, context } = await openPage(shared.browser);
  await page.goto(shared.site.url);
  await page.getByText('More options').click();
  await page.getByLabel('ColorADD symbols').check();
  await page.goto(`${shared.site.url}?edition=classic&players=4&seed=26`);
  await page.getByRole('button', { name: 'Draw a card' }).waitFor();
  // Seven cards, six of them colored: two symbols on each colored card.
  assert.equal(await page.locator('.hand .coloradd').count(), 12);
  assert.equal(await page.locator('.hand .coloradd-red .coloradd-up').count() > 0, true);
  assert.equal(await page.locator('.discard-pile .coloradd').count(), 2);
  assert.equal(await page.locator('.current-color .coloradd').count(), 1);
  await page.getByRole('button', { name: 'Wild', exact: true }).click();
  const picker = page.getByRole('dialog', { name: 'Choose a color' });
  await picker.waitFor();
  for (const color of ['red', 'blue', 'green', 'yellow']) {
    assert.equal(await picker.locator(`.coloradd-${color}`).count(), 1, color);
  }
  await screenshot(page, 'symbols');
  await context.close();
});

test('a reload resumes the game where it was, even on a link\'s address', async () => {
  const { page, context, problems } = await openPage(shared.browser);
  const hand = await aGameOneMoveIn(page);
  // Once read, the link leaves the address: reloading must not deal the game again.
  assert.equal(new URL(page.url()).search, '');
  const top = await page.getByRole('img', { name: /^Top card/ }).getAttribute('aria-label');
  assert.equal(hand.length, 6, 'one card played from the seven dealt');
  await page.reload();
  await page.getByRole('button', { name: 'Draw a card' }).waitFor();
  assert.deepEqual(await handNames(page), hand);
  assert.equal(await page.getByRole('img', { name: /^Top card/ }).getAttribute('aria-label'), top);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a link that asks for no possible game is explained and the saved game resumes', async () => {
  const { page, context, problems } = await openPage(shared.browser);
  await page.goto(`${shared.site.url}?edition=classic&players=3&seed=26&level=easy`);
  await page.locator('.turn', { hasText: 'Your turn.' }).waitFor({ timeout: 20000 });
  const hand = await handNames(page);
  // Five Red 7s: a Classic deck holds two.
  const impossible = { edition: 'classic', setup: { hands: [['R7', 'R7', 'R7'], ['R7', 'R7']], discard_pile: ['R3'], turn: 0 } };
  await page.goto(`${shared.site.url}?scenario=${encodeURIComponent(JSON.stringify(impossible))}`);
  await page.getByRole('alert').filter({ hasText: /^The puzzle in the link is not a possible table: .+\.$/ }).waitFor();
  assert.deepEqual(await handNames(page), hand, 'the saved game, not a new one');
  await page.goto(`${shared.site.url}?colour=red`);
  await page.getByRole('alert').filter({ hasText: 'Ignored in the link: colour (unknown).' }).waitFor();
  assert.deepEqual(await handNames(page), hand);
  assert.deepEqual(problems, []);
  await context.close();
});

test('neither a link\'s game nor leaving the table costs the game in progress: it waits to be resumed', async () => {
  const { page, context, problems } = await openPage(shared.browser);
  const hand = await aGameOneMoveIn(page);
  // A friend's puzzle opens over it.
  const puzzle = { edition: 'classic', setup: { hands: [['G1', 'G2'], ['B5', 'B6']], discard_pile: ['G3'], turn: 0 } };
  await page.goto(`${shared.site.url}?scenario=${encodeURIComponent(JSON.stringify(puzzle))}`);
  await page.getByRole('alert').filter({ hasText: 'Your game in progress is kept: leave this table to resume it.' }).waitFor();
  assert.deepEqual(await handNames(page), ['Green 1', 'Green 2']);
  await page.getByRole('button', { name: 'Leave table' }).click();
  assert.equal(await page.getByRole('alert').count(), 0, 'nothing said from the table');
  // Focus went to the first thing to do on the New game screen (the Leave button is gone):
  // the game that waits.
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Resume your earlier game');
  await page.getByRole('button', { name: 'Resume your earlier game' }).click();
  await page.getByRole('button', { name: 'Draw a card' }).waitFor();
  assert.deepEqual(await handNames(page), hand);
  assert.equal(hand.length, 6);
  assert.equal(await page.evaluate(() => localStorage.getItem('uno-table.game.earlier')), null, 'resumed, no longer waiting');
  // Leaving a table pauses its game too, across a reload.
  await page.getByRole('button', { name: 'Leave table' }).click();
  await page.reload();
  await page.getByRole('button', { name: 'Resume your earlier game' }).click();
  await page.getByRole('button', { name: 'Draw a card' }).waitFor();
  assert.deepEqual(await handNames(page), hand);
  // A new game instead lets the earlier one go.
  await page.getByRole('button', { name: 'Leave table' }).click();
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByRole('button', { name: 'Draw a card' }).waitFor();
  const fresh = await handNames(page);
  await page.getByRole('button', { name: 'Leave table' }).click();
  await page.getByRole('button', { name: 'Resume your earlier game' }).click();
  await page.getByRole('button', { name: 'Draw a card' }).waitFor();
  assert.deepEqual(await handNames(page), fresh, 'the new game waited, not the first');
  assert.notDeepEqual(fresh, hand);
  assert.deepEqual(problems, []);
  await context.close();
});

/** Two tabs of one browser (they share its storage): the hand a tab shows, the version of
 * the game the browser keeps, and a tab's turn. */
const cardsShown = (p) => p.locator('.hand .card').evaluateAll((cs) => cs.map((c) => c.dataset.card).join());
const savedVersion = (p) => p.evaluate(() => JSON.parse(localStorage.getItem('uno-table.game'))?.version);
const yourTurn = (p) => p.locator('.turn', { hasText: 'Your turn.' }).waitFor({ timeout: 20000 });

/** A seeded 3-player game at top speed in a first tab, at the player's turn; then a second
 * tab (readied by `prepare`) that resumes it. */
async function aGameInTwoTabs(prepare = async () => {}) {
  const { page: first, context, problems } = await openPage(shared.browser);
  await first.goto(shared.site.url);
  await first.evaluate(() => localStorage.setItem('uno-table.options', JSON.stringify({ speed: 'instant' })));
  await first.goto(`${shared.site.url}?edition=classic&players=3&seed=11`);
  await yourTurn(first);
  const second = await context.newPage();
  second.on('pageerror', (e) => problems.push(`second tab: ${e.message}`));
  await prepare(second);
  await second.goto(shared.site.url);
  await yourTurn(second);
  return { first, second, context, problems };
}

/** Readies a tab that hears nothing of the other tabs' saves (no `storage` event), as a tab
 * the browser froze. */
const hearingNothingOfOtherTabs = (page) => page.addInitScript(() => {
  const listen = window.addEventListener;
  window.addEventListener = function (type, ...rest) { if (type !== 'storage') listen.call(this, type, ...rest); };
});

/** Says the page is in sight or not, as the browser does when another tab or app comes in
 * front and goes (run in the page). */
function inSight(shown) {
  Object.defineProperty(document, 'hidden', { value: !shown, configurable: true });
  Object.defineProperty(document, 'visibilityState', { value: shown ? 'visible' : 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

/** The player's move on `page`: its first playable card (and a color for a Wild). */
async function playFirstCard(page) {
  await page.locator('.hand .card.playable').first().click();
  if (await page.locator('dialog[open] .swatch').count()) await page.locator('dialog[open] .swatch').first().click();
}

test('two tabs of the site play one game: each follows the other, and the one left behind never saves over the newest', async () => {
  // Two tabs of one browser share its storage, as an installed app and its browser may.
  const { first, second, context, problems } = await aGameInTwoTabs();
  const [hand, saved] = [cardsShown, savedVersion];
  assert.equal(await hand(second), await hand(first), 'the second tab resumes the game');
  // A move in the second tab, and the bots' after it: the first tab shows them, unreloaded.
  await playFirstCard(second);
  await yourTurn(second);
  const played = await saved(second);
  assert.ok(played >= 3, `the player's move and the bots' are kept: version ${played}`);
  await first.waitForFunction((v) => document.querySelector('.log')?.textContent.includes('You play')
    && document.querySelectorAll('.hand .card').length === 6, played);
  assert.equal(await hand(first), await hand(second));
  // A move in the first tab is made on the newest game, and the second follows it in turn.
  await first.locator('.draw-pile').click();
  await first.locator('.log li', { hasText: /^You drew/ }).waitFor();
  await second.locator('.log li', { hasText: /^You drew/ }).waitFor();
  await yourTurn(first);
  await yourTurn(second);
  assert.equal(await hand(second), await hand(first));
  assert.ok(await saved(first) > played, 'nothing saved over the moves before');
  await second.reload();
  await yourTurn(second);
  assert.equal(await hand(second), await hand(first), 'a reload resumes the newest');
  // Leaving the table in one tab leaves it in both: the game waits in either to be resumed.
  await second.getByRole('button', { name: 'Leave table' }).click();
  await first.getByRole('button', { name: 'Resume your earlier game' }).waitFor();
  await first.getByRole('button', { name: 'Resume your earlier game' }).click();
  await yourTurn(second);
  assert.equal(await hand(second), await hand(first));
  // A round won in one tab is in the record the other shows.
  const puzzle = { edition: 'classic', setup: { hands: [['R7'], ['B5', 'B6'], ['G5', 'G6']], draw_pile: ['Y1', 'Y2'], discard_pile: ['R3'], turn: 0 } };
  await first.goto(`${shared.site.url}?scenario=${encodeURIComponent(JSON.stringify(puzzle))}`);
  await first.getByRole('button', { name: 'Red 7' }).click();
  await first.locator('dialog.round-over').waitFor();
  await second.locator('dialog.round-over').waitFor();
  // Counted once, though both tabs saw the round end.
  await second.locator('dialog.round-over').getByRole('button', { name: 'Next round' }).click();
  await first.locator('dialog.round-over').waitFor({ state: 'hidden' });
  await second.getByRole('button', { name: 'Leave table' }).click();
  await second.locator('.record-summary', { hasText: 'Rounds won: 1 of 1.' }).waitFor();
  await first.locator('.record-summary', { hasText: 'Rounds won: 1 of 1.' }).waitFor();
  assert.deepEqual(problems, []);
  await context.close();
});

test('a tab that missed the moves of another (frozen in the background) saves no stale move over them: it takes up the newest', async () => {
  // The second tab hears nothing of the other's saves, as a tab the browser froze.
  const { first: fresh, second: stale, context, problems } = await aGameInTwoTabs(hearingNothingOfOtherTabs);
  const [hand, saved] = [cardsShown, savedVersion];
  await playFirstCard(fresh);
  await yourTurn(fresh);
  const newest = await saved(fresh);
  assert.ok(newest >= 3, `version ${newest}`);
  assert.notEqual(await hand(stale), await hand(fresh), 'the stale tab shows the game as it was');
  // Its move on the old table is not kept: the newest game is, and the stale tab shows it.
  await stale.locator('.draw-pile').click();
  await stale.waitForFunction((cards) => [...document.querySelectorAll('.hand .card')].map((c) => c.dataset.card).join() === cards, await hand(fresh));
  assert.equal(await saved(stale), newest);
  await fresh.reload();
  await yourTurn(fresh);
  assert.equal(await hand(fresh), await hand(stale));
  assert.deepEqual(problems, []);
  await context.close();
});

test('out of sight, the bots wait: the player comes back to their moves', async () => {
  const { page, context, problems } = await openPage(shared.browser);
  await page.goto(`${shared.site.url}?edition=classic&players=3&seed=11`);
  await yourTurn(page);
  const seen = (shown) => page.evaluate(inSight, shown);
  const lines = () => page.locator('.log li').count();
  await playFirstCard(page);
  await seen(false);
  const left = await lines();
  await page.waitForTimeout(3000);
  assert.equal(await lines(), left, 'no bot played out of sight');
  await seen(true);
  await yourTurn(page);
  assert.ok(await lines() > left, 'the bots played once seen');
  assert.deepEqual(problems, []);
  await context.close();
  // A page opened out of sight (a tab opened behind) waits too, until it is seen: at this
  // deal Ada plays first. (In a browser of its own: a tab in front of this site would play
  // the bots of the game they share.)
  const { page: behind, context: other, problems: itsProblems } = await openPage(shared.browser);
  await behind.addInitScript(inSight, false);
  await behind.goto(`${shared.site.url}?edition=classic&players=3&seed=12`);
  await behind.locator('.turn', { hasText: 'Ada to play.' }).waitFor();
  await behind.waitForTimeout(3000);
  assert.equal(await behind.locator('.log li').count(), 1, 'the deal alone');
  await behind.evaluate(inSight, true);
  await yourTurn(behind);
  assert.deepEqual(itsProblems, []);
  await other.close();
  // A page hidden as the game is first read and shown a moment later (before the page
  // listened for it: here at once after that first read) plays: the bots once waited for
  // ever there.
  const { page: soon, context: third, problems: soonProblems } = await openPage(shared.browser);
  await soon.addInitScript(() => {
    let hidden = true;
    Object.defineProperty(document, 'hidden', {
      configurable: true,
      get() {
        queueMicrotask(() => {
          if (hidden) { hidden = false; document.dispatchEvent(new Event('visibilitychange')); }
        });
        return hidden;
      },
    });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
  });
  await soon.goto(`${shared.site.url}?edition=classic&players=3&seed=12`);
  await yourTurn(soon);
  assert.ok(await soon.locator('.log li').count() > 1, 'the bots played');
  assert.deepEqual(soonProblems, []);
  await third.close();
});

test('a tab of an older version of the site saves nothing over a game a newer one kept: it offers a reload instead', async () => {
  // The second tab hears nothing of the others' saves, as a tab the browser froze.
  const { first: listening, second: deaf, context, problems } = await aGameInTwoTabs(hearingNothingOfOtherTabs);
  // A newer version's save: a house rule these pages do not know (read strictly, as rules).
  const newer = await deaf.evaluate(() => {
    const game = JSON.parse(localStorage.getItem('uno-table.game'));
    game.game.rules.house_rules.a_newer_rule = true;
    const text = JSON.stringify(game);
    // And a game it set aside to resume later (Leave table, or a link's game).
    localStorage.setItem('uno-table.game.earlier', text);
    localStorage.setItem('uno-table.game', text);
    return text;
  });
  const kept = (p) => p.evaluate(() => ['', '.earlier', '.unreadable'].map((k) => localStorage.getItem(`uno-table.game${k}`)));
  const offered = async (p) => {
    await p.getByRole('heading', { name: 'A newer version of this site is open in another tab' }).waitFor();
    assert.match(await p.getByRole('alert').textContent(), /cannot read\. Reload to go on with it here/);
    assert.equal(await p.evaluate(() => document.activeElement.textContent), 'Reload');
    assert.equal(await p.locator('.hand').count(), 0, 'no table left to play on');
  };
  // The tab that hears it gives up its table at once.
  await offered(listening);
  // The tab that heard nothing finds it out at its next move, and keeps nothing of it.
  await deaf.locator('.draw-pile').click();
  await offered(deaf);
  assert.deepEqual(await kept(deaf), [newer, newer, null], 'the newer games are kept as they were');
  await new Promise((resolve) => { setTimeout(resolve, 500); });
  assert.deepEqual(await kept(listening), [newer, newer, null]);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a tab of an older version of the site writes no option over those a newer one kept: it says so, and its choices last while it is open', async () => {
  const { page, context, problems } = await openPage(shared.browser);
  await page.goto(shared.site.url);
  const kept = () => page.evaluate(() => localStorage.getItem('uno-table.options'));
  const notice = page.getByText('Your options were kept by a newer version of this site: reload the page to see them. What you change here lasts while this page is open.');
  // This version keeps its options with the version of their shape.
  await page.getByLabel('Players').selectOption('5');
  assert.deepEqual((({ version, players }) => ({ version, players }))(JSON.parse(await kept())), { version: 1, players: 5 });
  assert.equal(await notice.count(), 0);
  // A newer version's options, with a house rule this page does not know.
  const newer = JSON.stringify({ version: 2, edition: 'masters', players: 6, house_rules: { stack_sevens: true } });
  await page.evaluate((text) => localStorage.setItem('uno-table.options', text), newer);
  await page.reload();
  await notice.waitFor();
  assert.equal(await page.getByLabel('Players').inputValue(), '4', 'what it cannot read shows as the defaults');
  await page.getByLabel('Players').selectOption('3');
  assert.equal(await kept(), newer, 'not written over');
  await notice.waitFor();
  // The choice holds in this page: New game deals three players.
  await page.getByRole('button', { name: 'New game' }).click();
  await page.locator('.hand').waitFor();
  assert.equal(await page.locator('.opponents .opponent').count(), 2);
  assert.equal(await kept(), newer);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the phone\'s Back closes the rules, then leaves the table for New game, which offers the game back', async () => {
  const { page, context, problems } = await openPage(shared.browser, { viewport: { width: 360, height: 640 } });
  await page.goto(shared.site.url);
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByRole('button', { name: 'Draw a card' }).waitFor();
  const hand = await handNames(page);
  await page.getByRole('button', { name: 'Rules', exact: true }).click();
  await page.getByRole('heading', { name: /^Rules: / }).waitFor();
  await page.goBack();
  await page.getByRole('button', { name: 'Draw a card' }).waitFor();
  assert.equal(await page.getByRole('heading', { name: /^Rules: / }).count(), 0, 'the rules closed');
  assert.deepEqual(await handNames(page), hand, 'the same table');
  await page.goBack();
  await page.getByRole('button', { name: 'Resume your earlier game' }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Draw a card' }).count(), 0, 'the table left');
  assert.equal(page.url(), shared.site.url, 'still the site');
  // The rules from New game close by Back too, and the game waits as Leave table keeps it.
  await page.getByRole('button', { name: 'Rules and points' }).click();
  await page.getByRole('heading', { name: /^Rules: / }).waitFor();
  await page.goBack();
  await page.getByRole('button', { name: 'Resume your earlier game' }).click();
  await page.getByRole('button', { name: 'Draw a card' }).waitFor();
  assert.deepEqual(await handNames(page), hand, 'resumed');
  /** Reloads, then one Back leaves the table (New game offers it back), and it is resumed. */
  const reloadThenBack = async () => {
    await page.getByRole('status').filter({ hasText: 'Opponents ready' }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Draw a card' }).waitFor();
    await page.goBack();
    await page.getByRole('button', { name: 'Resume your earlier game' }).click();
    await page.getByRole('button', { name: 'Draw a card' }).waitFor();
  };
  // Reloaded at the table, Back still leaves the table first.
  await reloadThenBack();
  // Reloaded while reading the rules, the page comes back at the table: one Back leaves it.
  await page.getByRole('button', { name: 'Rules', exact: true }).click();
  await page.getByRole('heading', { name: /^Rules: / }).waitFor();
  await reloadThenBack();
  // Leave table then at once a new game: the history steps back for the button's leaving
  // and forward for the new table, so the next Back leaves that table, and only it.
  await page.getByRole('button', { name: 'Leave table' }).click();
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByRole('button', { name: 'Draw a card' }).waitFor();
  await page.waitForTimeout(300);
  assert.equal(await page.getByRole('button', { name: 'Draw a card' }).count(), 1, 'the new table stays');
  await page.goBack();
  await page.getByRole('button', { name: 'New game' }).waitFor();
  assert.equal(page.url(), shared.site.url, 'still the site');
  assert.deepEqual(problems, []);
  await context.close();
});

test('watching the bots keeps the screen on until the table is left; a game of one player against bots does not', async () => {
  const { page, context, problems } = await openPage(shared.browser, { viewport: { width: 360, height: 640 } });
  await recordScreenLocks(page);
  await page.goto(`${shared.site.url}?players=3&seed=5&level=easy`);
  await page.getByRole('button', { name: 'Draw a card' }).waitFor();
  assert.deepEqual(await screenLocks(page), [], 'the player touches the screen at every turn');
  await page.goto(`${shared.site.url}?watch=1&players=3&seed=5&level=easy`);
  await page.getByRole('list', { name: 'Every hand' }).waitFor();
  await page.waitForFunction(() => window.__locks.length === 1);
  assert.deepEqual(await screenLocks(page), ['screen']);
  await page.getByRole('button', { name: 'Leave table' }).click();
  await page.waitForFunction(() => window.__locks.every((l) => l.released));
  assert.deepEqual(await screenLocks(page), ['screen released']);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a corrupt save is reported in one sentence and a new game offered', async () => {
  const { page, context, problems } = await openPage(shared.browser);
  await page.goto(shared.site.url);
  await page.getByRole('status').filter({ hasText: 'Opponents ready' }).waitFor();
  await page.evaluate(() => localStorage.setItem('uno-table.game', '{"this is": "not a game"'));
  await page.reload();
  await page.getByRole('alert').filter({ hasText: 'Your saved game could not be read' }).waitFor();
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByRole('button', { name: 'Draw a card' }).waitFor();
  // A save that is JSON of a game, edited into one that cannot be: the turn at a fifth seat.
  await page.locator('.turn', { hasText: 'Your turn.' }).waitFor({ timeout: 20000 });
  await page.evaluate(() => {
    const saved = JSON.parse(localStorage.getItem('uno-table.game'));
    saved.game.turn = 4;
    localStorage.setItem('uno-table.game', JSON.stringify(saved));
  });
  await page.reload();
  await page.getByRole('alert').filter({ hasText: 'Your saved game could not be read' }).waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('uno-table.game')), null);
  assert.equal(JSON.parse(await page.evaluate(() => localStorage.getItem('uno-table.game.unreadable'))).game.turn, 4, 'set aside');
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByRole('button', { name: 'Draw a card' }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Resume your earlier game' }).count(), 0, 'a spoilt save is not offered');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a game an older version of the site set aside as unreadable is offered again once it reads', async () => {
  // An older copy of the site (a stale cache, offline) could not read a newer one's game and
  // set it aside: this version reads it, and offers it back.
  const { page, context, problems } = await openPage(shared.browser);
  await page.goto(`${shared.site.url}?edition=masters&players=3&seed=21`);
  await page.getByRole('button', { name: 'Draw a card' }).waitFor();
  const hand = await handNames(page);
  await page.getByRole('status').filter({ hasText: 'Opponents ready' }).waitFor();
  await page.evaluate(() => {
    localStorage.setItem('uno-table.game.unreadable', localStorage.getItem('uno-table.game'));
    localStorage.removeItem('uno-table.game');
  });
  await page.reload();
  await page.getByRole('button', { name: 'Resume your earlier game' }).click();
  await page.getByRole('button', { name: 'Draw a card' }).waitFor();
  assert.deepEqual(await handNames(page), hand);
  assert.equal(await page.evaluate(() => localStorage.getItem('uno-table.game.unreadable')), null);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a browser that refuses the site storage still plays, and says nothing will be kept', async () => {
  const { page, context, problems } = await openPage(shared.browser);
  // As with storage blocked for the site: reading window.localStorage throws.
  await context.addInitScript(() => Object.defineProperty(window, 'localStorage', {
    get() { throw new DOMException('The operation is insecure.', 'SecurityError'); } }));
  await page.goto(shared.site.url);
  await page.getByText('This browser keeps nothing for this site (its storage is off)').waitFor();
  await page.getByLabel('Players').selectOption('3');
  await page.getByRole('button', { name: 'New game' }).click();
  // The tour cannot remember it was seen, so it shows; it can be skipped.
  await page.getByRole('button', { name: 'Skip the tour' }).click();
  assert.equal(await page.getByRole('list', { name: 'Opponents' }).getByRole('listitem').count(), 2);
  await page.getByRole('button', { name: 'Draw a card' }).waitFor();
  // Options chosen are kept while the page is open.
  await page.getByRole('button', { name: 'Leave table' }).click();
  assert.equal(await page.getByLabel('Players').inputValue(), '3');
  await page.goto(`${shared.site.url}?online`);
  await page.getByText('a reload cannot bring you back to your seat').waitFor();
  await page.getByRole('heading', { name: 'Play with friends' }).waitFor();
  assert.deepEqual(problems.filter((p) => !p.includes('No room server')), []);
  await context.close();
});

test('a bot worker that never loads: the page plays for the bots itself, and says so', async () => {
  const { page, context, problems } = await openPage(shared.browser);
  // The worker's files fail (a dropped connection on a first visit, a host that lost them).
  await context.route(/worker/, (route) => route.abort());
  const scenario = { edition: 'classic', seed: 1, house_rules: {},
    setup: { hands: [['R7', 'B2', 'G9'], ['R1', 'G2', 'G3'], ['Y5', 'Y6', 'Y7']], discard_pile: ['R3'], turn: 0,
      draw_pile: PUZZLE_PILE } };
  await page.goto(`${shared.site.url}?scenario=${encodeURIComponent(JSON.stringify(scenario))}`);
  await page.getByRole('button', { name: 'Red 7' }).click();
  // Ada's only card that fits; the page waits for the worker a while first.
  await page.locator('.log li', { hasText: /^Ada plays Red 1\.$/ }).waitFor({ timeout: 15000 });
  await page.getByRole('status').filter({ hasText: 'did not load: they play a simpler game for now' }).waitFor({ state: 'attached' });
  // Later turns are answered at once: Ben draws, and the turn comes back round.
  await page.locator('.turn', { hasText: 'Your turn.' }).waitFor({ timeout: 15000 });
  // The hint is the hard bot's, in the worker: none, and the player is told why.
  await page.getByRole('button', { name: 'Hint' }).click();
  await page.getByRole('alert').filter({ hasText: 'No hint for now' }).waitFor();
  assert.deepEqual(problems.filter((p) => !/worker.*ERR_(ABORTED|FAILED)/.test(p)), []);
  await context.close();
});

test('the bot worker starts once the page is idle, or at once when a bot needs it sooner', async () => {
  const { page, context, problems } = await openPage(shared.browser);
  // A page that is never idle (requestIdleCallback never calls back): no worker until asked.
  await context.addInitScript(() => { window.requestIdleCallback = () => 1; });
  const asked = [];
  context.on('request', (r) => { if (/worker/.test(r.url())) asked.push(new URL(r.url()).pathname); });
  const scenario = { edition: 'classic', seed: 1, house_rules: {},
    setup: { hands: [['R7', 'B2', 'G9'], ['R1', 'G2', 'G3'], ['Y5', 'Y6', 'Y7']], discard_pile: ['R3'], turn: 0,
      draw_pile: PUZZLE_PILE } };
  await page.goto(`${shared.site.url}?scenario=${encodeURIComponent(JSON.stringify(scenario))}`);
  await page.getByRole('button', { name: 'Red 7' }).waitFor();
  await page.waitForTimeout(500);
  assert.deepEqual(asked, [], 'no worker before a bot needs one');
  assert.equal(await page.locator('.top-bar .status').textContent(), 'Opponents warming up…');
  // Ada's turn: her question starts the worker, which answers it (not the page's simpler bot).
  await page.getByRole('button', { name: 'Red 7' }).click();
  await page.locator('.log li', { hasText: /^Ada plays Red 1\.$/ }).waitFor();
  await page.getByRole('status').filter({ hasText: 'Opponents ready.' }).waitFor({ state: 'attached' });
  assert.ok(asked.includes('/worker_loader.js'), `asked: ${asked}`);
  assert.equal(await page.getByText('they play a simpler game for now').count(), 0);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a 360 px wide phone has no horizontal scroll', async () => {
  const { page, context } = await openPage(shared.browser, { viewport: { width: 360, height: 740 } });
  await page.goto(`${shared.site.url}?edition=classic&players=6&seed=26`);
  await page.getByRole('button', { name: 'Draw a card' }).waitFor();
  await screenshot(page, 'phone');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(overflow, 0);
  await page.goto(shared.site.url);
  await page.getByRole('button', { name: 'Leave table' }).click();
  await page.getByRole('button', { name: 'New game' }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 0);
  await context.close();
});

test('cards travel unless the player asked for less motion', async () => {
  const animation = (page, selector) => page.locator(selector).first().evaluate((el) => {
    const s = getComputedStyle(el);
    return `${s.animationName} ${s.animationDuration}`;
  });
  // No animation runs on the element, and none is declared for it.
  const still = (page, selector) => page.locator(selector).first().evaluate((el) =>
    el.getAnimations().length === 0 && !['arrive', 'deal-in'].includes(getComputedStyle(el).animationName));
  const link = `${shared.site.url}?edition=classic&players=3&seed=26`;
  {
    const { page, context } = await openPage(shared.browser);
    await page.goto(link);
    await page.getByRole('button', { name: 'Draw a card' }).waitFor();
    assert.equal(await animation(page, '.discard-pile .arrive'), 'arrive 0.38s');
    assert.equal(await animation(page, '.hand li'), 'deal-in 0.38s');
    await context.close();
  }
  {
    const { page, context } = await openPage(shared.browser, { reducedMotion: 'reduce' });
    await page.goto(link);
    await page.getByRole('button', { name: 'Draw a card' }).waitFor();
    assert.equal(await still(page, '.discard-pile .arrive'), true);
    assert.equal(await still(page, '.hand li'), true);
    await context.close();
  }
  {
    const { page, context } = await openPage(shared.browser);
    await page.goto(shared.site.url);
    await page.getByText('More options').click();
    await page.getByLabel('Speed').selectOption('No animation');
    await page.goto(link);
    await page.getByRole('button', { name: 'Draw a card' }).waitFor();
    assert.equal(await still(page, '.discard-pile .arrive'), true);
    await context.close();
  }
});

test('watch mode: bots play every seat to the end of the game, the person never called to play', async () => {
  const { page, context, problems } = await openPage(shared.browser);
  await page.goto(shared.site.url);
  await page.getByRole('status').filter({ hasText: 'Opponents ready' }).waitFor();
  await page.evaluate(() => localStorage.setItem('uno-table.options', JSON.stringify({ speed: 'instant' })));
  const scenario = { edition: 'classic', seed: 3, players: 3, house_rules: { scoring: 'single_hand' } };
  // Every title the tab takes meanwhile: no one is called to play, a bot plays every seat.
  await context.addInitScript(() => {
    window.titles = [];
    addEventListener('DOMContentLoaded', () => new MutationObserver(() => window.titles.push(document.title))
      .observe(document.querySelector('title'), { childList: true, characterData: true, subtree: true }));
    // And everything the page says: never "Your turn", nor a card of a hand to click.
    window.said = [];
    window.hands = 0;
    addEventListener('DOMContentLoaded', () => new MutationObserver((changes) => {
      for (const c of changes) {
        const text = c.type === 'characterData' ? c.target.data : [...c.addedNodes].map((n) => n.textContent).join(' ');
        if (/Your turn|You went out|You win/.test(text)) window.said.push(text);
      }
      window.hands = Math.max(window.hands, document.querySelectorAll('.hand .card').length);
    }).observe(document.body, { childList: true, characterData: true, subtree: true }));
  });
  await page.goto(`${shared.site.url}?watch=1&level=easy&scenario=${encodeURIComponent(JSON.stringify(scenario))}`);
  // Only bots play, so every hand is face up where the player's would be: each line as many
  // cards as its seat's chip counts, each card named, the seat to play marked. Read at once.
  const every = page.getByRole('list', { name: 'Every hand' });
  await every.waitFor();
  const shown = await page.evaluate(() => ({
    lines: [...document.querySelectorAll('.open-hands li')].map((li) => ({
      said: li.getAttribute('aria-label'),
      cards: li.querySelectorAll('.mini-face').length,
      toPlay: li.classList.contains('to-play'),
    })),
    counts: [...document.querySelectorAll('.opponent .count')].map((c) => Number(c.lastChild.textContent.trim())),
  }));
  assert.deepEqual(shown.lines.map((l) => l.said.split(': ')[0]), ['Your bot', 'Ada', 'Ben']);
  assert.deepEqual(shown.lines.map((l) => l.cards), shown.counts);
  for (const l of shown.lines) assert.equal(l.said.split(': ')[1].split(', ').length, l.cards, l.said);
  assert.equal(shown.lines.filter((l) => l.toPlay).length, 1, 'one seat to play');
  const over = page.getByRole('dialog', { name: /wins? the game/ });
  await over.waitFor({ timeout: 60000 });
  assert.ok(await page.locator('.log li').count() > 10, 'a whole hand was played');
  assert.deepEqual(await page.evaluate(() => window.titles.filter((t) => t !== 'UNO Table')), []);
  assert.deepEqual(await page.evaluate(() => window.said), []);
  assert.equal(await page.evaluate(() => window.hands), 0, 'no hand to click');
  // The person's seat is their bot's, among the others; the log names it so.
  assert.deepEqual(await page.locator('.opponent .who').allTextContents(), ['Your bot', 'Ada', 'Ben']);
  assert.ok((await page.locator('.log').textContent()).includes('Your bot'));
  await over.getByRole('button', { name: 'New game' }).waitFor();
  assert.deepEqual(problems, []);
  await context.close();
});

test('the New game screen deals a table for the bots to play and the player to watch', async () => {
  const { page, context, problems } = await openPage(shared.browser, { viewport: { width: 360, height: 640 } });
  await page.goto(shared.site.url);
  await page.getByLabel('Players').selectOption('3');
  await page.getByText('More options').click();
  await page.getByRole('button', { name: 'Watch the bots play' }).click();
  await page.getByRole('list', { name: 'Every hand' }).waitFor();
  assert.deepEqual(await page.locator('.opponent .who').allTextContents(), ['Your bot', 'Ada', 'Ben']);
  assert.equal(await page.locator('.hand .card').count(), 0);
  // Leaving it, the next New game is the player's own again.
  await page.getByRole('button', { name: 'Leave table' }).click();
  await page.getByRole('button', { name: 'New game' }).click();
  await page.locator('.hand .card').first().waitFor();
  assert.equal(await page.getByRole('list', { name: 'Every hand' }).count(), 0);
  assert.deepEqual(await page.locator('.opponent .who').allTextContents(), ['Ada', 'Ben']);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a family that set up pass-and-play can watch the bots too: no device is passed', async () => {
  const { page, context, problems } = await openPage(shared.browser, { viewport: { width: 360, height: 640 } });
  await context.addInitScript(() => localStorage.setItem('uno-table.options',
    JSON.stringify({ players: 3, people: [{ seat: 1, name: 'Bea' }], name: 'Al' })));
  await page.goto(shared.site.url);
  await page.getByText(/^Pass-and-play with/).waitFor();
  // Out of turn only the device's holder can act (the others' hands are hidden): said where
  // a person is chosen.
  await page.getByText(/each hand is shown only to its player \(so only whoever holds it can catch a missed UNO\)\.$/).waitFor();
  await page.getByText('More options').click();
  await page.getByRole('button', { name: 'Watch the bots play' }).click();
  await page.getByRole('list', { name: 'Every hand' }).waitFor();
  assert.equal(await page.getByText('Pass to').count(), 0);
  assert.deepEqual(await page.locator('.opponent .who').allTextContents(), ['Your bot', 'Ada', 'Ben']);
  assert.deepEqual(problems, []);
  await context.close();
});

test('watching ten bots on the narrowest phone: the hands scroll inside their list, by keyboard too, and the page does not', async () => {
  const { page, context, problems } = await openPage(shared.browser, { viewport: { width: 320, height: 568 } });
  await page.goto(`${shared.site.url}?watch=1&players=10&seed=5&level=easy`);
  const every = page.getByRole('list', { name: 'Every hand' });
  await every.waitFor();
  const sizes = await page.evaluate(() => {
    const list = document.querySelector('.open-hands');
    return { scrolls: list.scrollHeight > list.clientHeight, tabindex: list.getAttribute('tabindex'),
      page: document.documentElement.scrollHeight <= innerHeight };
  });
  assert.deepEqual(sizes, { scrolls: true, tabindex: '0', page: true });
  assert.equal(await every.getByRole('listitem').count(), 10);
  // As the turn goes round, the row of the seat to play stays in view inside the list.
  const seen = new Set();
  for (let look = 0; look < 40 && seen.size < 6; look++) {
    const row = await page.evaluate(() => {
      const list = document.querySelector('.open-hands');
      const li = list.querySelector('li.to-play');
      if (!li) return null;
      return { who: li.getAttribute('aria-label').split(':')[0],
        inView: li.offsetTop >= list.scrollTop - 1 && li.offsetTop + li.offsetHeight <= list.scrollTop + list.clientHeight + 1 };
    });
    if (row) {
      assert.ok(row.inView, `${row.who}'s row, to play, is in view`);
      seen.add(row.who);
    }
    await page.waitForTimeout(250);
  }
  assert.ok(seen.size >= 6, `the turn went round: ${[...seen]}`);
  // Scrolled back to the top by hand, the list stays there while its reader reads (a few
  // seconds), even as the turn moves out of view; then it follows the seat to play again.
  const box = await every.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -5000);
  await page.waitForFunction(() => document.querySelector('.open-hands').scrollTop === 0);
  const since = Date.now();
  const where = () => page.evaluate(() => {
    const list = document.querySelector('.open-hands');
    const li = list.querySelector('li.to-play');
    return { top: list.scrollTop,
      out: !!li && li.offsetTop + li.offsetHeight > list.scrollTop + list.clientHeight + 1 };
  });
  let heldOut = 0;
  while (Date.now() - since < 3000) {
    const now = await where();
    assert.equal(now.top, 0, 'the list stays where it was scrolled by hand');
    if (now.out) heldOut++;
    await page.waitForTimeout(100);
  }
  assert.ok(heldOut > 0, 'the seat to play went out of view while the list was held');
  let followed = false;
  for (let look = 0; look < 100 && !followed; look++) {
    const now = await where();
    followed = now.top > 0 && !now.out;
    await page.waitForTimeout(100);
  }
  assert.ok(followed, 'after a while the list follows the seat to play again');
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems, []);
  await context.close();
});

test('"What happened" keeps its newest lines in view as a round goes on, and scrolls back by keyboard', async () => {
  // Thirty turns of drawing a card that does not fit, then the player's turn: the table waits.
  const pile = ['Y0', ...['Y1', 'Y2', 'Y3', 'Y4', 'Y5', 'Y6', 'Y7', 'Y8', 'B3', 'B4', 'B5', 'B6', 'B7', 'B8'].flatMap((c) => [c, c]), 'G3'];
  const actions = pile.map((_, i) => ({ seat: i % 2, do: 'draw' }));
  const scenario = { edition: 'classic', seed: 1, house_rules: {}, actions,
    setup: { hands: [['B1', 'B2'], ['G1', 'G2']], draw_pile: [...pile, 'R5', 'R6'], discard_pile: ['R9'], color: 'red', turn: 0 } };
  for (const viewport of [{ width: 360, height: 640 }, { width: 1280, height: 800 }, { width: 1920, height: 1080 }]) {
    const { page, context, problems } = await openPage(shared.browser, { viewport });
    await page.goto(`${shared.site.url}?level=easy&scenario=${encodeURIComponent(JSON.stringify(scenario))}`);
    await page.getByRole('button', { name: 'Draw a card' }).waitFor();
    const seen = () => page.evaluate(() => {
      const list = document.querySelector('.log ul');
      const box = list.getBoundingClientRect();
      const inView = (li) => { const r = li.getBoundingClientRect(); return r.top >= box.top - 1 && r.bottom <= box.bottom + 1; };
      const lines = [...list.querySelectorAll('li')];
      return { lines: lines.length >= 30, overflows: list.scrollHeight > list.clientHeight, newest: inView(lines[0]), oldest: inView(lines.at(-1)) };
    });
    assert.deepEqual(await seen(), { lines: true, overflows: true, newest: true, oldest: false }, `${viewport.width} px`);
    // The list takes the focus and scrolls back to the round's first lines.
    await page.getByRole('list', { name: 'What happened' }).focus();
    await page.keyboard.press('Home');
    // Until the oldest line is whole in view (on a loaded machine the scroll and the layout
    // may still be settling when the end is first reached).
    await page.waitForFunction(() => {
      const l = document.querySelector('.log ul');
      const box = l.getBoundingClientRect();
      const oldest = [...l.querySelectorAll('li')].at(-1).getBoundingClientRect();
      return Math.abs(l.scrollTop) > l.scrollHeight - l.clientHeight - 2 && oldest.top >= box.top - 1 && oldest.bottom <= box.bottom + 1;
    });
    assert.deepEqual(await seen(), { lines: true, overflows: true, newest: false, oldest: true }, `${viewport.width} px, scrolled back`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('"What happened" is as tall as its lines: a tall screen shows no empty box under the hand', async () => {
  for (const viewport of [{ width: 1920, height: 1080 }, { width: 2560, height: 1440 }, { width: 360, height: 640 }]) {
    const { page, context, problems } = await openPuzzle(shared,
      { hands: [['R7', 'B2'], ['G1', 'G2', 'G3']], discard_pile: ['R3'], turn: 0 }, { browser: { viewport } });
    const box = await page.evaluate(() => {
      const bottom = (s) => document.querySelector(s).getBoundingClientRect().bottom;
      return { log: bottom('.log'), line: bottom('.log li'), scores: bottom('.scores li:last-child'), table: bottom('.table') };
    });
    // One line (the deal), or the scores beside it if they are longer, and the box's own
    // padding under it.
    assert.ok(box.log - Math.max(box.line, box.scores) < 12, `${viewport.width}: the log runs on under its line: ${JSON.stringify(box)}`);
    assert.ok(box.table - box.log > 100, `${viewport.width}: ${JSON.stringify(box)}`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('a short log stands under its title beside a taller list of scores', async () => {
  for (const viewport of [{ width: 360, height: 640 }, { width: 1280, height: 800 }]) {
    // Four players: five lines of scores beside the log's one line.
    const { page, context, problems } = await openPuzzle(shared,
      { hands: [['R7', 'B2'], ['G1', 'G2', 'G3'], ['Y1', 'Y2'], ['B5', 'B6']], discard_pile: ['R3'], turn: 0 }, { browser: { viewport } });
    const box = await page.evaluate(() => {
      const rect = (s) => document.querySelector(s).getBoundingClientRect();
      return { title: rect('.log h3').bottom, line: rect('.log li').top, log: rect('.log').bottom, scores: rect('.scores').bottom };
    });
    assert.ok(box.line - box.title < 8, `${viewport.width}: the line stands away from its title: ${JSON.stringify(box)}`);
    assert.ok(box.log - box.line > 30, `${viewport.width}: the box is as tall as the scores beside it: ${JSON.stringify(box)}`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('a watched game is watched again after a reload, not handed to the player', async () => {
  const { page, context, problems } = await openPage(shared.browser);
  await page.goto(`${shared.site.url}?watch=1&players=3&seed=5&level=easy`);
  const every = page.getByRole('list', { name: 'Every hand' });
  await every.waitFor();
  const first = await page.locator('.log li').count();
  await page.reload();
  await every.waitFor();
  assert.equal(await page.locator('.hand .card').count(), 0, 'no hand of the player\'s');
  assert.equal(await page.getByRole('button', { name: 'Draw a card' }).getAttribute('aria-disabled'), 'true');
  assert.deepEqual(await page.locator('.opponent .who').allTextContents(), ['Your bot', 'Ada', 'Ben']);
  // The bots play on from where the game was.
  await page.waitForFunction((n) => document.querySelectorAll('.log li').length > n, first, { timeout: 20000 });
  assert.deepEqual(problems, []);
  await context.close();
});

test('if the app ever stops on a bug, the page says so and Reload resumes the saved game', async () => {
  const { page, context, problems } = await openPage(shared.browser);
  await page.goto(`${shared.site.url}?edition=classic&players=3&seed=11`);
  await page.getByRole('button', { name: 'Draw a card' }).waitFor();
  const hand = await page.locator('.hand .card').evaluateAll((cs) => cs.map((c) => c.dataset.card).join());
  // What a Rust panic becomes in the release build (panic = "abort"): the wasm traps, and the
  // trap reaches the page as an uncaught WebAssembly.RuntimeError.
  await page.evaluate(() => setTimeout(() => { throw new WebAssembly.RuntimeError('unreachable'); }));
  const stopped = page.getByRole('alert').filter({ hasText: 'Something went wrong and the game stopped.' });
  await stopped.waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Reload');
  assert.deepEqual(problems, ['page error: unreachable']);
  await page.getByRole('button', { name: 'Reload' }).click();
  await page.getByRole('button', { name: 'Draw a card' }).waitFor();
  assert.equal(await stopped.count(), 0);
  assert.equal(await page.locator('.hand .card').evaluateAll((cs) => cs.map((c) => c.dataset.card).join()), hand, 'the same game');
  // Any other error is not taken for a stop.
  await page.evaluate(() => setTimeout(() => { throw new TypeError('not a stop'); }));
  await page.waitForTimeout(300);
  assert.ok(problems.includes('page error: not a stop'));
  assert.equal(await stopped.count(), 0);
  await context.close();
});
