// Lighthouse (npm `lighthouse`, Debian's Chromium) audits the release site on loopback: at least
// 95 for performance, accessibility and best practices.
//
// Performance is the median of five runs, as Lighthouse's own guidance on variability advises
// (five runs halve the spread of one): its mobile figures are simulated from one unthrottled
// load, so on a busy two-core machine a single run swings by several points. Accessibility and
// best practices do not vary: every run must reach 95.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { serve } from './serve.mjs';
import { DIST, ROOT } from './helpers.mjs';

const RUNS = 5;

/** One Lighthouse run: each category's score out of 100, and the metrics that make performance. */
async function audit(url, out) {
  await promisify(execFile)(join(ROOT, 'node_modules', '.bin', 'lighthouse'), [
    url,
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync',
    '--only-categories=performance,accessibility,best-practices',
    '--output=json', `--output-path=${out}`, '--quiet',
  ], { env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' }, timeout: 240000 });
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const scores = Object.fromEntries(Object.entries(report.categories).map(([k, v]) => [k, Math.round(v.score * 100)]));
  const metric = (id) => Math.round(report.audits[id].numericValue);
  const metrics = { fcp: metric('first-contentful-paint'), lcp: metric('largest-contentful-paint'), tbt: metric('total-blocking-time') };
  // Where the blocking time went, should a run fall short: each long task's start and length
  // (simulated, ms) and the file it is charged to.
  const tasks = (report.audits['long-tasks']?.details?.items ?? [])
    .map((t) => `${Math.round(t.startTime)}+${Math.round(t.duration)} ${String(t.url).split('/').pop() || 'page'}`);
  return { scores, metrics, tasks };
}

test('Lighthouse scores at least 95 for performance, accessibility and best practices', async () => {
  const site = await serve(DIST);
  const dir = mkdtempSync(join(tmpdir(), 'uno-lh-'));
  try {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await audit(site.url, join(dir, `report-${i}.json`));
      console.log(`# lighthouse ${JSON.stringify(run.scores)} ${JSON.stringify(run.metrics)} long tasks: ${run.tasks.join(', ') || 'none'}`);
      runs.push(run);
    }
    const performance = runs.map((r) => r.scores.performance).sort((a, b) => a - b)[Math.floor(RUNS / 2)];
    assert.ok(performance >= 95, `performance: median ${performance} of ${runs.map((r) => r.scores.performance)}`);
    for (const category of ['accessibility', 'best-practices']) {
      const worst = Math.min(...runs.map((r) => r.scores[category]));
      assert.ok(worst >= 95, `${category}: ${worst}`);
    }
  } finally {
    await site.close();
  }
});
