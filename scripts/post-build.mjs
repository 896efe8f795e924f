// Trunk's post-build hook (Trunk.toml), on its staging folder or a built site given on the
// command line: the stylesheet and the scripts minified and the page's comments dropped first
// (they are for their readers, not for every first load), then the service worker, whose
// version is made from the files as they will be served, and which is minified last (its
// template's placeholders are filled in first). (Trunk runs the hooks of one stage at the
// same time, so the order is kept here, in one hook.)
import { minifyStylesheets } from './minify-css.mjs';
import { minifyScripts } from './minify-js.mjs';
import { writeServiceWorker } from './service-worker.mjs';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.env.TRUNK_STAGING_DIR || process.argv[2] || 'dist';
minifyStylesheets(dir);
await minifyScripts(dir, (file) => file !== 'sw.template.js' && file !== 'sw.js');
const page = join(dir, 'index.html');
writeFileSync(page, readFileSync(page, 'utf8').replace(/[ \t]*<!--[\s\S]*?-->[ \t]*\n?/g, ''));
writeServiceWorker(dir);
await minifyScripts(dir, (file) => file === 'sw.js');
