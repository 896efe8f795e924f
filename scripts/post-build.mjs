// Trunk's post-build hook (Trunk.toml), on its staging folder or a built site given on the
// command line: the stylesheet minified first, then the service worker, whose version is made
// from the files as they will be served. (Trunk runs the hooks of one stage at the same time,
// so the order is kept here, in one hook.)
import { minifyStylesheets } from './minify-css.mjs';
import { writeServiceWorker } from './service-worker.mjs';

const dir = process.env.TRUNK_STAGING_DIR || process.argv[2] || 'dist';
minifyStylesheets(dir);
writeServiceWorker(dir);
