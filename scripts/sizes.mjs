// Prints every file of dist/ with its size raw and gzipped, and fails when the first load (what
// the page needs before the table is shown: HTML, boot script, app JS and wasm, CSS, icon,
// manifest) is over 250 KB gzipped. The worker, the service worker and the PNG icons load after;
// the online app (online.js, online_bg.wasm) loads only for `?online` and `?room=` links.
// Usage: node scripts/sizes.mjs [DIST]
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dir = process.argv[2] || 'dist';
const BUDGET = 250 * 1024;
const online = (f) => f.startsWith('online');
const later = (f) => f.startsWith('worker') || f === 'sw.js' || f.endsWith('.png') || online(f);
let first = 0;
const rows = readdirSync(dir).sort().map((f) => {
  const raw = readFileSync(join(dir, f));
  const gz = gzipSync(raw, { level: 9 }).length;
  if (!later(f)) first += gz;
  return [f, raw.length, gz, online(f) ? 'online rooms only' : later(f) ? 'after the table' : 'first load'];
});
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log('| file | raw | gzipped | loads |\n|---|---:|---:|---|');
for (const [f, raw, gz, when] of rows) console.log(`| ${f} | ${kb(raw)} | ${kb(gz)} | ${when} |`);
console.log(`| **first load** | | **${kb(first)}** | budget ${kb(BUDGET)} |`);
// Exact bytes, for a change that costs less than a tenth of a kilobyte.
console.log(`\nfirst load ${first.toLocaleString('en')} bytes gzipped: ${(BUDGET - first).toLocaleString('en')} left of ${BUDGET.toLocaleString('en')}`);
if (first > BUDGET) {
  console.error(`sizes: the first load is ${kb(first)} gzipped, over the ${kb(BUDGET)} budget`);
  process.exit(1);
}
