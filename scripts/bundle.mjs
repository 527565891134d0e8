// The bundled CLI (issue 46): after tsc, esbuild joins the command line, its
// worker threads, the bot host and the built-in bots with the pure-JavaScript
// packages they use (zod, yargs, csv-stringify, ...) into a few files with
// shared chunks. `havoc tournament --help` then loads 78 files rather than
// about 380, and the 24 commands' --help take 5.1 s of CPU in all against
// 8.4 s; a worker thread loads the same chunks. (The bot host is bundled so
// that it shares them; its start, about 0.09 s, did not change.)
//
// Layout: dist/bundle/ mirrors dist/ (dist/bundle/src/run/worker.js,
// dist/bundle/bots/greedy.js, chunks in dist/bundle/chunks/), and the CLI's
// entry overwrites tsc's dist/src/cli/main.js, so `node dist/src/cli/main.js`
// and the `havoc` bin are the bundle. Bundled code finds its threads,
// processes and bots in dist/bundle (core/paths.ts builtFile, by the
// HAVOC_BUNDLE define); tsc's dist/ stays whole for the benches, the tests'
// imports and modules loaded by path.
//
// Left outside (imported from node_modules at run time): native addons, and
// packages that find files beside their own modules (piscina's worker,
// bullmq's Lua scripts, highs' WebAssembly, esbuild's binary, fastify's
// plugins) or are only loaded by the server or the report.
import { build } from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const external = [
  'piscina', 'better-sqlite3', 'esbuild', 'highs', 'bullmq', 'ioredis', 'fastify', '@fastify/*',
  'playwright-core', 'linkedom', 'tar-stream', 'yauzl', '@observablehq/plot', 'pg',
];

/**
 * zod's `locales` namespace (`z.locales`) pulls in all 64 of its languages, though only English is configured:
 * 364 KB that a command's start compiled for nothing (`havoc tournament --help`: 0.224 s of CPU with them, 0.207 s
 * without, alternated). The bundle gets English alone (zod-locales-en.mjs).
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (a) => (/[\\/]node_modules[\\/]zod[\\/]/.test(a.importer) ? { path: join(process.cwd(), 'scripts', 'zod-locales-en.mjs') } : undefined));
  },
};

const bots = readdirSync('bots').filter((f) => f.endsWith('.ts')).map((f) => ({ in: join('bots', f), out: join('bundle', 'bots', f.slice(0, -3)) }));
const threads = ['src/run/worker', 'src/lab/worker', 'src/serve/worker', 'src/sandbox/host', 'src/sandbox/pipeThread', 'src/sandbox/bundler'];

rmSync('dist/bundle', { recursive: true, force: true });
await build({
  entryPoints: [
    { in: 'src/cli/main.ts', out: 'src/cli/main' },
    ...threads.map((t) => ({ in: t + '.ts', out: join('bundle', t) })),
    ...bots,
  ],
  outdir: 'dist',
  chunkNames: 'bundle/chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external,
  define: { HAVOC_BUNDLE: 'true' },
  // A bundled CommonJS package (seedrandom) may require Node's own modules: give the ESM output a require.
  banner: { js: "import { createRequire as __havocRequire } from 'node:module'; const require = __havocRequire(import.meta.url);" },
  plugins: [zodEnglishOnly],
  sourcemap: true,
  logLevel: 'warning',
});
