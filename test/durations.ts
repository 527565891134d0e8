/**
 * Test files longest first. Vitest's own order on a clean clone (CI's) is by
 * file size, biggest first, so a small file that runs for minutes
 * (cli-examples: smaller than most, 111 s on CI) started late and ran on
 * alone at the end while the other slots were idle. Files now start longest
 * first (the unit and e2e tiers' together: vitest.config.ts) by the
 * durations a whole run recorded in test/durations.json, a file not recorded
 * there (a new one) before all of them: the longest-processing-time order,
 * which packs the slots far tighter. The order is all it changes: which files
 * run, and in which tier, is still by folder (vitest.config.ts).
 *
 * `HAVOC_UPDATE_DURATIONS=1 npm test` rewrites the file from that run.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import type { Reporter, TestModule } from 'vitest/reporters';

export const DURATIONS_FILE = 'test/durations.json';

/** Seconds each test file took in the run that recorded them (path → s); {} when none was recorded. */
function recorded(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = recorded();
    const root = this.ctx.config.root;
    const took = (f: TestSpecification): number => seconds[relative(root, f.moduleId)] ?? Infinity;
    // Vitest's order first (tiers by groupOrder, then its own), kept among files of equal standing.
    const base = await super.sort(files);
    const at = new Map(base.map((f, i) => [f, i]));
    return [...base].sort((a, b) => {
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (group !== 0) return group;
      const ta = took(a), tb = took(b);
      return ta !== tb ? tb - ta : at.get(a)! - at.get(b)!;
    });
  }
}

/** Writes test/durations.json from a whole run's files, when HAVOC_UPDATE_DURATIONS is set. */
export class RecordDurations implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    if (!process.env.HAVOC_UPDATE_DURATIONS) return;
    const root = process.cwd();
    const rows = modules
      .map((m) => [relative(root, m.moduleId), Math.round(m.diagnostic().duration / 100) / 10] as const)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    writeFileSync(DURATIONS_FILE, `${JSON.stringify(Object.fromEntries(rows), null, 2)}\n`);
  }
}
