/**
 * The bench's allocation probe: the heap bytes `run` leaves behind, and how
 * many collections ran during it (0: the figure is whole). The child that
 * runs it is started with a young generation larger than the run allocates
 * (and, with --expose-gc, is collected first so it starts empty).
 */
import { PerformanceObserver } from 'node:perf_hooks';

export async function heapLeftBy<T>(run: () => T): Promise<{ bytes: number; gcs: number; out: T }> {
  (globalThis as { gc?: () => void }).gc?.();
  let gcs = 0;
  const obs = new PerformanceObserver((list) => (gcs += list.getEntries().length));
  obs.observe({ entryTypes: ['gc'] });
  const h0 = process.memoryUsage().heapUsed;
  const out = run();
  const h1 = process.memoryUsage().heapUsed;
  await new Promise((r) => setTimeout(r, 50)); // the observer reports asynchronously
  obs.disconnect();
  return { bytes: Math.max(0, h1 - h0), gcs, out };
}
