/**
 * Loaded with `node --import dist/bench/rss-hook.js …` into a child process
 * the bench runs (a `havoc tournament`): at exit the main thread writes the
 * process's peak resident size (`process.resourceUsage().maxRSS`, the whole
 * process: worker threads share it) and the peak of its own V8 heap, sampled
 * every 100 ms, as JSON to the file named by HAVOC_BENCH_RSS_OUT.
 *
 * Worker threads inherit the flag and load this module too; they do nothing.
 */
import { writeFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

const out = process.env.HAVOC_BENCH_RSS_OUT;
if (isMainThread && out) {
  const t0 = performance.now();
  let heapPeak = 0;
  let externalPeak = 0;
  const sample = (): void => {
    const m = process.memoryUsage();
    heapPeak = Math.max(heapPeak, m.heapTotal);
    externalPeak = Math.max(externalPeak, m.external);
  };
  setInterval(sample, 100).unref();
  process.on('exit', () => {
    sample();
    const mb = (x: number): number => Number((x / 1048576).toFixed(1));
    writeFileSync(
      out,
      JSON.stringify({
        maxRssMb: Number((process.resourceUsage().maxRSS / 1024).toFixed(1)),
        mainHeapPeakMb: mb(heapPeak),
        mainExternalPeakMb: mb(externalPeak),
        ms: performance.now() - t0,
      }),
    );
  });
}
