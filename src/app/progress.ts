/**
 * The progress bar of the commands that play runs (tournament, sweep,
 * resume): one bar per run on stderr, drawn from the runner's progress
 * reports (arena/runner.ts `onProgress`). The library itself draws nothing.
 */
import cliProgress from 'cli-progress';
import type { ProgressInfo, ProgressListener } from '../run/runner.js';

/** Seconds as `1h02m`, `3m05s` or `12s`. */
export function duration(secs: number): string {
  const s = Math.round(secs);
  if (s >= 3600) return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
  if (s >= 60) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${s}s`;
}

/** The bar's `{speed}` and `{left}` fields. */
const payload = (info: ProgressInfo): { speed: string; left: string } => ({
  speed: info.matchesPerSecond.toFixed(0),
  left: info.secondsLeft === null ? '?' : duration(info.secondsLeft),
});

/**
 * A progress bar for the run `name`: pass `onProgress` to playRun and call
 * `stop()` once it returns or throws. The bar appears at the first report with
 * matches left to play (none when the run is already complete).
 */
export class RunProgressBar {
  private bar: cliProgress.SingleBar | null = null;

  /** `extra`: more to show after the rate (the queue's workers alive), looked up at each report. */
  constructor(
    private readonly name: string,
    private readonly extra?: () => string,
  ) {}

  readonly onProgress: ProgressListener = (done, total, info) => {
    const fields = { ...payload(info), extra: this.extra ? ` | ${this.extra()}` : '' };
    if (this.bar) {
      this.bar.update(done, fields);
      return;
    }
    if (done >= total) return;
    this.bar = new cliProgress.SingleBar(
      {
        stream: process.stderr,
        format: `${this.name} {bar} {percentage}% | {value}/{total} matches | {speed} matches/s | {left} left{extra}`,
        etaBuffer: 50,
        fps: 5,
        hideCursor: true,
      },
      cliProgress.Presets.shades_classic,
    );
    this.bar.start(total, done, fields);
  };

  /** Stops the bar (leaving its last state on screen), if it was drawn. */
  stop(): void {
    this.bar?.stop();
    this.bar = null;
  }
}
