// Lighthouse (npm `lighthouse`, Debian's Chromium) audits the release site on loopback: at least
// 95 for performance, accessibility and best practices.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { serve } from './serve.mjs';
import { DIST, ROOT } from './helpers.mjs';

test('Lighthouse scores at least 95 for performance, accessibility and best practices', async () => {
  const site = await serve(DIST);
  const out = join(mkdtempSync(join(tmpdir(), 'uno-lh-')), 'report.json');
  try {
    await promisify(execFile)(join(ROOT, 'node_modules', '.bin', 'lighthouse'), [
      site.url,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync',
      '--only-categories=performance,accessibility,best-practices',
      '--output=json', `--output-path=${out}`, '--quiet',
    ], { env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' }, timeout: 240000 });
    const report = JSON.parse(readFileSync(out, 'utf8'));
    const scores = Object.fromEntries(Object.entries(report.categories).map(([k, v]) => [k, Math.round(v.score * 100)]));
    console.log(`# lighthouse ${JSON.stringify(scores)}`);
    for (const [category, score] of Object.entries(scores)) assert.ok(score >= 95, `${category}: ${score}`);
  } finally {
    await site.close();
  }
});
