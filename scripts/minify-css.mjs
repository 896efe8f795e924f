// Trunk post-build step (run by scripts/post-build.mjs): the stylesheet without its comments
// and spare whitespace, about a third of its first-load bytes. Trunk's own minifier is not
// used: it minifies the wasm-bindgen JavaScript too (no opting out for Rust assets in Trunk
// 0.21), and it merges a fallback declaration into the one after it (100vh before 100dvh).
// This one only removes what no browser reads, so the rules stay as written. The page's
// `integrity` for the file is computed again; running it twice changes nothing.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** `css` with its comments and spare whitespace gone: only whitespace next to `{`, `}`, `;`,
 * `,` and after `:` goes, never a space that separates two selectors or two values. It does
 * not read strings: one with a comma, a colon or a run of spaces inside (a `content`) would
 * change; the stylesheet's strings are grid areas and font names, where none of that matters. */
export function minify(css) {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,])\s*/g, '$1')
    .replace(/:\s+/g, ':')
    .replace(/;}/g, '}')
    .trim();
}

const INTEGRITY = /integrity="sha384-[A-Za-z0-9+/=]+"/;

/** `index` (a page's HTML) with the integrity of the `<link>` that loads `file` made for
 * `content`; `null` if no `<link>` loads it with an integrity. */
export function setIntegrity(index, file, content) {
  const tag = index.match(new RegExp(`<link[^>]*${file.replaceAll('.', '\\.')}[^>]*>`))?.[0];
  if (!tag || !INTEGRITY.test(tag)) return null;
  const integrity = `sha384-${createHash('sha384').update(content).digest('base64')}`;
  return index.replace(tag, tag.replace(INTEGRITY, `integrity="${integrity}"`));
}

/** Minifies each stylesheet Trunk put in `dir` and rewrites its integrity in index.html. */
export function minifyStylesheets(dir) {
  const indexPath = join(dir, 'index.html');
  let index = readFileSync(indexPath, 'utf8');
  for (const file of readdirSync(dir).filter((f) => /^style-[0-9a-f]+\.css$/.test(f))) {
    const path = join(dir, file);
    const before = readFileSync(path, 'utf8');
    const after = minify(before);
    writeFileSync(path, after);
    const next = setIntegrity(index, file, after);
    if (next === null) throw new Error(`index.html has no integrity for ${file}`);
    index = next;
    console.log(`${file}: ${before.length} bytes, ${after.length} minified`);
  }
  writeFileSync(indexPath, index);
}
