/**
 * `havoc reprice`'s checks of the catalogue kept against the one given: both
 * swept again on another seed (recheck.csv), their metagames (metagame.csv,
 * --meta) and their strongest builds (dominant.csv, --optimize).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { csvText } from '../report/csv.js';
import { DATA_FILE } from '../store/folder.js';
import { defaultWorkers } from '../run/pool.js';
import type { MetaResult } from '../report/meta/analysis.js';
import { topBuilds, type FieldBuild } from '../report/meta/field.js';
import { runOptimize } from './optimize.js';
import type { KeptVersusGiven } from './repriceCaution.js';
import { flagged } from './repriceRounds.js';
import { builds, fieldAfter, metaOf, supportOf, sweepOn, type Ctx, type Kept, type RoundLog } from './repriceContext.js';
import { givenScaled } from './repriceKept.js';

/**
 * The kept catalogue re-checked: it and the catalogue given (in the same points) swept again with another seed, a new
 * sample of designs and matches. The kept catalogue was chosen on its own seed's sample, so its verdicts may fit that
 * sample rather than the game (docs/balance.md: 3 flagged with one seed were 17 with another). With --aim support each
 * re-check sweep's metagame too (in its folder's meta/). Its printout lines; null when cancelled.
 */
export async function recheck(ctx: Ctx): Promise<string[] | null> {
  const { args, run, file, out } = ctx;
  const recheckLines: string[] = [];
  const seed = args['recheck-seed'] ?? `${run.seed}/recheck`;
  const givenText = givenScaled(ctx);
  const keptText = readFileSync(join(out, DATA_FILE), 'utf8');
  // --recheck-seeds N: N new samples (the seed, then seed-2 … seed-N), each in its own pair of folders.
  const seeds = Array.from({ length: args['recheck-seeds'] }, (_, i) => (i === 0 ? seed : `${seed}-${i + 1}`));
  const given: number[] = [], kept: number[] = [], widths: [number[], number[]] = [[], []], rows: (string | number)[][] = [];
  for (const [i, s] of seeds.entries()) {
    let recheckField: FieldBuild[] = [];
    const tail = i === 0 ? '' : `-${i + 1}`;
    for (const [when, folder, text] of [['given', `recheck-before${tail}`, givenText], ['kept', `recheck-after${tail}`, keptText]] as const) {
      const dir = join(out, folder);
      const value = file.parse(text, join(dir, DATA_FILE));
      const parts = await sweepOn(ctx, dir, `${run.name}-recheck-${when}`, s, text, value, `havoc reprice ${args.dir} (re-check)`);
      if (!parts) return null;
      // With --same-field the kept catalogue's metagame is over the re-checked given's field, as far as its prices allow.
      const field = ctx.bySupport ? (when === 'given' ? (recheckField = topBuilds(dir, args.meta)) : fieldAfter(ctx, recheckField, dir, value, dir)) : undefined;
      const meta = ctx.bySupport ? await metaOf(ctx, dir, join(dir, 'meta'), field) : null;
      if (ctx.bySupport && !meta) return null;
      const now = flagged(parts, ctx.scaledTol);
      (when === 'given' ? given : kept).push(now.length);
      if (meta) widths[when === 'given' ? 0 : 1].push(meta.summary.equilibrium.support);
      rows.push([when, s, now.length, now.join(' '), ...supportOf(meta)]);
    }
  }
  writeFileSync(join(out, 'recheck.csv'), csvText([['catalogue', 'seed', 'flagged', 'parts_flagged', 'support', 'held_out_exploitability'], ...rows]));
  const sum = (xs: number[]): number => xs.reduce((a, x) => a + x, 0);
  const fewer = kept.filter((k, i) => k < given[i]).length, wider = widths[1].filter((w, i) => w > widths[0][i]).length;
  if (seeds.length === 1) {
    recheckLines.push(
      `re-checked with seed ${seed} (recheck.csv, ${join(out, 'recheck-before')}/ and recheck-after/): the catalogue given flags ${given[0]}, the kept one ${kept[0]}: ` +
        (fewer ? 'fewer on a new sample too' : "not fewer on a new sample: the kept catalogue's verdicts may have fitted its own seed's sample"),
    );
    if (ctx.bySupport)
      recheckLines.push(`  and the equilibrium of the top ${args.meta} builds mixes ${builds(widths[0][0])} under the catalogue given, ${widths[1][0]} under the kept one: ${wider ? 'wider on a new sample too' : "not wider on a new sample: the kept round's support may have fitted its own seed's sample"}`);
  } else {
    const n = seeds.length;
    recheckLines.push(
      `re-checked with ${n} seeds (${seeds.join(', ')}; recheck.csv, ${join(out, 'recheck-before')}/ and recheck-after/, then ${n === 2 ? '-2' : `-2 to -${n}`}): the catalogue given flags ${given.join(', ')} (${sum(given)} in all), the kept one ${kept.join(', ')} (${sum(kept)}): fewer on ${fewer} of ${n} new samples`,
    );
    if (ctx.bySupport)
      recheckLines.push(`  and the equilibrium of the top ${args.meta} builds mixes ${widths[0].join(', ')} builds under the catalogue given, ${widths[1].join(', ')} under the kept one: wider on ${wider} of ${n}`);
  }
  return recheckLines;
}

/**
 * The metagame of each sweep's top builds, the sweep given and the kept catalogue's (havoc meta: OUT/meta-before, and
 * OUT/meta-after or, with --aim support, the kept round's own meta/ — played already, so carried on). Null when cancelled.
 */
export async function metaBeforeAfter(ctx: Ctx, kept: Kept, log: readonly RoundLog[], givenMeta: MetaResult | null): Promise<{ lines: string[]; change: KeptVersusGiven['support'] } | null> {
  const { args, out } = ctx;
  const lines: string[] = [], metas: MetaResult[] = [], rows: (string | number)[][] = [];
  const keptMeta = kept.round !== null ? join(out, `round-${kept.round}`, 'meta') : join(out, 'meta-after');
  for (const [when, dir, folder] of [['before', args.dir, join(out, 'meta-before')], ['after', kept.sweep, ctx.bySupport ? keptMeta : join(out, 'meta-after')]] as const) {
    // With --aim support both were played by the rounds (the kept round's over its own field): taken as they are.
    const m = ctx.bySupport ? (when === 'before' ? givenMeta : log.find((l) => l.round === kept.round)!.meta) : await metaOf(ctx, dir, folder);
    if (!m) return null;
    const e = m.summary.equilibrium;
    const support = m.rows.filter((r) => r.weight > 0).map((r) => r.name);
    rows.push([when, m.summary.top, m.summary.gamesPerPair, e.support, e.exploitability.toFixed(4), e.heldOutExploitability === null ? '' : e.heldOutExploitability.toFixed(4), support.join(' '), folder]);
    lines.push(`  ${when}: the top ${m.summary.top} builds' equilibrium has ${e.support} in its support (held-out exploitability ${e.heldOutExploitability?.toFixed(3) ?? '-'}; ${folder}/)`);
    metas.push(m);
  }
  const [given, after] = metas.map((m) => m.summary);
  writeFileSync(join(out, 'metagame.csv'), csvText([['sweep', 'top', 'games_per_pair', 'support', 'exploitability', 'held_out_exploitability', 'support_builds', 'folder'], ...rows]));
  return { lines, change: { top: after.top, before: given.equilibrium.support, after: after.equilibrium.support } };
}

/** The strongest builds under the prices given and the prices kept (havoc optimize with the sweep's bot, in OUT/optimize-before and -after). */
export async function optimizeBeforeAfter(ctx: Ctx): Promise<{ lines: string[]; change: KeptVersusGiven['dominant'] }> {
  const { args, run, out } = ctx;
  const lines: string[] = [], rows: (string | number | boolean)[][] = [];
  const dominants: number[] = [], tops: number[] = [];
  for (const [when, parts] of [['before', join(args.dir, DATA_FILE)], ['after', join(out, DATA_FILE)]] as const) {
    const r = await runOptimize(
      {
        ruleset: run.rulesetModule ?? run.ruleset, parts, bot: ctx.bot, field: 'sample:20', restarts: args.optimize, iterations: args['optimize-moves'], 'max-games': 200, delta: 0.1, top: 5, 'final-games': 10,
        seed: run.seed, workers: args.workers ?? defaultWorkers(), out: join(out, `optimize-${when}`), quiet: true,
      },
      () => undefined,
    );
    for (const x of r.ranked) rows.push([when, x.rank, x.key, x.score.p.toFixed(3), x.score.lo.toFixed(3), x.score.hi.toFixed(3), x.beaten, r.fieldSize, String(x.dominant)]);
    const top = r.ranked[0], found = r.ranked.filter((x) => x.dominant).length;
    if (top) lines.push(`  ${when}: the best found ${top.key} scores ${top.score.p.toFixed(3)} against the field, beats ${top.beaten}/${r.fieldSize}; ${found} of the top ${r.ranked.length} dominant`);
    dominants.push(found);
    tops.push(r.ranked.length);
  }
  writeFileSync(join(out, 'dominant.csv'), csvText([['prices', 'rank', 'build', 'score', 'lo', 'hi', 'beats', 'field', 'dominant'], ...rows]));
  return { lines, change: { top: tops[1], before: dominants[0], after: dominants[1] } };
}
