import { launch, openPuzzle } from './helpers.mjs';
import { serve } from './serve.mjs';
const shared = { site: await serve('dist'), browser: await launch() };
const { page, context, problems } = await openPuzzle(shared, { hands: [['R7', 'R8'], ['G1', 'G2', 'G3'], ['Y5', 'Y6', 'Y7']], discard_pile: ['R3'], turn: 0 }, { browser: { viewport: { width: 360, height: 640 } } });
await page.waitForTimeout(800);
await page.screenshot({ path: '/tmp/s/k-due.png' });
console.log(await page.locator('.uno-button').evaluate((b) => b.outerHTML));
await context.close(); await shared.browser.close(); process.exit(0);
