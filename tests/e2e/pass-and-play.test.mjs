// Pass-and-play: two people and a bot around one device. A round is played to its end through
// the "Pass to NAME" screens, at phone and desktop size; at every handover no card of anyone's
// is in the page or its accessibility tree, focus is on the handover's button, and a reload
// resumes at the same handover (or, made while a hand was face up, at that person's).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sharedSite, openPage, axeViolations, screenshot, settle, widerThan, recordScreenLocks, screenLocks, countNotes } from './helpers.mjs';

const shared = sharedSite();

const CARD_NAME = /\b(Red|Blue|Green|Yellow) (\d|Skip|Reverse|Draw Two)\b|\bWild\b/;
const handNames = (page) => page.getByRole('list', { name: 'Your hand' }).getByRole('button')
  .evaluateAll((cards) => cards.map((c) => c.querySelector('.visually-hidden').textContent));

/** The puzzle link that opens `scenario` (the remembered players stay: a puzzle keeps them). */
const puzzleLink = (scenario) => `${shared.site.url}?scenario=${encodeURIComponent(JSON.stringify(scenario))}`;

/** On the New game screen: `players` seats, Ada's a person named Bea, seat 0 named `me`. */
async function peopleAtTheTable(page, players, me) {
  await page.getByRole('combobox', { name: /^Players/ }).selectOption(String(players));
  await page.getByText("Each opponent's level").click();
  await page.getByLabel('Ada').selectOption('Person');
  await page.getByLabel('Seat 2 name').fill('Bea');
  await page.getByLabel('Seat 2 name').press('Tab');
  if (me) {
    await page.getByLabel('Your name').fill(me);
    await page.getByLabel('Your name').press('Tab');
  }
}

/** The handover to `name` is shown, and nothing of any hand is. */
async function handedOverTo(page, name) {
  const dialog = page.getByRole('dialog', { name: `Pass to ${name}` });
  await dialog.waitFor();
  assert.equal(await page.getByRole('list', { name: 'Your hand' }).count(), 0, 'no hand list');
  const tree = await page.locator('body').ariaSnapshot();
  assert.doesNotMatch(tree, CARD_NAME, `no card in the accessibility tree at the handover to ${name}`);
  assert.doesNotMatch(await page.locator('body').innerText(), CARD_NAME, 'no card on screen');
  const focused = await page.evaluate(() => document.activeElement?.textContent);
  assert.equal(focused, `I am ${name}: show my hand`, 'the handover has the focus');
  return dialog;
}

for (const [size, viewport] of [['phone', { width: 360, height: 640 }], ['desktop', { width: 1280, height: 800 }]]) {
  test(`two people and a bot play a round through the handovers (${size})`, async () => {
    const { page, context, problems } = await openPage(shared.browser, { viewport });
    await recordScreenLocks(page);
    await page.goto(shared.site.url);
    await peopleAtTheTable(page, 3, 'Al');

    // An exact round (a puzzle link keeps the remembered players): Al, Bea, then Ben, a bot.
    const scenario = {
      edition: 'classic', seed: 1,
      setup: { hands: [['R7', 'R2'], ['R5', 'G3'], ['Y1', 'Y2']], draw_pile: ['B9', 'B8', 'G7'], discard_pile: ['R3'], turn: 0 },
    };
    await page.goto(puzzleLink(scenario));

    await handedOverTo(page, 'Al');
    // One device passed around: its screen stays on while the game is at the table.
    assert.deepEqual(await screenLocks(page), ['screen']);
    assert.deepEqual(await axeViolations(page), []);
    if (size === 'phone') await screenshot(page, 'pass-and-play-handover');
    // The bar stays as it is when the hand is shown (on a phone, the table's one slim row).
    const bar = () => page.locator('.top-bar').evaluate((b) => b.getBoundingClientRect().height);
    const barAtHandover = await bar();
    await page.keyboard.press('Enter');
    assert.deepEqual(await handNames(page), ['Red 2', 'Red 7']);
    assert.equal(await bar(), barAtHandover, 'the bar changed as the hand was shown');
    await page.getByRole('button', { name: 'UNO!' }).click();
    await page.locator('.log li', { hasText: 'You call UNO!' }).waitFor();
    await page.getByRole('button', { name: 'Red 7' }).click();

    await handedOverTo(page, 'Bea');
    // A reload in the middle resumes at the same handover.
    await page.reload();
    await handedOverTo(page, 'Bea');
    await page.getByRole('button', { name: 'I am Bea: show my hand' }).click();
    assert.deepEqual(await handNames(page), ['Red 5', 'Green 3']);
    // Reloaded while Bea's hand is face up (the phone set down, the page dropped by the
    // browser), it comes back behind her "Pass to" screen: whoever picks it up may not be Bea.
    await page.reload();
    await handedOverTo(page, 'Bea');
    await page.getByRole('button', { name: 'I am Bea: show my hand' }).click();
    assert.deepEqual(await handNames(page), ['Red 5', 'Green 3']);
    // Her first turn: the round so far is news to her, from the deal.
    assert.equal(await page.locator('.announcements').textContent(),
      'Al dealt. Red 3 starts the discard pile. Al calls UNO! Al plays Red 7. Your turn. Top card Red 7, color Red. You may play 1 card.');
    await page.getByRole('button', { name: 'UNO!' }).click();
    await page.locator('.log li', { hasText: 'You call UNO!' }).waitFor();
    await page.getByRole('button', { name: 'Red 5' }).click();

    // Ben draws Blue 9, which does not match; then it is Al's turn again.
    await handedOverTo(page, 'Al');
    // The page's live area, empty at the handover, is the one Al's turn is said in (one
    // drawn anew with the table would be read by no screen reader), after the moves made
    // while Bea held the device: Al may not have been watching.
    assert.equal(await page.evaluate(() => { window.__said = document.querySelector('.announcements'); return window.__said.textContent; }), '');
    await page.getByRole('button', { name: 'I am Al: show my hand' }).click();
    assert.deepEqual(await handNames(page), ['Red 2']);
    assert.equal(await page.evaluate(() => window.__said === document.querySelector('.announcements') && window.__said.textContent),
      'Bea calls UNO! Bea plays Red 5. Ben drew a card. Your turn. Top card Red 5, color Red. You may play 1 card.');
    await page.locator('.log li', { hasText: 'Ben drew a card.' }).waitFor();
    // The same moves stand out in the log (newest first), the lines before them do not.
    assert.deepEqual(await page.locator('.log li.fresh').allTextContents(), ['Ben drew a card.', 'Bea plays Red 5.', 'Bea calls UNO!']);
    assert.equal(await page.locator('.log li', { hasText: 'You play Red 7.' }).evaluate((li) => getComputedStyle(li).fontWeight), '400');
    await page.getByRole('button', { name: 'Red 2' }).click();
    const over = page.getByRole('dialog', { name: 'You went out!' });
    await over.waitFor();
    assert.deepEqual((await over.getByRole('row').allInnerTexts()).map((r) => r.replaceAll('\n', '')), [
      'Player\tIn hand\tBefore\tGain\tTotal', 'You\tout\t0\t+15\t15', 'Bea\t3\t0\t·none\t0', 'Ben\t12\t0\t·none\t0',
    ]);
    // The round counts for each person by name, once (a reload shows the same round over),
    // and not as the player's own record: who holds the device is not known.
    await page.reload();
    await over.getByRole('button', { name: 'Next round' }).click();
    await over.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Leave table' }).click();
    const record = page.getByRole('region', { name: 'Your record' });
    await record.getByText('Pass-and-play at this device').click();
    assert.deepEqual(await record.getByRole('row').allInnerTexts(),
      ['Person, edition\tGames won\tRounds won', 'Al, Classic\t0 of 0\t1 of 1', 'Bea, Classic\t0 of 0\t0 of 1']);
    assert.equal(await record.getByText(/^Games won:|^No round finished yet/).count(), 0);
    assert.equal(await record.getByRole('button', { name: 'Reset my record' }).count(), 1);
    if (size === 'phone') await screenshot(page, 'pass-and-play-record');
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('Play again at one device deals anew and hands the device over before any hand shows', async () => {
  const { page, context, problems } = await openPage(shared.browser);
  await page.goto(shared.site.url);
  await peopleAtTheTable(page, 3, 'Al');
  const scenario = {
    edition: 'classic', seed: 1, house_rules: { scoring: 'single_hand' },
    setup: { hands: [['R7'], ['R5', 'G3'], ['Y1', 'Y2']], draw_pile: ['B9', 'B8', 'G7'], discard_pile: ['R3'], turn: 0 },
  };
  await page.goto(puzzleLink(scenario));
  await handedOverTo(page, 'Al');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Red 7' }).click();
  const over = page.getByRole('dialog', { name: 'You win the game!' });
  // The new deal's seed comes from the browser's random numbers: pinned to one that turns up
  // no Draw Two and lets no bot play one before the first person looks at a hand of seven.
  await page.evaluate(() => { Math.random = () => 0.3; });
  await over.getByRole('button', { name: 'Play again' }).click();
  // A new deal of the same table: whoever of Al and Bea acts first takes the device first.
  const pass = page.getByRole('dialog', { name: /^Pass to (Al|Bea)$/ });
  await pass.waitFor();
  const name = (await pass.getByRole('heading').textContent()).replace('Pass to ', '');
  await handedOverTo(page, name);
  await page.keyboard.press('Enter');
  assert.equal((await handNames(page)).length, 7);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a name of twenty letters and no space wraps on the narrowest phone: the page never widens', async () => {
  const [me, bea] = ['W'.repeat(20), 'M'.repeat(20)];
  const { page, context, problems } = await openPage(shared.browser, { viewport: { width: 320, height: 568 }, isMobile: true, hasTouch: true });
  await page.goto(shared.site.url);
  await peopleAtTheTable(page, 3, me);
  await page.getByLabel('Seat 2 name').fill(bea);
  await page.getByLabel('Seat 2 name').press('Tab');
  const scenario = {
    edition: 'classic', seed: 1, house_rules: { seven_o: true },
    setup: { hands: [['R7', 'B2'], ['R5', 'G3'], ['Y1', 'Y2']], draw_pile: ['B9', 'B8', 'G7'], discard_pile: ['R3'], turn: 0 },
  };
  await page.goto(puzzleLink(scenario));
  const wide = () => widerThan(page, 320);
  await handedOverTo(page, me);
  assert.equal(await wide(), 0, 'the handover');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Red 7' }).click();
  // The seven's choice names the other person in a button.
  const swap = page.getByRole('button', { name: `${bea} (2 cards)` });
  await swap.waitFor();
  assert.equal(await wide(), 0, 'the choice of a player');
  const [button, prompt] = await Promise.all([swap, page.locator('.prompt')].map((l) => l.boundingBox()));
  assert.ok(button.x >= prompt.x && button.x + button.width <= prompt.x + prompt.width, 'the button is inside its prompt');
  await swap.click();
  await handedOverTo(page, bea);
  assert.equal(await wide(), 0, 'the handover to the other person');
  // The end of a round: the name wraps in its cell, and every column of points stays inside
  // the dialog (they were pushed out of it), as do the log's and the scores' lines.
  const last = { ...scenario, house_rules: {}, setup: { ...scenario.setup, hands: [['R7'], ['R5', 'G3', 'W'], ['Y1', 'Y2']] } };
  await page.goto(puzzleLink(last));
  await handedOverTo(page, me);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Red 7' }).click();
  const over = page.getByRole('dialog', { name: 'You went out!' });
  await over.getByRole('button', { name: 'Next round' }).waitFor();
  await settle(page);
  const outside = await page.evaluate(() => {
    const inside = (e, box) => { const r = e.getBoundingClientRect(); return r.left >= box.left - 0.5 && r.right <= box.right + 0.5; };
    const dialog = document.querySelector('dialog.round-over').getBoundingClientRect();
    const cells = [...document.querySelectorAll('.round-over th, .round-over td')].filter((c) => !inside(c, dialog));
    const lines = [...document.querySelectorAll('.log li, .scores li')].filter((l) => !inside(l, l.parentElement.getBoundingClientRect()) || l.scrollWidth > l.clientWidth);
    return [...cells, ...lines].map((e) => e.textContent);
  });
  assert.deepEqual(outside, [], 'cut off');
  assert.match(await over.getByRole('row', { name: new RegExp(`^${bea}`) }).textContent(), /^M{20}58/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('on one device the next person may catch the one before who forgot UNO', async () => {
  const { page, context, problems } = await openPage(shared.browser, { viewport: { width: 360, height: 640 } });
  await page.goto(shared.site.url);
  await peopleAtTheTable(page, 2);
  const scenario = {
    edition: 'classic', seed: 1,
    setup: { hands: [['R7', 'R2'], ['R5', 'G3']], draw_pile: ['B9', 'B8', 'G7'], discard_pile: ['R3'], turn: 0 },
  };
  await page.goto(puzzleLink(scenario));
  // Seat 0 has no name given: "Player 1". It forgets to call UNO.
  await handedOverTo(page, 'Player 1');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Red 7' }).click();
  await handedOverTo(page, 'Bea');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Catch Player 1!' }).click();
  await page.locator('.log li', { hasText: 'You caught Player 1 without UNO!' }).waitFor();
  const opponent = page.getByRole('list', { name: 'Opponents' }).getByRole('listitem', { name: /^Player 1: 3 cards/ });
  await opponent.waitFor();
  assert.deepEqual(await handNames(page), ['Red 5', 'Green 3']);
  assert.deepEqual(problems, []);
  await context.close();
});

test('two changes before the form is drawn again both count: names, and the rules beside them', async () => {
  const { page, context, problems } = await openPage(shared.browser, { viewport: { width: 360, height: 640 } });
  await page.goto(shared.site.url);
  await page.getByRole('combobox', { name: /^Players/ }).selectOption('3');
  await page.getByText("Each opponent's level").click();
  await page.getByLabel('Ada').selectOption('Person');
  await page.getByText('More options').click();
  await page.getByLabel('Target score').waitFor();
  // Each pair in one task, as a quick hand on a slow phone can: the second change comes
  // before the page has drawn the first. (Each used to start from the form as drawn, so the
  // second undid the first: Bea was lost under Al, the penalty under the target.)
  await page.evaluate(() => {
    const change = (field, value) => {
      field.value = value;
      field.dispatchEvent(new Event('change', { bubbles: true }));
    };
    change(document.getElementById('seat-name-1'), 'Bea');
    change(document.getElementById('seat-name-0'), 'Al');
    const labelled = (words) => [...document.querySelectorAll('label')].find((l) => l.textContent.startsWith(words))
      .querySelector('input, select');
    change(labelled('Target score'), '300');
    change(labelled('Missed UNO'), '3');
  });
  // Drawn again, and after a reload: all four as typed.
  const form = async () => [
    await page.getByLabel('Your name').inputValue(), await page.getByLabel('Seat 2 name').inputValue(),
    await page.getByLabel('Target score').inputValue(), await page.getByLabel(/^Missed UNO/).inputValue()];
  await page.waitForFunction(() => document.getElementById('seat-name-1')?.value === 'Bea');
  assert.deepEqual(await form(), ['Al', 'Bea', '300', '3']);
  await page.reload();
  await page.getByText("Each opponent's level").click();
  await page.getByText('More options').click();
  assert.deepEqual(await form(), ['Al', 'Bea', '300', '3']);
  // And the game is dealt with them: the device goes to Al or Bea, and the rules say both.
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByRole('dialog', { name: /^Pass to (Al|Bea)$/ }).waitFor();
  await page.getByRole('button', { name: 'Rules' }).click();
  await page.getByText('Anyone who catches you before the next player acts makes you draw 3.').waitFor();
  await page.getByText(/first to 300 points wins/i).first().waitFor();
  await page.getByRole('button', { name: 'Back to the table' }).first().click();
  assert.deepEqual(problems, []);
  await context.close();
});

test('what is typed and not yet left stays when the page is drawn again meanwhile (the phone put away a moment)', async () => {
  const { page, context, problems } = await openPage(shared.browser, { viewport: { width: 360, height: 640 } });
  await page.goto(shared.site.url);
  await page.getByRole('combobox', { name: /^Players/ }).selectOption('3');
  await page.getByText("Each opponent's level").click();
  await page.getByLabel('Ada').selectOption('Person');
  await page.getByText('More options').click();
  // The page is drawn again while a field still holds what was typed: here the tab hidden and
  // shown again (it reads the options back then), as a phone put away mid-word does. The
  // field used to take back the options' value, and leaving it then changed nothing.
  const redrawn = () => page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await page.getByLabel('Seat 2 name').fill('Bea');
  await redrawn();
  assert.equal(await page.getByLabel('Seat 2 name').inputValue(), 'Bea');
  await page.getByLabel('Seat 2 name').press('Tab');
  await page.getByLabel('Target score').fill('300');
  await redrawn();
  assert.equal(await page.getByLabel('Target score').inputValue(), '300');
  await page.getByLabel('Target score').press('Tab');
  await page.reload();
  await page.getByText("Each opponent's level").click();
  await page.getByText('More options').click();
  assert.equal(await page.getByLabel('Seat 2 name').inputValue(), 'Bea');
  assert.equal(await page.getByLabel('Target score').inputValue(), '300');
  // A number out of bounds is put right when the field is left, and the field shows it so.
  await page.getByLabel('Target score').fill('7');
  await redrawn();
  await page.getByLabel('Target score').press('Tab');
  await page.waitForFunction(() => [...document.querySelectorAll('input[type=number]')].some((f) => f.value === '50'));
  await page.reload();
  await page.getByText('More options').click();
  assert.equal(await page.getByLabel('Target score').inputValue(), '50');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the rules read before acting: back at the table, what was news is not said (nor sounded) again', async () => {
  const { page, context, problems } = await openPage(shared.browser, { viewport: { width: 360, height: 640 } });
  await countNotes(context);
  await page.goto(shared.site.url);
  await peopleAtTheTable(page, 3, 'Al');
  const scenario = {
    edition: 'classic', seed: 1,
    setup: { hands: [['R7', 'R2', 'R4'], ['R5', 'G3', 'G4'], ['Y1', 'Y2', 'R1']], draw_pile: ['B9', 'B8', 'G7'], discard_pile: ['R3'], turn: 0 },
  };
  await page.goto(puzzleLink(scenario));
  await handedOverTo(page, 'Al');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Red 7' }).click();
  await handedOverTo(page, 'Bea');
  await page.keyboard.press('Enter');
  const said = () => page.locator('.announcements').textContent();
  const turn = 'Your turn. Top card Red 7, color Red. You may play 1 card.';
  assert.equal(await said(), `Al dealt. Red 3 starts the discard pile. Al plays Red 7. ${turn}`);
  await page.waitForTimeout(500);
  const heard = await page.evaluate(() => window.notes);
  await page.getByRole('button', { name: 'Rules' }).click();
  await page.getByRole('button', { name: 'Back to the table' }).first().click();
  await page.getByRole('list', { name: 'Your hand' }).waitFor();
  // As back from the rules at a table of one: the turn, and its one note.
  await page.waitForFunction((text) => document.querySelector('.announcements').textContent === text, turn, { timeout: 5000 });
  await page.waitForTimeout(500);
  assert.equal(await page.evaluate(() => window.notes) - heard, 1, 'the turn\'s note only, not the moves\' again');
  assert.deepEqual(await handNames(page), ['Red 5', 'Green 3', 'Green 4']);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a person chosen by keyboard keeps the focus on that seat\'s choice, and Tab goes on to the name', async () => {
  const { page, context, problems } = await openPage(shared.browser, { viewport: { width: 1280, height: 800 } });
  await page.goto(shared.site.url);
  await page.getByRole('combobox', { name: /^Players/ }).selectOption('4');
  await page.getByText("Each opponent's level").click();
  const focused = () => page.evaluate(() => {
    const a = document.activeElement;
    return `${a.tagName} ${a.id || a.labels?.[0]?.firstChild.textContent}`;
  });
  // The first person: "Your name" comes in before the seat, its name field after it.
  await page.getByLabel('Ada').focus();
  await page.keyboard.press('End');
  assert.equal(await page.getByRole('combobox', { name: 'Seat 2', exact: true }).inputValue(), 'Person');
  assert.equal(await focused(), 'SELECT Seat 2');
  await page.keyboard.press('Tab');
  assert.equal(await focused(), 'INPUT seat-name-1');
  await page.keyboard.type('Bea');
  // A second person: only the name field comes in.
  await page.getByLabel('Ben').focus();
  await page.keyboard.press('End');
  assert.equal(await focused(), 'SELECT Seat 3');
  await page.keyboard.press('Tab');
  assert.equal(await focused(), 'INPUT seat-name-2');
  // And back to a bot: the name field goes, the focus stays.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Home');
  assert.equal(await page.getByRole('combobox', { name: 'Ben' }).inputValue(), 'Easy');
  assert.equal(await focused(), 'SELECT Ben');
  assert.equal(await page.getByLabel('Seat 2 name').inputValue(), 'Bea');
  // The last person back to a bot: the fold the player opened stays open, the focus in it.
  await page.getByRole('combobox', { name: 'Seat 2', exact: true }).focus();
  await page.keyboard.press('Home');
  await page.getByText(/^Pass-and-play with/).waitFor({ state: 'detached' });
  assert.equal(await focused(), 'SELECT Ada');
  assert.equal(await page.locator('details.seat-levels').evaluate((d) => d.open), true);
  assert.deepEqual(problems, []);
  await context.close();
});

test('two people under one name are asked for another, and no bot shares a person\'s name', async () => {
  const { page, context, problems } = await openPage(shared.browser, { viewport: { width: 360, height: 640 } });
  await page.goto(shared.site.url);
  await page.getByRole('combobox', { name: /^Players/ }).selectOption('4');
  await page.getByText("Each opponent's level").click();
  await page.getByLabel('Ben').selectOption('Person');
  await page.getByLabel('Seat 3 name').fill('al');
  await page.getByLabel('Seat 3 name').press('Tab');
  await page.getByLabel('Your name').fill('Al');
  await page.getByLabel('Your name').press('Tab');
  const clash = page.getByRole('alert').filter({ hasText: 'Two people are called al: give seat 3 another name.' });
  await clash.waitFor();
  // New game does not pass the device to one of two Als: focus goes to the name to change.
  await page.getByRole('button', { name: 'New game' }).click();
  assert.equal(await page.evaluate(() => document.activeElement.id), 'seat-name-2');
  // What is wrong is said under that field, in view with it, and the field names it.
  const field = page.getByLabel('Seat 3 name');
  assert.equal(await field.getAttribute('aria-describedby'), 'name-clash');
  const [fieldBox, clashBox] = [await field.boundingBox(), await clash.boundingBox()];
  assert.ok(clashBox.y >= fieldBox.y + fieldBox.height && clashBox.y + clashBox.height <= 640,
    `under the field, in view: ${JSON.stringify([fieldBox, clashBox])}`);
  assert.equal(await page.locator('.opponents').count(), 0, 'no table dealt');
  assert.deepEqual(await axeViolations(page), []);
  // Seat 3's person is Cleo: the bot in seat 4, Cleo by its seat, is Jo, on New game too.
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Cleo');
  await page.keyboard.press('Tab');
  await clash.waitFor({ state: 'detached' });
  assert.equal(await page.getByRole('combobox', { name: 'Jo' }).inputValue(), 'Medium');
  assert.equal(await page.getByRole('combobox', { name: 'Cleo' }).count(), 0);
  // A person's seat is named by its place, as its name field is, not by a bot's name.
  assert.equal(await page.getByRole('combobox', { name: 'Seat 3', exact: true }).inputValue(), 'Person');
  assert.equal(await page.getByRole('combobox', { name: 'Ben' }).count(), 0);
  await page.getByRole('button', { name: 'New game' }).click();
  const pass = page.getByRole('dialog', { name: /^Pass to (Al|Cleo)$/ });
  await pass.waitFor();
  const holder = (await pass.getByRole('heading').textContent()).replace('Pass to ', '');
  await page.keyboard.press('Enter');
  await page.getByRole('list', { name: 'Your hand' }).waitFor();
  const seats = await page.locator('.opponents .opponent').evaluateAll((s) => s.map((e) => e.textContent));
  const named = seats.map((t) => ['Ada', 'Al', 'Cleo', 'Jo'].find((n) => t.startsWith(n))).sort();
  assert.deepEqual(named, ['Ada', 'Al', 'Cleo', 'Jo'].filter((n) => n !== holder), JSON.stringify(seats));
  assert.equal(await page.locator('.log').getByText(/\bBen\b/).count(), 0, 'no Ben at this table');
  assert.deepEqual(problems, []);
  await context.close();
});
