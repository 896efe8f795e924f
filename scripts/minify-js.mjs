// Trunk post-build step (run by scripts/post-build.mjs): the page's scripts (wasm-bindgen's
// JavaScript, boot.js, the service worker's template) without their comment lines, blank lines
// and indentation: 1.2 KB of the first load. Nothing else changes (no name is shortened, no
// line joined, so no semicolon is ever needed that was not there); a script it cannot be sure
// of (a line that may hold a template literal or a string running on to the next line), or
// whose result Node does not parse, is kept as written. The page's `integrity` for a file is
// computed again; running it twice changes nothing.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setIntegrity } from './minify-css.mjs';

/** `js` without the lines that hold only a comment or nothing, each line's indentation gone;
 * or `null` when a line may hold a multi-line string (an odd number of backticks on a line of
 * code, a line that ends in a backslash), where a line's text may be a string's. */
export function strip(js) {
  const kept = [];
  let inComment = false;
  for (const line of js.split('\n')) {
    const text = line.trim();
    if (inComment) {
      const end = text.indexOf('*/');
      if (end === -1) continue;
      // A comment that ends where code starts: not this step's to take apart.
      if (end !== text.length - 2) return null;
      inComment = false;
    } else if (text.startsWith('/*')) {
      const end = text.indexOf('*/', 2);
      if (end === -1) inComment = true;
      else if (end !== text.length - 2) return null;
    } else if (text !== '' && !text.startsWith('//')) {
      if ((text.match(/`/g) ?? []).length % 2 === 1 || text.endsWith('\\')) return null;
      kept.push(text);
    }
  }
  return inComment ? null : `${kept.join('\n')}\n`;
}

/** How Node parses `js`: as a module (`mjs`), else as a classic script (`cjs`), else `null`. */
function parsedAs(js) {
  const dir = mkdtempSync(join(tmpdir(), 'uno-minify-'));
  try {
    for (const kind of ['mjs', 'cjs']) {
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

/** Strips each script in `dir` (see `strip`) and makes its integrity in index.html again. */
export function minifyScripts(dir) {
  const indexPath = join(dir, 'index.html');
  let index = readFileSync(indexPath, 'utf8');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
    const path = join(dir, file);
    const before = readFileSync(path, 'utf8');
    const after = strip(before);
    if (after === null) {
      console.log(`${file}: kept as written (a line of it may be a string's)`);
      continue;
    }
    if (after.length >= before.length) continue;
    const kind = parsedAs(after);
    if (kind === null || kind !== parsedAs(before)) {
      console.log(`${file}: kept as written (stripped, it does not parse as it did)`);
      continue;
    }
    writeFileSync(path, after);
    index = setIntegrity(index, file, after) ?? index;
    console.log(`${file}: ${before.length} bytes, ${after.length} stripped`);
  }
  writeFileSync(indexPath, index);
}
