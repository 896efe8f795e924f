// Writes sw.js into a built site (Trunk's staging folder, through scripts/post-build.mjs, or a
// folder given on the command line) from static/sw.template.js, with this build's file list
// and a version made from the files' contents (a new deploy gets a new service worker and a
// new cache), and removes the template from the output.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Writes `dir`/sw.js for the files in `dir`. */
export function writeServiceWorker(dir) {
  const staged = join(dir, 'sw.template.js');
  const template = existsSync(staged) ? staged : join(dirname(fileURLToPath(import.meta.url)), '..', 'static', 'sw.template.js');
  const files = readdirSync(dir).filter((f) => f !== 'sw.template.js' && f !== 'sw.js').sort();
  // The worker's own code counts too: a new way of caching gets a cache of its own.
  const hash = createHash('sha256').update(readFileSync(template));
  for (const f of files) hash.update(f).update(readFileSync(join(dir, f)));
  const version = hash.digest('hex').slice(0, 16);
  const list = JSON.stringify(['./', ...files.filter((f) => f !== 'index.html')]);
  const source = readFileSync(template, 'utf8').replace('__VERSION__', version).replace('__FILES__', list);
  writeFileSync(join(dir, 'sw.js'), source);
  if (template === staged) rmSync(staged);
  console.log(`service worker ${version}: ${files.length} files`);
}

// Run by hand: `node scripts/service-worker.mjs dist` (a deploy changed after the build).
if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeServiceWorker(process.env.TRUNK_STAGING_DIR || process.argv[2] || 'dist');
}
