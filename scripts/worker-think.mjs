// The bots' thinking time as a player's browser sees it: the release site's own bot worker
// (dist/worker_bg.wasm, built for speed by the `worker` profile) in headless Chromium on
// loopback, asked to decide on the positions `unocli think` times natively (seat 0's turns
// in games of medium-v1 players). Each time is the worker's whole answer as the page waits
// for it: the request and reply encoded as JSON and posted between threads, and the
// decision, the hard level stopped by its browser clock of 40 ms (the share of decisions
// that ran that long is printed too), after ten hard decisions of a fresh worker, whose
// times are printed apart (`cold_hard_ms`: a new page's first searches run slower).
// Usage: node scripts/worker-think.mjs [--against=DIR] [positions, default 200]
//          [seats..., default 4 10]
//   (after a release build into dist/; builds unocli to collect the positions)
// With --against=DIR it measures another build's site too (say, a dist/ built from an older
// commit), at the same time in a Chromium of its own, on the same positions: this machine's
// speed drifts from run to run by more than a few percent, and run side by side the drift
// falls on both alike. It prints one result per site, `dist` naming which.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, openPage, DIST, ROOT } from '../tests/e2e/helpers.mjs';
import { serve } from '../tests/e2e/serve.mjs';

const args = process.argv.slice(2);
const against = args.find((a) => a.startsWith('--against='))?.slice('--against='.length);
const plain = args.filter((a) => !a.startsWith('--against='));
const positions = Number(plain[0] || 200);
const tables = plain.slice(1).map(Number);
if (!tables.length) tables.push(4, 10);
if (!(positions >= 1) || tables.some((n) => !(n >= 2 && n <= 10))) {
  console.error('usage: node scripts/worker-think.mjs [--against=DIR] [positions >= 1] [seats 2-10 ...]');
  process.exit(2);
}
if (against !== undefined && !existsSync(join(against, 'worker_loader.js'))) {
  console.error(`--against: ${against} holds no release build (no worker_loader.js)`);
  process.exit(2);
}

/** Run in the page: the worker's time for each position's decision, by level. */
const THINK = async (found) => {
  // gloo-worker's messages, in the page's JSON encoding (src/worker.rs).
  const worker = new Worker('./worker_loader.js');
  let answered;
  let failed;
  worker.onmessage = (event) => answered(JSON.parse(event.data));
  worker.onerror = (event) => failed(new Error(`the worker failed: ${event.message}`));
  // No answer within 10 s is a broken worker, not a slow one (the hard bot stops at 40 ms).
  const next = () => new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the worker gave no answer within 10 s')), 10000);
    answered = (reply) => { clearTimeout(timer); resolve(reply); };
    failed = (error) => { clearTimeout(timer); reject(error); };
  });
  if ((await next()) !== 'WorkerLoaded') throw new Error('the worker did not load');
  let id = 0;
  const ask = async (level, { view, legal }) => {
    const reply = next();
    const request = { Decide: { level, seed: id + 1, out_of_turn: false, view, legal } };
    const start = performance.now();
    worker.postMessage(JSON.stringify({ ProcessInput: [id++, request] }));
    const { ProcessOutput: [, answer] } = await reply;
    const ms = performance.now() - start;
    if (!answer.Decided) throw new Error(`no decision: ${JSON.stringify(answer)}`);
    return ms;
  };
  // Warm up first: the browser compiles the wasm quickly, then again, optimized, the code
  // that runs hot (V8's tiers), and a bot's first searches run on the quick code. Those
  // first searches are what a new page's bots take: printed apart, as `cold_hard_ms`.
  const cold = [];
  for (const position of found.slice(0, 10)) cold.push(Math.round(await ask('hard', position)));
  const out = [];
  for (const level of ['medium', 'hard']) {
    const times = [];
    for (const position of found) times.push(await ask(level, position));
    times.sort((a, b) => a - b);
    const at = (q) => Math.round(times[Math.round((times.length - 1) * q)] * 10) / 10;
    // A search still running at 40 ms is stopped there, short of its playouts.
    const stopped = times.filter((ms) => ms >= 40).length / times.length;
    out.push({ level, p50_ms: at(0.5), p95_ms: at(0.95), max_ms: at(1), stopped_at_40_ms: stopped });
  }
  worker.terminate();
  return { cold, out };
};

const scratch = mkdtempSync(join(tmpdir(), 'worker-think-'));
try {
  // The positions first, the same for every site measured.
  const found = new Map();
  for (const seats of tables) {
    const file = join(scratch, `positions-${seats}.jsonl`);
    execFileSync('cargo', ['run', '--quiet', '--profile', 'fast', '-p', 'unocli', '--', 'think',
      '--positions', String(positions), '--players', String(seats), '--save-positions', file],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    found.set(seats, readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line)));
  }
  const dirs = against === undefined ? [DIST] : [DIST, against];
  const measured = await Promise.all(dirs.map((dir) => measure(dir, found)));
  for (const result of measured) console.log(JSON.stringify(result));
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

/** Each table's decisions by the bot worker of the release site in `dir`. */
async function measure(dir, found) {
  const site = await serve(dir);
  const browser = await launch();
  const chromium = browser.version();
  const results = [];
  try {
    for (const seats of tables) {
      const { page, context } = await openPage(browser);
      await page.goto(site.url);
      const { cold, out: levels } = await page.evaluate(THINK, found.get(seats));
      await context.close();
      results.push({ seats, positions: found.get(seats).length, cold_hard_ms: cold, levels });
    }
  } finally {
    await browser.close();
    await site.close();
  }
  return against === undefined ? { chromium, tables: results } : { dist: dir, chromium, tables: results };
}
