// Every rule a player meets, from exact positions opened by puzzle links (?scenario=...):
// UNO calls and catches, Wild Draw Four challenges both ways, drawing, going out, editions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sharedSite, openPage, openPuzzle, PUZZLE_PILE, axeViolations, screenshot } from './helpers.mjs';

const shared = sharedSite();

/** Opens a table position: `setup` as in a scenario file, the player in seat 0. */
const puzzle = (setup, options) => openPuzzle(shared, setup, options);

const hand = (page) => page.getByRole('list', { name: 'Your hand' }).getByRole('button');
const logLine = (page, text) => page.locator('.log li', { hasText: text });
const SIDEWAYS = { width: 568, height: 320 };
const statusWidth = (page) => page.locator('.top-bar .status').evaluate((e) => e.getBoundingClientRect().width);
const opponent = (page, label) => page.getByRole('list', { name: 'Opponents' }).getByRole('listitem', { name: new RegExp(`^${label}`) });

test('forgetting UNO gets the player caught; calling it keeps them safe', async () => {
  const setup = { hands: [['R7', 'B2'], ['G1', 'G2', 'G3'], ['Y5', 'YS', 'Y6']], discard_pile: ['R3'], turn: 0 };
  {
    const { page, context, problems } = await puzzle(setup);
    await page.getByRole('button', { name: 'Red 7' }).click();
    // Ben has the first chance out of turn; Ada would catch on her turn.
    await logLine(page, /^(Ada|Ben) caught you without UNO!/).waitFor();
    assert.equal(await hand(page).count(), 3, 'one card and the two of the penalty');
    assert.deepEqual(problems, []);
    await context.close();
  }
  {
    const { page, context } = await puzzle(setup);
    await page.getByRole('button', { name: 'UNO!' }).click();
    await logLine(page, 'You call UNO!').waitFor();
    await page.getByRole('button', { name: 'Red 7' }).click();
    await logLine(page, /^Ada (drew|plays)/).first().waitFor();
    assert.equal(await logLine(page, 'caught you').count(), 0);
    assert.equal(await hand(page).count(), 1);
    await context.close();
  }
});

test('the player catches a bot that forgot to call UNO', async () => {
  // The easy bot forgets UNO three times in ten: find a seed where it does (deterministic).
  const setup = { hands: [['G1', 'G2', 'G3'], ['R5', 'B2']], discard_pile: ['R3'], turn: 1 };
  let caught;
  for (let seed = 1; seed <= 30 && !caught; seed++) {
    const { page, context, problems } = await puzzle(setup, { level: 'easy', seed });
    await logLine(page, 'Ada plays Red 5.').waitFor();
    if (await logLine(page, 'Ada calls UNO!').count() === 0) {
      // A screen reader hears the chance with the move that made it.
      assert.match(await page.locator('.announcements p').last().textContent(),
        /^Ada plays Red 5\. Your turn\..* Ada did not call UNO: press C to catch them\.$/);
      await page.getByRole('button', { name: 'Catch Ada!' }).click();
      await logLine(page, 'You caught Ada without UNO!').waitFor();
      await opponent(page, 'Ada: 3 cards').waitFor();
      caught = seed;
    }
    assert.deepEqual(problems, []);
    await context.close();
  }
  assert.ok(caught, 'the easy bot forgot UNO for one of 30 seeds');
  // On a touch phone, with no keys to press, it is told of the button to tap.
  const { page, context, problems } = await puzzle(setup,
    { level: 'easy', seed: caught, browser: { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true } });
  await logLine(page, 'Ada plays Red 5.').waitFor();
  assert.match(await page.locator('.announcements p').last().textContent(),
    /^Ada plays Red 5\. Your turn\..* Ada did not call UNO: tap Catch Ada to catch them\.$/);
  await page.getByRole('button', { name: 'Catch Ada!' }).tap();
  await logLine(page, 'You caught Ada without UNO!').waitFor();
  assert.deepEqual(problems, []);
  await context.close();
});

test('challenging an innocent Wild Draw Four costs six cards', async () => {
  const { page, context } = await puzzle(
    { hands: [['G1', 'G2', 'G3'], ['W4', 'R5']], discard_pile: ['B3'], color: 'blue', turn: 1 });
  await page.getByRole('button', { name: 'Challenge' }).waitFor();
  assert.match(await page.locator('.announcements p').last().textContent(), / You must draw 4, or challenge\.$/);
  assert.deepEqual(await axeViolations(page), [], 'the challenge prompt');
  await screenshot(page, 'challenge');
  await page.getByRole('button', { name: 'Challenge' }).click();
  await logLine(page, 'You challenge Ada: innocent.').waitFor();
  assert.equal(await hand(page).count(), 9);
  await context.close();
});

test('challenging a guilty Wild Draw Four makes its player draw four', async () => {
  // An easy bot: a medium one plays its Blue 5 rather than bluff (easy picks a random card, and
  // with this seed the Wild Draw Four).
  const { page, context } = await puzzle(
    { hands: [['G1', 'R1', 'B1', 'Y1'], ['W4', 'B5', 'R5']], discard_pile: ['B3'], color: 'blue', turn: 1 },
    { level: 'easy' });
  await page.getByRole('button', { name: 'Challenge' }).click();
  await logLine(page, 'You challenge Ada: guilty.').waitFor();
  await opponent(page, 'Ada: 6 cards').waitFor();
  // The challenge showed Ada's hand: the Blue 5 that made the Wild Draw Four illegal.
  const shown = page.getByRole('group', { name: "Ada's hand when you challenged: Red 5, Blue 5" });
  await shown.waitFor();
  assert.equal(await hand(page).count(), 4, 'the challenger draws nothing');
  await page.locator('.turn', { hasText: 'Your turn.' }).waitFor();
  // Shown until the challenger's next card (a 1 of the color Ada named): then it goes back,
  // as at a table.
  await page.locator('.hand .card[aria-disabled="false"]').click();
  await logLine(page, /^You play (Red|Green|Blue|Yellow) 1\.$/).waitFor();
  assert.equal(await shown.count(), 0);
  await context.close();
});

test('the end of a game says how it was won: by points, or by going out first in a game of one hand', async () => {
  for (const [edition, scores, said] of [
    // Spider-Man's game is one hand (its sheet: first out wins; points optional).
    ['spider-man', [0, 0], 'Ada wins the game by going out first: a game is one hand.'],
    ['classic', [0, 495], 'Ada wins the game with 504 points.'],
  ]) {
    const { page, context, problems } = await puzzle(
      { hands: [['R7', 'B2'], ['G3']], discard_pile: ['G5'], turn: 1, scores }, { edition });
    const over = page.getByRole('dialog', { name: 'Ada wins the game' });
    await over.getByRole('button', { name: 'Play again' }).waitFor();
    assert.equal(await over.locator('.game-winner').textContent(), said, edition);
    assert.deepEqual(problems, [], edition);
    await context.close();
  }
});

test('accepting a Wild Draw Four draws four', async () => {
  const { page, context } = await puzzle(
    { hands: [['G1', 'G2', 'G3'], ['W4', 'R5']], discard_pile: ['B3'], color: 'blue', turn: 1 });
  await page.getByRole('button', { name: 'Accept and draw 4' }).click();
  await logLine(page, 'You must draw 4.').waitFor();
  assert.equal(await hand(page).count(), 7);
  await context.close();
  // By keyboard: D takes the penalty (as Help says), the draw pile being no move then.
  const keyed = await puzzle(
    { hands: [['G1', 'G2', 'G3'], ['W4', 'R5']], discard_pile: ['B3'], color: 'blue', turn: 1 });
  await keyed.page.getByRole('button', { name: 'Accept and draw 4' }).waitFor();
  await keyed.page.keyboard.press('d');
  await logLine(keyed.page, 'You must draw 4.').waitFor();
  assert.equal(await hand(keyed.page).count(), 7);
  assert.deepEqual(keyed.problems, []);
  await keyed.context.close();
  // Focus lands on Accept, not Challenge: Enter pressed before the prompt is read costs the
  // four cards it announced, never six for challenging an innocent card.
  const entered = await puzzle(
    { hands: [['G1', 'G2', 'G3'], ['W4', 'R5']], discard_pile: ['B3'], color: 'blue', turn: 1 });
  await entered.page.getByRole('button', { name: 'Challenge' }).waitFor();
  await entered.page.waitForFunction(() => document.activeElement?.closest('.prompt'));
  assert.equal(await entered.page.evaluate(() => document.activeElement.textContent), 'Accept and draw 4');
  await entered.page.keyboard.press('Enter');
  await logLine(entered.page, 'You must draw 4.').waitFor();
  assert.equal(await hand(entered.page).count(), 7);
  assert.deepEqual(entered.problems, []);
  await entered.context.close();
});

test('a challenge\'s prompt takes one row of buttons on a phone and one row in all where it is wide', async () => {
  const setup = { hands: [['G1', 'G2', 'G3'], ['W4', 'R5']], discard_pile: ['B3'], color: 'blue', turn: 1 };
  // [viewport, the buttons beside each other, the sentence beside them]
  for (const [width, height, sentenceBeside] of [[360, 640, false], [568, 320, false], [640, 360, false], [1280, 800, true]]) {
    const { page, context, problems } = await puzzle(setup, { browser: { viewport: { width, height } } });
    const [challenge, accept] = ['Challenge', 'Accept and draw 4'].map((name) => page.getByRole('button', { name }));
    await accept.waitFor();
    const [p, c, a] = await Promise.all([page.locator('.prompt p'), challenge, accept].map((l) => l.boundingBox()));
    const sameRow = (x, y) => x.y < y.y + y.height && y.y < x.y + x.height;
    assert.ok(sameRow(c, a), `${width}x${height}: the buttons share a row: ${JSON.stringify({ c, a })}`);
    // A phone's column keeps the sentence over both buttons, never beside one of them.
    assert.equal(sameRow(p, c), sentenceBeside, `${width}x${height}: ${JSON.stringify({ p, c })}`);
    assert.equal(sameRow(p, a), sentenceBeside, `${width}x${height}: ${JSON.stringify({ p, a })}`);
    // So the hand stays in sight (sideways at 568×320 the buttons went one to a row, below it).
    const card = await hand(page).first().boundingBox();
    assert.ok(card.y + card.height <= height, `${width}x${height}: the hand in sight: ${JSON.stringify(card)}`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('a drawn playable card can be kept or played', async () => {
  const setup = { hands: [['B2', 'G7'], ['G1', 'G2', 'G3']], discard_pile: ['R3'], draw_pile: ['R5', ...PUZZLE_PILE], turn: 0 };
  {
    const { page, context } = await puzzle(setup, { browser: { viewport: { width: 360, height: 640 } } });
    const handTop = () => page.locator('.hand').evaluate((h) => h.getBoundingClientRect().top);
    const before = await handTop();
    await page.getByRole('button', { name: 'Draw a card' }).click();
    const sentence = page.getByText('You drew Red 5: play it from your hand, or keep it.');
    await sentence.waitFor();
    // On a phone the one button sits beside its sentence: the hand moves by less than a line
    // (it moved 62 px when the button had a row of its own).
    const [p, keep] = await Promise.all([sentence, page.getByRole('button', { name: 'Keep it' })].map((l) => l.boundingBox()));
    assert.ok(keep.y < p.y + p.height && p.y < keep.y + keep.height, `beside: ${JSON.stringify({ p, keep })}`);
    assert.ok(await handTop() - before < 19, `the hand moved ${await handTop() - before} px`);
    await page.getByRole('button', { name: 'Keep it' }).click();
    await logLine(page, 'You keep the drawn card.').waitFor();
    assert.equal(await hand(page).count(), 3);
    await context.close();
  }
  {
    // By keyboard: D draws, P keeps (as Help lists them).
    const { page, context, problems } = await puzzle(setup);
    await page.keyboard.press('d');
    await page.getByRole('button', { name: 'Keep it' }).waitFor();
    await page.keyboard.press('p');
    await logLine(page, 'You keep the drawn card.').waitFor();
    assert.equal(await hand(page).count(), 3);
    assert.deepEqual(problems, []);
    await context.close();
  }
  {
    const { page, context } = await puzzle(setup);
    await page.getByRole('button', { name: 'Draw a card' }).click();
    // Only the drawn card may be played now: B2 and G7 stay dimmed.
    assert.equal(await page.getByRole('button', { name: 'Blue 2' }).getAttribute('aria-disabled'), 'true');
    await page.getByRole('button', { name: 'Red 5' }).click();
    await page.getByRole('img', { name: 'Top card: Red 5' }).waitFor();
    await context.close();
  }
  {
    // Forced play: the drawn card must be played, said so and shown so, and Enter plays it.
    const { page, context, problems } = await puzzle(setup, { house_rules: { forced_play: true } });
    await page.getByRole('button', { name: 'Draw a card' }).click();
    await page.getByText('You drew Red 5: play it from your hand (it must be played).').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Keep it' }).count(), 0);
    assert.equal(await page.locator('.announcements p').last().textContent(),
      'You drew Red 5. Your turn. Top card Red 3, color Red. Play the drawn card: it must be played.');
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.card), 'R5');
    await page.keyboard.press('Enter');
    await page.getByRole('img', { name: 'Top card: Red 5' }).waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('going out ends the round with every hand counted, then the next round is dealt', async () => {
  const { page, context, problems } = await puzzle(
    { hands: [['R7'], ['G1', 'G2'], ['YS', 'Y5']], discard_pile: ['R3'], turn: 0 });
  await page.getByRole('button', { name: 'Red 7' }).click();
  const dialog = page.getByRole('dialog', { name: 'You went out!' });
  await dialog.waitFor();
  await dialog.getByText('28 points from the other hands.').waitFor();
  // Each hand's points counted into the scores: the one who went out gains them all.
  // (No gain, in a cell: a dot to the eye, the word "none" to a screen reader.)
  assert.deepEqual((await dialog.getByRole('row').allInnerTexts()).map((r) => r.replaceAll('\n', '')), [
    'Player\tIn hand\tBefore\tGain\tTotal', 'You\tout\t0\t+28\t28', 'Ada\t3\t0\t·none\t0', 'Ben\t25\t0\t·none\t0']);
  assert.deepEqual(await dialog.locator('td.gain').evaluateAll((cells) => cells.map((c) => c.querySelector('[aria-hidden="true"]')?.textContent ?? c.textContent)),
    ['+28', '·', '·']);
  assert.deepEqual(await dialog.getByRole('cell', { name: 'none', exact: true }).count(), 2);
  // The hands left are laid down for the count, as at a table: each card shown and named.
  const laid = dialog.getByRole('list', { name: 'The hands left' }).getByRole('listitem');
  assert.deepEqual(await laid.evaluateAll((items) => items.map((li) => li.getAttribute('aria-label'))),
    ['Ada: Green 1, Green 2', 'Ben: Yellow 5, Yellow Skip']);
  assert.deepEqual(await laid.evaluateAll((items) => items.map((li) => li.querySelectorAll('.mini-face').length)), [2, 2]);
  assert.deepEqual(await axeViolations(page), [], 'the end of the round');
  await screenshot(page, 'round-over');
  // A phone held sideways: the hands beside the scores, and the whole dialog on screen.
  await page.setViewportSize({ width: 640, height: 360 });
  const fit = await dialog.evaluate((d) => ({
    scrolls: d.scrollHeight > d.clientHeight + 1,
    beside: d.querySelector('.hands-left').getBoundingClientRect().left >= d.querySelector('.counting').getBoundingClientRect().right,
  }));
  assert.deepEqual(fit, { scrolls: false, beside: true });
  await dialog.getByRole('button', { name: 'Next round' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('list', { name: 'Your hand' }).getByRole('button').nth(6).waitFor();
  assert.match(await page.locator('.scores li').first().textContent(), /^You\s*28$/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('every edition starts and plays', async () => {
  for (const edition of ['classic', 'classic-blank', 'masters', 'spider-man', 'coloradd']) {
    const { page, context, problems } = await openPage(shared.browser);
    await page.goto(`${shared.site.url}?edition=${edition}&players=3&seed=4&level=easy`);
    await page.getByRole('button', { name: 'Draw a card' }).waitFor();
    assert.ok(await hand(page).count() >= 7, edition);
    const names = await hand(page).evaluateAll((b) => b.map((x) => x.querySelector('.visually-hidden').textContent));
    if (edition === 'masters') {
      assert.ok(names.every((n) => !n.startsWith('Yellow')), 'Masters has purple, not yellow');
      await screenshot(page, 'masters');
    }
    // The player moves when it is their turn, then a bot answers from the worker.
    await page.locator('.turn', { hasText: 'Your turn.' }).waitFor({ timeout: 20000 });
    const playable = page.locator('.card.playable:not([data-card^="W"])');
    if (await playable.count()) await playable.first().click();
    else if (await page.getByRole('button', { name: 'Draw a card' }).getAttribute('aria-disabled') === 'false') {
      await page.getByRole('button', { name: 'Draw a card' }).click();
    } else await page.locator('.prompt button').first().click();
    await logLine(page, /^(Ada|Ben) /).first().waitFor({ timeout: 15000 });
    assert.deepEqual(problems, [], edition);
    await context.close();
  }
});

test('the rules page shows the edition and the house rules in play, and leads back', async () => {
  const { page, context, problems } = await puzzle(
    { hands: [['R7', 'B2'], ['P1', 'P2', 'P3']], discard_pile: ['R3'], turn: 0,
      draw_pile: ['P5', 'P6', 'B6', 'B7', 'R1', 'R2', 'G4', 'G5'] },
    { edition: 'masters', house_rules: { jump_in: true, seven_o: true } });
  await page.getByRole('button', { name: 'Rules' }).click();
  await page.getByRole('heading', { name: 'Rules: Masters of the Universe' }).waitFor();
  // Focus went to the page's heading (the Rules button is gone): a screen reader says it.
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Rules: Masters of the Universe');
  await page.getByText('Wild Power of Grayskull: a Wild; every other player draws 3').waitFor();
  const house = page.locator('.rules li', { hasText: /^(Jump-in|Seven-O|Stack)/ });
  assert.deepEqual(await house.allTextContents(), [
    'Jump-in: Play the twin of the top card out of turn.',
    'Seven-O: A 7 swaps hands with a player; a 0 passes every hand along.']);
  // ColorADD is a registered code: its author is named where the game is played.
  await page.locator('.credits').getByText(/ColorADD®, the color identification code for colorblind people created by Miguel Neiva/).waitFor();
  assert.equal(await page.getByRole('link', { name: 'coloradd.net' }).getAttribute('href'), 'https://www.coloradd.net');
  assert.deepEqual(await axeViolations(page), [], 'the rules page');
  // "Opponents ready." was said on New game: read from the table, the rules keep the bar clear.
  await page.getByRole('status').filter({ hasText: 'Opponents ready.' }).waitFor({ state: 'attached' });
  assert.equal(await statusWidth(page), 1);
  await screenshot(page, 'rules');
  await page.getByRole('button', { name: 'Back to the table' }).first().click();
  await page.getByRole('button', { name: 'Red 7' }).waitFor();
  assert.deepEqual(problems, []);
  await context.close();
});

test('a family chooses what a missed UNO costs and how many Blank cards there are, and what they do', async () => {
  const { page, context, problems } = await openPage(shared.browser);
  await page.goto(shared.site.url);
  await page.getByLabel('Edition').selectOption('classic-blank');
  await page.getByText('More options').click();
  const penalty = page.getByLabel(/^Missed UNO/);
  assert.equal(await penalty.locator('option:checked').textContent(), 'Draw 4 (the edition\'s)');
  await penalty.selectOption('2');
  await page.getByLabel(/^Blank cards/).selectOption('2');
  await page.getByLabel('What they do').selectOption({ label: 'Take another turn' });
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByRole('button', { name: 'Draw a card' }).waitFor();
  // The Rules screen at the table reads the game's own rules.
  await page.getByRole('button', { name: 'Rules' }).click();
  await page.getByRole('heading', { name: 'Rules: Classic with Blank cards' }).waitFor();
  await page.getByText(/^110 cards in Red, Blue, Green, Yellow/).waitFor();
  await page.getByText('Blank card (2 in this game): a Wild with the effect chosen for this game: Take another turn.').waitFor();
  assert.equal(await page.locator('.points tr', { hasText: 'Blank card' }).locator('td').textContent(), '50 points');
  await page.getByText('Anyone who catches you before the next player acts makes you draw 2.').waitFor();
  const house = page.locator('.rules h3:text("House rules in this game") + ul li');
  assert.deepEqual(await house.allTextContents(), ['Missed UNO: draw 2', '2 blank cards: take another turn']);
  await page.getByRole('button', { name: 'Back to the table' }).first().click();
  // The choices are remembered for the next game; none of the Blank cards leaves the effect unchosen.
  await page.getByRole('button', { name: 'Leave table' }).click();
  await page.getByRole('heading', { name: 'Play UNO' }).waitFor();
  assert.ok(await statusWidth(page) > 50, 'New game shows "Opponents ready." beside Sound');
  await page.getByText('More options').click();
  assert.equal(await page.getByLabel(/^Missed UNO/).inputValue(), '2');
  assert.equal(await page.getByLabel(/^Blank cards/).inputValue(), '2');
  await page.getByLabel(/^Blank cards/).selectOption('0');
  assert.equal(await page.getByLabel('What they do').isDisabled(), true);
  await page.getByRole('button', { name: 'Rules and points' }).click();
  await page.getByText(/^108 cards in Red, Blue, Green, Yellow.*Wild Draw Four\.$/).waitFor();
  assert.equal(await page.getByText(/^Blank card/).count(), 0);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a hint gives the hard bot\'s advice for the player\'s move', async () => {
  const { page, context, problems } = await puzzle(
    { hands: [['R7', 'B2'], ['G1', 'G2', 'G3']], discard_pile: ['R3'], turn: 0 });
  // Shown under the piles, and said in the live area that was there before it came (a live
  // area inserted together with its words is not read by every screen reader).
  const lastSaid = () => page.locator('.announcements p').last().textContent();
  await page.getByRole('button', { name: 'Hint' }).click();
  await page.locator('.hint-text', { hasText: 'Hint: call UNO.' }).waitFor();
  assert.equal(await lastSaid(), 'Hint: call UNO.');
  await page.getByRole('button', { name: 'UNO!' }).click();
  await page.getByRole('button', { name: 'Hint' }).click();
  await page.locator('.hint-text', { hasText: 'Hint: play Red 7.' }).waitFor();
  assert.equal(await lastSaid(), 'Hint: play Red 7.');
  assert.match(await page.getByRole('button', { name: 'Red 7' }).getAttribute('class'), /hinted/);
  // Asked again for the same move: shown still, not said twice.
  await page.getByRole('button', { name: 'Hint' }).click();
  await page.waitForTimeout(500);
  const said = await page.locator('.announcements p').allTextContents();
  assert.equal(said.filter((l) => l === 'Hint: play Red 7.').length, 1, JSON.stringify(said));
  assert.deepEqual(problems, []);
  await context.close();
});

test('Web Swing shows every hand and offers the holders of the named color', async () => {
  const { page, context, problems } = await puzzle(
    { hands: [['WS', 'B2', 'G7'], ['G1'], ['Y5', 'YS']], discard_pile: ['R3'], turn: 0 },
    { edition: 'spider-man' });
  await page.getByRole('button', { name: 'Wild Web Swing' }).click();
  await page.getByRole('dialog', { name: 'Choose a color' }).getByRole('button', { name: 'Green' }).click();
  const choice = page.getByRole('group', { name: 'Choose a player' });
  await choice.getByText('Skip a player holding Green?').waitFor();
  // (A hand of one card was said "1 cards".)
  assert.deepEqual(await choice.getByRole('button').allTextContents(), ['Ada (1 card)', 'No one']);
  await choice.getByRole('listitem', { name: 'Ben: Yellow 5, Yellow Skip' }).waitFor();
  assert.deepEqual(await axeViolations(page), [], 'the choice');
  await screenshot(page, 'web-swing');
  await choice.getByRole('button', { name: 'Ada (1 card)' }).click();
  await logLine(page, 'Ada is skipped.').waitFor();
  assert.deepEqual(problems, []);
  await context.close();
});

/** The player's Web Swing at a table of `players` on a phone of `viewport`, Green named (every
 * other seat holds a Green card): what `puzzle` returns, and the choice of whom to skip. */
async function swingAtATableOf(players, viewport) {
  const hands = [['WS', 'R7', 'G2', 'G3', 'G4', 'G5', 'G6', 'G7']];
  for (let i = 1; i < players; i++) hands.push([`G${i % 9 + 1}`, `Y${i}`, `Y${i}`, `B${i}`, `R${i}`]);
  const opened = await puzzle({ hands, draw_pile: ['R0', 'Y0'], discard_pile: ['R3'], turn: 0 },
    { edition: 'spider-man', browser: { viewport, isMobile: true, hasTouch: true } });
  await opened.page.getByRole('button', { name: 'Wild Web Swing' }).click();
  await opened.page.getByRole('dialog', { name: 'Choose a color' }).getByRole('button', { name: 'Green' }).click();
  const choice = opened.page.getByRole('group', { name: 'Choose a player' });
  await choice.getByText('Skip a player holding Green?').waitFor();
  return { ...opened, choice };
}

test('at a table of ten on a phone, the hands a Web Swing showed scroll in a list the keyboard reaches', async () => {
  const { page, context, problems, choice } = await swingAtATableOf(10, { width: 360, height: 640 });
  const shown = choice.getByRole('list', { name: 'Hands the Web Swing showed' });
  assert.equal(await shown.getByRole('listitem').count(), 9);
  await shown.getByRole('listitem', { name: 'Ivo: Red 9, Blue 9, Green 1, Yellow 9, Yellow 9' }).waitFor({ state: 'attached' });
  assert.ok(await shown.evaluate((l) => l.scrollHeight > l.clientHeight), 'nine hands take more than the list shows');
  // Four buttons to a row and the list a row and a half high: the player's hand stays in sight.
  const tops = await choice.getByRole('button').evaluateAll((bs) => bs.map((b) => Math.round(b.getBoundingClientRect().top)));
  assert.equal(new Set(tops).size, 3, `ten buttons in three rows: ${tops}`);
  const hand = await page.getByRole('list', { name: 'Your hand' }).boundingBox();
  assert.ok(hand.y >= 0 && hand.y + hand.height <= 640, `the hand in sight: ${JSON.stringify(hand)}`);
  // A list that scrolls is a tab stop (axe: scrollable-region-focusable), next after the choice.
  assert.deepEqual(await axeViolations(page), []);
  await choice.getByRole('button', { name: 'No one' }).focus();
  await page.keyboard.press('Tab');
  assert.equal(await shown.evaluate((l) => l === document.activeElement), true);
  await page.keyboard.press('End');
  // (The browser may scroll smoothly: waited for.)
  await page.waitForFunction(() => document.activeElement.scrollTop > 0, null, { timeout: 3000 });
  await choice.getByRole('button', { name: 'Ada (5 cards)' }).click();
  await logLine(page, 'Ada is skipped.').waitFor();
  assert.deepEqual(problems, []);
  await context.close();
});

/** The table while Ada, at UNO, chooses whom her Web Swing skips: the opponents' row's height
 * and the bottom of the player's first card. */
async function whileAdaChooses(page) {
  const measured = await page.waitForFunction(() => {
    const chip = document.querySelector('.opponent.to-play:has(.uno-badge)');
    if (!chip) return null;
    return {
      opponents: document.querySelector('.opponents').getBoundingClientRect().height,
      card: document.querySelector('.hand .card').getBoundingClientRect().bottom,
    };
  }, null, { polling: 'raf' });
  return measured.jsonValue();
}

test("a bot's Web Swing shows the player the other hands too, until the player's next move", async () => {
  // Ada holds a Web Swing and a card that does not fit: she swings, and every other hand is
  // shown to all (the bots see them; so does the player).
  const { page, context, problems } = await puzzle(
    { hands: [['G2', 'G3', 'B4', 'Y5', 'R6'], ['WS', 'B9'], ['R3', 'B3', 'G3', 'Y3'], ['R4', 'B4', 'G4', 'Y4']], draw_pile: ['R0', 'Y0'], discard_pile: ['R3'], turn: 1 },
    { edition: 'spider-man', browser: { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true } });
  // Ada to play, her chip marked so: the opponents' row as it is dealt.
  const dealt = (await page.locator('.opponents').boundingBox()).height;
  const choosing = await whileAdaChooses(page);
  await logLine(page, 'Ada swings a web: every hand is shown.').waitFor();
  await page.locator('.turn', { hasText: 'Your turn.' }).waitFor();
  // While she chose, to play and at UNO, and now that she is next at UNO, her chip is no taller
  // than it was dealt, so the table does not move down for her turns (it was a line taller).
  const now = (await page.locator('.opponents').boundingBox()).height;
  assert.deepEqual([choosing.opponents, now], [dealt, dealt], `the opponents' row kept its height: ${JSON.stringify(choosing)}`);
  const panel = page.locator('.reveal-panel', { hasText: "Shown by Ada's Web Swing:" });
  const shown = panel.getByRole('list', { name: 'Hands the Web Swing showed' });
  // Each other hand as it was shown (Cleo has played from hers since), not the player's own.
  const said = await shown.getByRole('listitem').evaluateAll((items) => items.map((i) => i.getAttribute('aria-label')));
  assert.equal(said.length, 2, `${said}`);
  assert.equal(said[0], 'Ben: Red 3, Blue 3, Green 3, Yellow 3');
  assert.match(said[1], /^Cleo, at the Web Swing: Red 4, Blue 4, Green 4, Yellow 4$/);
  assert.deepEqual(await axeViolations(page), []);
  // The hand and UNO stay in sight on a phone.
  const uno = await page.getByRole('button', { name: 'UNO!' }).boundingBox();
  assert.ok(uno.y + uno.height <= 640, `UNO in sight: ${JSON.stringify(uno)}`);
  await screenshot(page, 'web-swing-by-a-bot');
  // At a table the hands go back: here after the player's next move.
  await page.getByRole('button', { name: 'Blue 4' }).click();
  await logLine(page, 'You play Blue 4.').waitFor();
  assert.equal(await panel.count(), 0);
  assert.deepEqual(problems, []);
  await context.close();
  {
    // Ten at the table, a phone held sideways: the list beside the piles shows a row and
    // scrolls to the other eight, and the hand stays in sight (it was pushed 33 px below).
    const hands = [['G2', 'G3', 'B4', 'Y5', 'R6'], ['WS', 'B9']];
    for (let i = 2; i < 10; i++) hands.push([`G${i % 9 + 1}`, `Y${i % 9 + 1}`, `B${i % 9 + 1}`, `R${i % 9 + 1}`]);
    const { page, context, problems } = await puzzle({ hands, draw_pile: ['R0', 'Y0'], discard_pile: ['R3'], turn: 1 },
      { edition: 'spider-man', browser: { viewport: { width: 568, height: 320 }, isMobile: true, hasTouch: true } });
    const shown = page.locator('.reveal-panel').getByRole('list', { name: 'Hands the Web Swing showed' });
    // The hand is in sight while Ada chooses too (her chip was a line taller, the hand 10 px
    // below), and once she has chosen.
    const choosing = await whileAdaChooses(page);
    assert.ok(choosing.card <= 320, `the hand in sight while Ada chooses: ${JSON.stringify(choosing)}`);
    await shown.waitFor();
    await logLine(page, /^Ada chose /).waitFor();
    await page.waitForFunction(() => !document.querySelector('.turn').textContent.startsWith('Ada'));
    assert.equal(await shown.getByRole('listitem').count(), 8);
    assert.ok(await shown.evaluate((l) => l.scrollHeight > l.clientHeight), 'eight hands scroll in their list');
    const card = await hand(page).first().boundingBox();
    assert.ok(card.y + card.height <= 320, `the hand in sight: ${JSON.stringify(card)}`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('on a phone held sideways, a Web Swing takes the width above the piles and its hands are in sight', async () => {
  for (const players of [4, 10]) {
    const { page, context, problems, choice } = await swingAtATableOf(players, { width: 568, height: 320 });
    // (In the column beside the piles the list of ten players' hands began below the edge.)
    const list = await choice.getByRole('list', { name: 'Hands the Web Swing showed' }).boundingBox();
    assert.ok(list.y + list.height <= 320, `${players} players: the hands' list in sight: ${JSON.stringify(list)}`);
    const pile = await page.getByRole('img', { name: /^Top card/ }).boundingBox();
    assert.ok(pile.y >= list.y + list.height, `${players} players: the piles below the list, not over it: ${JSON.stringify(pile)}`);
    assert.ok((await page.locator('.prompt').boundingBox()).width > 500, `${players} players: the choice as wide as the table`);
    if (players === 4) {
      // Its sentence and four buttons in one row (a 7's four to a row beside the piles are not).
      const tops = await choice.locator('p, button').evaluateAll((es) => es.map((e) => Math.round(e.getBoundingClientRect().top + e.getBoundingClientRect().height / 2)));
      assert.equal(new Set(tops).size, 1, `the sentence and its buttons in one row: ${tops}`);
    }
    assert.deepEqual(await axeViolations(page), [], `${players} players`);
    if (players === 10) await screenshot(page, 'web-swing-sideways');
    await choice.getByRole('button', { name: 'Ada (5 cards)' }).click();
    await logLine(page, 'Ada is skipped.').waitFor();
    // The choice made, the piles are beside the log again, and the hand in sight.
    const card = await hand(page).first().boundingBox();
    assert.ok(card.y + card.height <= 320, `${players} players: the hand back in sight: ${JSON.stringify(card)}`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

/** The player's 7 (seven-O) at a table of `players` on a phone of `viewport`, each other seat
 * holding four cards: the choice of whom to swap hands with, open. */
async function sevenAtATableOf(players, viewport) {
  const hands = [['R7', 'G2', 'G3', 'G4', 'G5', 'G6', 'G7', 'G8']];
  for (let i = 1; i < players; i++) hands.push([`R${i % 9 + 1}`, `Y${i}`, `Y${i}`, `B${i}`]);
  const opened = await puzzle(
    { hands, draw_pile: ['G0', 'R0', 'Y0', 'B0', 'R9', 'B9', 'B8', 'B7'], discard_pile: ['R3'], turn: 0 },
    { house_rules: { seven_o: true }, browser: { viewport, isMobile: true, hasTouch: true } });
  await opened.page.getByRole('button', { name: 'Red 7' }).click();
  const choice = opened.page.getByRole('group', { name: 'Choose a player' });
  await choice.getByText('Swap hands with whom?').waitFor();
  return { ...opened, choice };
}

test('on a phone held sideways, a 7 offers its players four to a row beside the piles: the hand stays in sight up to nine players', async () => {
  const names = ['Ada', 'Ben', 'Cleo', 'Dev', 'Eve', 'Finn', 'Gus', 'Hana'];
  for (const [players, viewport] of [[4, SIDEWAYS], [5, SIDEWAYS], [6, SIDEWAYS], [9, SIDEWAYS], [9, { width: 640, height: 360 }]]) {
    const what = `${players} players at ${viewport.width}×${viewport.height}`;
    const { page, context, problems, choice } = await sevenAtATableOf(players, viewport);
    const offered = names.slice(0, players - 1);
    assert.deepEqual(await choice.getByRole('button').allTextContents(), offered.map((n) => `${n} (4 cards)`));
    // (One to a row, three buttons pushed the hand below the edge; three to a row, five did;
    // at 640 px five squeezed into a row, their words on three lines.)
    const boxes = await choice.getByRole('button').evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect()).map((r) => [Math.round(r.top), Math.round(r.height)]));
    assert.equal(new Set(boxes.map(([top]) => top)).size, Math.ceil((players - 1) / 4), `${what}: four to a row: ${boxes}`);
    assert.equal(new Set(boxes.map(([, height]) => height)).size, 1, `${what}: each a name over its cards: ${boxes}`);
    const card = await hand(page).first().boundingBox();
    assert.ok(card.y + card.height <= viewport.height, `${what}: the hand in sight: ${JSON.stringify(card)}`);
    if (players === 4 || players === 9) {
      assert.deepEqual(await axeViolations(page), [], what);
      await screenshot(page, `seven-sideways-${players}-${viewport.width}`);
    }
    await choice.getByRole('button', { name: `${offered.at(-1)} (4 cards)` }).click();
    await logLine(page, `You and ${offered.at(-1)} swap hands.`).waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('a 7 at a table of ten offers nine players in three rows, and the hand stays in sight on a small phone', async () => {
  // Upright, and sideways, where the choice has a column of half the screen.
  for (const viewport of [{ width: 320, height: 568 }, SIDEWAYS]) {
    const what = `${viewport.width}×${viewport.height}`;
    const { page, context, problems, choice } = await sevenAtATableOf(10, viewport);
    // Each button still says its player and cards in one name, though drawn on two lines.
    const names = ['Ada', 'Ben', 'Cleo', 'Dev', 'Eve', 'Finn', 'Gus', 'Hana', 'Ivo'];
    assert.deepEqual(await choice.getByRole('button').allTextContents(), names.map((n) => `${n} (4 cards)`));
    const tops = await choice.getByRole('button').evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().top));
    assert.equal(new Set(tops.map(Math.round)).size, 3, `${what}: nine players in three rows: ${tops}`);
    assert.deepEqual(await axeViolations(page), [], what);
    if (viewport.height > viewport.width) {
      // It fits above the hand: the hand's cards are in sight without scrolling.
      const card = await hand(page).first().boundingBox();
      assert.ok(card.y + card.height <= viewport.height, `the hand is pushed out of sight: ${JSON.stringify(card)}`);
      assert.equal(await page.evaluate(() => document.querySelector('.table').scrollTop + document.scrollingElement.scrollTop), 0);
    }
    await choice.getByRole('button', { name: 'Hana (4 cards)' }).click();
    await logLine(page, 'You and Hana swap hands.').waitFor();
    assert.deepEqual(problems, [], what);
    await context.close();
  }
});

test('a hand a Web Swing showed is said as it was then, once it has changed', async () => {
  // Two players, seven-O: the swing shows Ada's hand; she plays from it; then the player's 7
  // asks whom to swap with, and the hand shown is hers as it was at the swing.
  const { page, context, problems } = await puzzle(
    { hands: [['WS', 'R7', 'B2', 'G4'], ['R1', 'R2', 'G5', 'Y3']], discard_pile: ['R3'], turn: 0 },
    { edition: 'spider-man', house_rules: { seven_o: true } });
  await page.getByRole('button', { name: 'Wild Web Swing' }).click();
  await page.getByRole('dialog', { name: 'Choose a color' }).getByRole('button', { name: 'Red' }).click();
  const choice = page.getByRole('group', { name: 'Choose a player' });
  await choice.getByRole('listitem', { name: 'Ada: Red 1, Red 2, Green 5, Yellow 3' }).waitFor();
  await choice.getByRole('button', { name: 'No one' }).click();
  await logLine(page, /^Ada plays Red [12]\.$/).waitFor();
  await page.getByRole('button', { name: 'Red 7' }).click();
  await choice.getByText('Swap hands with whom?').waitFor();
  await choice.getByRole('listitem', { name: 'Ada, at the Web Swing: Red 1, Red 2, Green 5, Yellow 3' }).waitFor();
  assert.deepEqual(problems, []);
  await context.close();
});

test('each opponent can have its own level, and the choice is remembered', async () => {
  const { page, context } = await openPage(shared.browser);
  await page.goto(shared.site.url);
  await page.getByText("Each opponent's level").click();
  await page.getByLabel('Ben').selectOption('Hard');
  await page.reload();
  await page.getByText("Each opponent's level").click();
  assert.equal(await page.getByLabel('Ada').inputValue(), 'Medium');
  assert.equal(await page.getByLabel('Ben').inputValue(), 'Hard');
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('uno-table.options')).seat_levels);
  assert.deepEqual(saved, ['medium', 'hard', 'medium']);
  await context.close();
});

test('jump-in: the twin of the top card is shown and said as a chance out of turn, and played', async () => {
  // Ada can only play her Red 5; the player holds the other. Ben is next, a bot.
  const { page, context, problems } = await puzzle(
    { hands: [['R5', 'B2', 'G5'], ['R5', 'B7', 'B8', 'B9'], ['Y5', 'Y6', 'Y7']], discard_pile: ['R3'], turn: 1 },
    { house_rules: { jump_in: true } });
  await logLine(page, 'Ada plays Red 5.').waitFor();
  await page.locator('.chance', { hasText: 'You may jump in with Red 5.' }).waitFor();
  const said = await page.locator('.announcements p').last().textContent();
  assert.equal(said, 'Ada plays Red 5. You may jump in with Red 5. Press J.');
  assert.equal(await page.locator('.turn').textContent(), 'Ben to play.');
  // Focus is already on the card (Enter would play it); J plays it from anywhere.
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.card), 'R5');
  await page.locator('.log ul').focus();
  await page.keyboard.press('j');
  await logLine(page, 'You play Red 5.').waitFor();
  const lines = await page.locator('.log li').allTextContents();
  const mine = lines.indexOf('You play Red 5.');
  assert.equal(lines[mine + 1], 'Ada plays Red 5.', `Ben did not play before the jump: ${JSON.stringify(lines)}`);
  // Help lists J at a table that plays jump-in.
  await page.keyboard.press('?');
  await page.getByRole('dialog', { name: 'Help' }).getByRole('rowheader', { name: 'J', exact: true }).waitFor();
  await page.keyboard.press('Escape');
  // The chance is gone, and play goes on from the player: Ada is next.
  assert.equal(await page.locator('.chance').count(), 0);
  await page.locator('.log li').nth(lines.length).waitFor();
  const after = await page.locator('.log li').allTextContents();
  assert.match(after[after.indexOf('You play Red 5.') - 1], /^Ada /, JSON.stringify(after));
  assert.deepEqual(problems, []);
  await context.close();
});

test('jump-in: UNO called for a jump-in let pass is void, so the next-to-last card asks for UNO again', async () => {
  // The player holds the top card's twin and one more card; Ada plays on, Ben draws a Green 7
  // he cannot play, and the player's Red 5 fits the Red 6.
  const { page, context, problems } = await puzzle(
    { hands: [['R5', 'Y2'], ['R6', 'B3', 'B4'], ['G1', 'G2', 'G3']], discard_pile: ['R5'], draw_pile: ['Y7', 'Y8', 'G7'], turn: 1 },
    { house_rules: { jump_in: true } });
  const uno = page.locator('.uno-button');
  await page.locator('.chance', { hasText: 'You may jump in with Red 5.' }).waitFor();
  await page.keyboard.press('u');
  await logLine(page, 'You call UNO!').waitFor();
  assert.equal(await uno.getAttribute('aria-disabled'), 'true', 'called: UNO is not offered again');
  await logLine(page, 'Ben drew a card.').waitFor();
  await page.locator('.turn', { hasText: 'Your turn.' }).waitFor();
  // The call was for a jump-in that never came: it lapsed, and UNO is offered again.
  assert.equal(await uno.getAttribute('aria-disabled'), 'false');
  await uno.click();
  assert.equal(await logLine(page, 'You call UNO!').count(), 2);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a Blank card is called so, its picker says what it does, and discarding a color empties the hand of it', async () => {
  // Neither bot holds or draws (Blue 6, Blue 7) a Green card: the Blank card stays on top.
  const { page, context, problems } = await puzzle(
    { hands: [['WC', 'B2', 'G5', 'B7'], ['R5', 'Y8', 'Y9'], ['Y5', 'Y6', 'Y7']], discard_pile: ['R3'], turn: 0 },
    { edition: 'classic-blank', custom_effect: 'discard_color' });
  // Named as its face reads (BLANK), in the hand, the picker, the log and the pile alike.
  await page.getByRole('button', { name: 'Blank card' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose a color' });
  assert.equal(await picker.getAttribute('aria-describedby'), 'picker-about picker-effect');
  assert.equal(await picker.locator('#picker-about').textContent(), 'for your Blank card: a color\'s first letter picks it, Escape cancels');
  assert.equal(await picker.locator('#picker-effect').textContent(), 'Discard every card of the named color.');
  await picker.getByRole('button', { name: 'Green' }).click();
  await logLine(page, 'You discard 1 Green card.').waitFor();
  const lines = await page.locator('.log li').allTextContents();
  const played = lines.indexOf('You play Blank card and name Green.');
  assert.equal(lines[played - 1], 'You discard 1 Green card.', JSON.stringify(lines));
  assert.deepEqual(await hand(page).evaluateAll((b) => b.map((x) => x.dataset.card)), ['B2', 'B7']);
  assert.equal(await page.getByRole('img', { name: /^Top card/ }).getAttribute('aria-label'), 'Top card: Blank card');
  assert.deepEqual(problems, []);
  await context.close();
});

test('stacking: a Draw Two on the player is said with its answers, stacked, and passed on grown', async () => {
  // Ada can only play her Red Draw Two; play goes from Ada to the player, then to Ben.
  const { page, context, problems } = await puzzle(
    { hands: [['BD2', 'B2', 'G5'], ['RD2', 'B7', 'B8'], ['Y5', 'Y6', 'Y7']], discard_pile: ['R3'], turn: 1, direction: -1 },
    { house_rules: { stack_draw_twos: true, stack_draw_fours: true } });
  await page.locator('.prompt').getByText('You must draw 2, or stack a card on it.').waitFor();
  assert.equal(await page.locator('.announcements p').last().textContent(),
    'Ada plays Red Draw Two. Your turn. Top card Red Draw Two, color Red. You must draw 2, or stack a card on it.');
  // Only the Draw Two answers it.
  assert.deepEqual(await page.locator('.hand .card.playable').evaluateAll((b) => b.map((x) => x.dataset.card)), ['BD2']);
  await page.getByRole('button', { name: 'Blue Draw Two' }).click();
  await logLine(page, 'Ben must draw 4.').waitFor();
  assert.match(await opponent(page, 'Ben').getAttribute('aria-label'), /^Ben: 7 cards/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('jump-in: a bot holding the twin waits a person\'s reaction time, so the player\'s turn is theirs to take', async () => {
  // The player's turn on a Red 5; Ben holds the other Red 5 and may jump in at once.
  const { page, context, problems } = await puzzle(
    { hands: [['R7', 'B2', 'G5'], ['B7', 'B8', 'B9'], ['R5', 'Y6', 'Y7']], discard_pile: ['R5'], turn: 0 },
    { house_rules: { jump_in: true } });
  await page.getByRole('button', { name: 'Red 7' }).click();
  await logLine(page, 'You play Red 7.').waitFor();
  assert.equal(await logLine(page, 'Ben plays Red 5.').count(), 0, 'Ben jumped in before the player could move');
  assert.deepEqual(problems, []);
  await context.close();
});
