// Trunk post-build step (run by scripts/post-build.mjs): the page's scripts (wasm-bindgen's
// JavaScript, boot.js, the workers' scripts, the service worker) minified by Terser: comments
// and whitespace gone, local names shortened, 1.2 KB less of the first load than the scripts
// only stripped of their comment lines and indentation. A classic script (a worker's, whose
// top-level `wasm_bindgen` another script calls) keeps its top-level names; a module keeps
// its exports. A script whose result Node does not parse as it parsed the original is kept
// as written. The page's `integrity` for a file is computed again.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { minify } from 'terser';
import { setIntegrity } from './minify-css.mjs';

/** How Node parses `js`: as a classic script (`cjs`), else as a module (`mjs`), else `null`. */
function parsedAs(js) {
  const dir = mkdtempSync(join(tmpdir(), 'uno-minify-'));
  try {
    for (const kind of ['cjs', 'mjs']) {
      const file = join(dir, `check.${kind}`);
      writeFileSync(file, js);
      try {
        execFileSync(process.execPath, ['--check', file], { stdio: 'ignore' });
        return kind;
      } catch {
        // Not this kind.
      }
    }
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `js` minified; a module (`mjs`) has its top-level names shortened too, a classic script
 * keeps them (other scripts call them). */
export async function minified(js, kind) {
  const { code } = await minify(js, {
    module: kind === 'mjs',
    compress: { passes: 2 },
    mangle: true,
    format: { comments: false },
  });
  return `${code}\n`;
}

/** Minifies each script in `dir` that `wanted(name)` accepts (see `minified`) and makes its
 * integrity in index.html again. */
export async function minifyScripts(dir, wanted = () => true) {
  const indexPath = join(dir, 'index.html');
  let index = readFileSync(indexPath, 'utf8');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.js') && wanted(f))) {
    const path = join(dir, file);
    const before = readFileSync(path, 'utf8');
    const kind = parsedAs(before);
    if (kind === null) {
      console.log(`${file}: kept as written (Node does not parse it)`);
      continue;
    }
    const after = await minified(before, kind);
    if (after.length >= before.length) continue;
    if (parsedAs(after) !== kind) {
      console.log(`${file}: kept as written (minified, it does not parse as it did)`);
      continue;
    }
    writeFileSync(path, after);
    index = setIntegrity(index, file, after) ?? index;
    console.log(`${file}: ${before.length} bytes, ${after.length} minified`);
  }
  writeFileSync(indexPath, index);
}
