import { launch, openPage } from './helpers.mjs';
import { serve } from './serve.mjs';
import { DIST } from './helpers.mjs';
const srv = await serve(DIST);
const browser = await launch();
for (const [w, h, dsf] of [[853, 533, 1.5], [1024, 640, 1.25], [640, 400, 2], [800, 500, 1.6], [740, 360, 1], [568, 320, 1]]) {
  const { page } = await openPage(browser, { viewport: { width: w, height: h }, deviceScaleFactor: dsf });
  await page.goto(`${srv.url}?players=4&seed=7&level=easy`);
  await page.getByRole('button', { name: 'Draw a card' }).waitFor();
  await page.waitForTimeout(1500);
  const s = await page.evaluate(() => ({ h: document.scrollingElement.scrollHeight, w: document.scrollingElement.scrollWidth }));
  console.log(w, h, JSON.stringify(s));
  await page.screenshot({ path: `/tmp/s/zoom-${w}x${h}.png`, fullPage: true });
  await page.close();
}
await browser.close(); srv.close?.(); process.exit(0);
