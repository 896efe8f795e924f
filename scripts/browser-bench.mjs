// Browser benchmarks of the release site, in headless Chromium on loopback:
// - time from navigation to a playable table (median and worst of 10 fresh loads);
// - during whole 10-player games of hard bots watched at top speed (watch mode, several runs):
//   the longest main-thread task, from Chrome's long-task entries and from the worst delay of
//   a MessageChannel ping loop (which also sees tasks under 50 ms), the p95 frame time (the
//   gaps between animation frames), and the main thread's whole script and task time from the
//   table's show to the game's end (Chrome's `ScriptDuration` and `TaskDuration`, over CDP):
//   the same seeds play the same games, so two builds compare by it far more steadily than by
//   their longest task.
// Usage: node scripts/browser-bench.mjs [runs, default 3]   (after a release build into dist/)
import { launch, openPage, DIST } from '../tests/e2e/helpers.mjs';
import { serve } from '../tests/e2e/serve.mjs';

const site = await serve(DIST);
const browser = await launch();
const loads = [];
for (let i = 0; i < 10; i++) {
  const { page, context } = await openPage(browser);
  // The page notes the moment the table's draw button appears: read after Playwright's
  // waitFor, the clock would also count its polling and round trips (150–250 ms here).
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.querySelector('button.draw-pile')) {
        window.__playable = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`${site.url}?edition=classic&players=4&seed=${100 + i}`);
  await page.getByRole('button', { name: 'Draw a card' }).waitFor();
  const playable = await page.evaluate(() => window.__playable);
  if (typeof playable !== 'number') throw new Error('the draw button was never seen appearing');
  loads.push(playable);
  await context.close();
}
loads.sort((a, b) => a - b);

const runs = Number(process.argv[2] || 3);
const games = [];
for (let run = 0; run < runs; run++) {
  const { page, context } = await openPage(browser);
  await page.addInitScript(() => {
    window.__longest = { longtask: 0, lag: 0 };
    window.__frames = [];
    // Only what happens once the table is shown: loading the page (compiling the wasm) is
    // measured by the first figure.
    window.__tableAt = Infinity;
    new MutationObserver((_, observer) => {
      if (document.querySelector('button.draw-pile')) {
        window.__tableAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.startTime >= window.__tableAt) {
          window.__longest.longtask = Math.max(window.__longest.longtask, e.duration);
          (window.__tasks ||= []).push([Math.round(e.startTime - window.__tableAt), Math.round(e.duration)]);
        }
      }
    }).observe({ type: 'longtask', buffered: true });
    const channel = new MessageChannel();
    let sent = performance.now();
    // Both waits are timed: the message's, and the timer's beyond its 5 ms (a task that runs
    // while the timer waits delays the timer).
    const late = (from) => {
      const now = performance.now();
      if (from >= window.__tableAt) window.__longest.lag = Math.max(window.__longest.lag, now - from);
      return now;
    };
    channel.port1.onmessage = () => {
      late(sent);
      const due = performance.now() + 5;
      setTimeout(() => { sent = late(due); channel.port2.postMessage(0); }, 5);
    };
    channel.port2.postMessage(0);
    let last = 0;
    const frame = (t) => { if (last && last >= window.__tableAt) window.__frames.push(t - last); last = t; requestAnimationFrame(frame); };
    requestAnimationFrame(frame);
  });
  await page.goto(site.url);
  await page.evaluate(() => localStorage.setItem('uno-table.options', JSON.stringify({ speed: 'instant', level: 'hard' })));
  const started = Date.now();
  const cdp = await context.newCDPSession(page);
  const busy = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const of = (name) => metrics.find((m) => m.name === name).value * 1000;
    return { script: of('ScriptDuration'), task: of('TaskDuration') };
  };
  await page.goto(`${site.url}?edition=classic&players=10&seed=${7 + run}&level=hard&watch=1`);
  await page.getByRole('button', { name: /Draw a card/ }).waitFor();
  await cdp.send('Performance.enable');
  const shown = await busy();
  await page.getByRole('dialog', { name: /wins the game|win the game/ }).waitFor({ timeout: 900000 });
  const ended = await busy();
  const seconds = (Date.now() - started) / 1000;
  const longest = await page.evaluate(() => window.__longest);
  if (process.env.BENCH_DEBUG) console.error(await page.evaluate(() => JSON.stringify({ tasks: window.__tasks, over: performance.now() - window.__tableAt })));
  const frames = await page.evaluate(() => window.__frames.slice().sort((a, b) => a - b));
  const players = await page.evaluate(() => document.querySelectorAll('.scores li').length);
  await context.close();
  games.push({
    seconds: Math.round(seconds),
    players,
    longest_long_task_ms: Math.round(longest.longtask),
    longest_main_thread_delay_ms: Math.round(longest.lag),
    p95_frame_ms: Math.round(frames[Math.floor(frames.length * 0.95)] * 10) / 10,
    frames: frames.length,
    main_thread_script_ms: Math.round(ended.script - shown.script),
    main_thread_task_ms: Math.round(ended.task - shown.task),
  });
}
await browser.close();
await site.close();

const result = {
  playable_table_ms: { median: Math.round(loads[5]), worst: Math.round(loads[9]) },
  whole_10_player_games_of_hard_bots: games,
};
console.log(JSON.stringify(result));
