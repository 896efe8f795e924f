// Runs a wasm32-wasip1 build of unocli under Node's WASI: `node scripts/wasi-run.mjs FILE.wasm ARGS...`
import { readFile } from 'node:fs/promises';
import { WASI } from 'node:wasi';
import { argv, exit } from 'node:process';

const [file, ...args] = argv.slice(2);
const wasi = new WASI({ version: 'preview1', args: ['unocli', ...args], env: {}, returnOnExit: true });
const module = await WebAssembly.compile(await readFile(file));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
exit(wasi.start(instance));
