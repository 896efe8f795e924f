import { spawn } from 'node:child_process';
import { launch, openPage, DIST, ROOT } from './helpers.mjs';
import { join } from 'node:path';
const server = spawn(join(ROOT, 'target/fast/uno-server'), ['--addr', '127.0.0.1:0', '--dist', DIST, '--db', '/tmp/s/zz.sqlite'], { stdio: ['ignore', 'pipe', 'ignore'] });
const url = await new Promise((r) => server.stdout.on('data', (d) => { const m = /http:\/\/([0-9.:]+)\//.exec(d.toString()); if (m) r(`http://${m[1]}`); }));
const browser = await launch();
const D = { width: 1280, height: 800 };
const ada = await openPage(browser, { viewport: D });
await ada.page.goto(`${url}/?online`);
await ada.page.getByLabel('Your name').fill('Ada');
await ada.page.getByLabel('Seats').selectOption('3');
await ada.page.getByLabel('Seat 2').selectOption('human');
await ada.page.getByRole('button', { name: 'Create room' }).click();
const code = (await ada.page.locator('.lobby .room-code').textContent()).trim();
const bo = await openPage(browser, { viewport: D });
await bo.page.goto(`${url}/?room=${code}`);
await bo.page.getByLabel('Your name').fill('Bo');
await bo.page.getByRole('button', { name: 'Join', exact: true }).click();
await ada.page.getByText('Bo: connected').waitFor();
await ada.page.screenshot({ path: '/tmp/s/desk-lobby.png' });
// keyboard: Tab until Free seat has focus, then Enter
let found = false;
for (let i = 0; i < 30; i++) {
  await ada.page.keyboard.press('Tab');
  const name = await ada.page.evaluate(() => document.activeElement?.getAttribute('aria-label') || document.activeElement?.textContent);
  if (name === 'Free seat of Bo') { found = true; break; }
}
console.log('tab reached Free seat:', found);
await ada.page.keyboard.press('Enter');
await ada.page.getByText('Seat 2: free seat: a bot plays it').waitFor();
await bo.page.getByText('Your seat was freed', { exact: false }).waitFor();
await bo.page.screenshot({ path: '/tmp/s/desk-bo-freed.png' });
await ada.page.getByRole('button', { name: 'Start the game' }).click();
await ada.page.locator('.hand .card').first().waitFor();
await ada.page.getByRole('button', { name: 'Rules' }).click();
await ada.page.screenshot({ path: '/tmp/s/desk-rules.png' });
await browser.close(); server.kill();
