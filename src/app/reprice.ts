/**
 * `havoc reprice DIR`: new whole prices for the parts a finished sweep
 * flagged, re-checked by playing the sweep again. The prices are the data
 * file's (DataFile.prices: NHM a cost per part, Hovercrafts per stat point,
 * Battle Engine per pay grade). In rounds: each round changes at most
 * `--step` prices, the strongest evidence first (stats/reprice.ts: a part's
 * own price to the nearest whole cost inside its fair-cost interval, prices
 * parts share together; stats/repriceSteps.ts: `--together` brings the rest
 * of their budgets' changes, `--lower` answers a raise by pricing the rest of
 * its budget down, `--damping F` goes F of the way), writes the data file (OUT/round-N/parts.json) and
 * plays the same sweep on it (same bot, seed and size; the legal builds are
 * the new data's) into OUT/round-N/sweep/, whose verdicts the next round
 * starts from (a round that flags more is kept going from: the verdicts are
 * noisy, and the next round may mend it). It stops after `--rounds`, or when
 * nothing can move. Each part is judged on its own (repriceParts.ts): a
 * round's change is kept when the sweep played with it no longer flags the
 * parts it prices (within `--tolerance`), or took their price as far as its
 * budget goes and they are still beyond it, whatever the other parts did;
 * the data given with the kept changes is always OUT/parts.json, judged in
 * a sweep of its own (the round it is, or OUT/kept/sweep/ with the same
 * seed), and OUT/prices.csv, the printout and the page say what became of
 * each part (fixed, still or newly flagged, beyond its budget, needs more
 * games). OUT/comparison.csv sets its verdicts beside the first sweep's; it
 * and the data given are swept again with another seed (OUT/recheck.csv:
 * whether the improvement holds on a new sample; --no-recheck: not); with
 * `--meta K` OUT/metagame.csv the two sweeps' metagames, with `--optimize N`
 * OUT/dominant.csv the strongest builds under each. `--aim support` prices by
 * each sweep's metagame instead of its verdicts (stats/metaPrices.ts: a point
 * up for a part in most of the equilibrium's weight, a point down for one it
 * never plays; each round's metagame in OUT/round-N/meta/) and keeps the
 * round whose equilibrium mixes the most builds (the data given where none
 * mixes more). OUT/beyond.csv names the
 * parts of every sweep that no price within their budget makes fair
 * (repriceBeyond.ts). This file plays the rounds; what they share is in
 * repriceContext.ts, the catalogue kept and each part's judgement in
 * repriceKept.ts, the re-checks against the catalogue given in
 * repriceRecheck.ts. What a round changes is read from its sweep in
 * repriceRounds.ts; the options' checks are in repriceArgs.ts, their
 * declarations in cli/reprice.ts.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { csvText } from '../report/csv.js';
import { loadRunRuleset } from '../config/rulesets.js';
import { sweepFilter } from '../config/types.js';
import { DATA_FILE, folderData, inspectFolder } from '../store/folder.js';
import { HavocError } from '../core/errors.js';
import type { PlannedChange } from '../stats/reprice.js';
import { writeRepricePage } from '../report/balancePages.js';
import { rulesetById } from '../rules/registry.js';
import { dampChanges, lowerInstead, pickChanges, shrunkStep } from '../stats/repriceSteps.js';
import { topBuilds } from '../report/meta/field.js';
import { checkRepriceArgs, onlyParts, type RepriceArgs } from './repriceArgs.js';
import { repriceCaution } from './repriceCaution.js';
import { beyondOfSweep, beyondLine, beyondTable, type BeyondPart } from './repriceBeyond.js';
import { judgementTable } from './repriceParts.js';
import { flagged, partsOf, roundChanges, supportChanges } from './repriceRounds.js';
import { checkRunArgs } from './runs.js';
import { better, builds, fieldAfter, metaOf, scoreOf, supportOf, sweepOn, type Ctx, type From, type RoundLog } from './repriceContext.js';
import { judgeKept, judgementLines, keptByParts, keptByRound, writeComparison } from './repriceKept.js';
import { metaBeforeAfter, optimizeBeforeAfter, recheck } from './repriceRecheck.js';

export async function reprice(args: RepriceArgs): Promise<void> {
  const ctx = await setUp(args);
  clearEarlier(ctx.out);
  const played = await playRounds(ctx);
  if (!played) return;
  const { log, beyond, givenMeta } = played;
  mkdirSync(ctx.out, { recursive: true });
  writeRoundsCsv(ctx, log);
  writeFileSync(join(ctx.out, 'beyond.csv'), csvText(beyondTable(beyond)));
  const kept = ctx.bySupport ? keptByRound(ctx, log, played.best) : await keptByParts(ctx, log);
  if (!kept) return;
  writeFileSync(join(ctx.out, DATA_FILE), kept.text);
  writeComparison(ctx, kept);
  const recheckLines = kept.changed && ctx.args.recheck ? await recheck(ctx) : [];
  if (!recheckLines) return;
  const judged = judgeKept(ctx, kept, log);
  writeFileSync(join(ctx.out, 'prices.csv'), csvText(judgementTable(judged)));
  const meta = kept.changed && ctx.args.meta > 0 ? await metaBeforeAfter(ctx, kept, log, givenMeta) : { lines: [], change: null };
  if (!meta) return;
  const optimized = kept.changed && ctx.args.optimize > 0 ? await optimizeBeforeAfter(ctx) : { lines: [], change: null };
  const caution = repriceCaution({ support: meta.change, dominant: optimized.change }, ctx.bySupport ? 'support' : 'flags');
  const page = await writeRepricePage(ctx.out, ctx.first, kept.sweep === ctx.args.dir ? null : kept.sweep, kept.changed, ctx.bySupport ? 'support' : 'flags', caution, kept.said);
  process.stdout.write(
    [
      headLine(ctx),
      ...log.map((l) => roundLine(l)),
      kept.said,
      ...judgementLines(judged, ctx.out),
      ...recheckLines,
      ...[beyondLine(beyond, log.filter((l) => l.flagged).length)].filter((x): x is string => x !== null),
      ...(meta.lines.length ? ['metagame (metagame.csv):', ...meta.lines] : []),
      ...(optimized.lines.length ? [`the strongest builds (dominant.csv, ${join(ctx.out, 'optimize-before')}/ and optimize-after/):`, ...optimized.lines] : []),
      ...(caution ? [caution] : []),
      `report: ${page}`,
      '',
    ].join('\n'),
  );
}

/** The sweep given, its ruleset and data, the options checked; a HavocError saying what is wrong otherwise. */
async function setUp(args: RepriceArgs): Promise<Ctx> {
  checkRunArgs(args);
  const f = inspectFolder(args.dir);
  if (f.kind !== 'run') throw new HavocError('ERR_ARGS', args.dir, 'is not a run folder (no config.json of a run)');
  const run = f.config.run;
  await loadRunRuleset(run, args.dir);
  const mod = rulesetById(run.ruleset);
  const file = mod.data, prices = file?.prices;
  if (!file || !prices) throw new HavocError('ERR_ARGS', args.dir, `${mod.title} sets no prices in a data file: havoc reprice has nothing it can change`);
  if (run.schedule.type !== 'sweep') throw new HavocError('ERR_ARGS', args.dir, `is a ${run.schedule.type}, not a sweep: reprice the verdicts of a sweep (havoc sweep)`);
  checkRepriceArgs(args, run, run.schedule, mod);
  const data = folderData(args.dir, run);
  const sweep = run.schedule;
  if (!data) throw new HavocError('ERR_ARGS', args.dir, `has no ${DATA_FILE}`);
  const schedule = args.matches !== undefined ? { ...sweep, matches: args.matches } : sweep;
  const out = args.out ?? `${args.dir.replace(/\/+$/, '')}-repriced`;
  // OUT is cleared of an earlier reprice's rounds and catalogue: never the sweep's own folder.
  if (resolve(out) === resolve(args.dir)) throw new HavocError('ERR_ARGS', '--out', `is the sweep's own folder ${args.dir}: a reprice writes its rounds and catalogue elsewhere (default ${args.dir.replace(/\/+$/, '')}-repriced)`);
  const first = partsOf(args.dir);
  return {
    args, run, mod, file, prices, data, schedule, out,
    bot: run.bots[0]?.bot ?? '',
    first,
    only: onlyParts(args.only, first.rows.map((r) => r.part)),
    givenTol: args.tolerance,
    scaledTol: args.tolerance * args.scale,
    bySupport: args.aim === 'support',
  };
}

/**
 * What an earlier reprice into `out` left is not this one's: its rounds' folders above all (a run folder played again
 * keeps its config and catalogue, so a round's sweep would keep the earlier round's, and its metagame is carried on).
 */
function clearEarlier(out: string): void {
  const earlier = existsSync(out) ? readdirSync(out).filter((f) => /^(round-\d+|recheck-(before|after)(-\d+)?)$/.test(f)) : [];
  for (const f of [...earlier, 'kept', 'rounds.csv', 'beyond.csv', 'comparison.csv', 'prices.csv', DATA_FILE, 'metagame.csv', 'dominant.csv', 'meta-before', 'meta-after', 'optimize-before', 'optimize-after', 'recheck.csv'])
    rmSync(join(out, f), { recursive: true, force: true });
}



/** The changes a round proposes from the catalogue `from` (before --step, --damping and --keep-best). */
function proposeRound(ctx: Ctx, from: From): ReturnType<typeof roundChanges> {
  const { args, prices } = ctx;
  const plan = ctx.bySupport
    ? supportChanges(from.meta!, prices, from.value, from.scale, args['up-share'])
    : roundChanges(from.parts, prices, from.value, from.scale, from.dir === args.dir ? ctx.givenTol : ctx.scaledTol);
  // --only: the changes of the parts named; a shared price moves when one of the parts sharing it is named.
  const only = ctx.only;
  if (!only) return plan;
  return { ...plan, moved: plan.moved.filter((c) => only.has(c.key) || ('parts' in c && (c.parts as readonly string[]).some((p) => only.has(p)))) };
}

/** A round's catalogue and changes.csv, in its folder. */
function writeRound(dir: string, text: string, changes: readonly PlannedChange[]): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, DATA_FILE), text);
  writeFileSync(
    join(dir, 'changes.csv'),
    csvText([
      ['price', 'category', 'verdict', 'listed_cost', 'new_cost', 'fair_cost', 'fair_cost_lo', 'fair_cost_hi', 'parts', 'why'],
      ...changes.map((c) => [c.key, c.category, c.verdict, c.from, c.to, c.fair ?? '', c.lo ?? '', c.hi ?? '', c.parts.join(' '), c.why]),
    ]),
  );
}

/**
 * The rounds: each reprices at most --step prices from the sweep before it (or, with --keep-best, the best so far),
 * writes its catalogue and plays the sweep on it. Null when cancelled.
 */
async function playRounds(ctx: Ctx) {
  const { args, run, mod, file, prices, data, schedule, out, first } = ctx;
  // --aim support: each sweep's metagame (its top --meta builds' equilibrium) sets the next round's prices and scores it.
  const givenField = ctx.bySupport ? topBuilds(args.dir, args.meta) : [];
  const givenMeta = ctx.bySupport ? await metaOf(ctx, args.dir, join(out, 'meta-before'), givenField) : null;
  if (ctx.bySupport && !givenMeta) return null;
  // The parts of each sweep that no price within their budget makes fair (repriceBeyond.ts): a question for the budget, not the price.
  const beyond: BeyondPart[] = beyondOfSweep(first, prices, data.value, args.scale, ctx.givenTol, 0);
  const log: RoundLog[] = [{ round: 0, changes: '(the sweep given)', flagged: flagged(first, ctx.givenTol), beyond: beyond.length, meta: givenMeta, planned: [], dir: null }];
  let from: From = { dir: args.dir, text: data.text, value: data.value, parts: first, scale: args.scale, meta: givenMeta };
  let best = { round: 0, dir: args.dir, count: log[0].flagged!.length, score: scoreOf(ctx, log[0]) };
  // --keep-best: each round starts from the best catalogue so far, with shorter steps each time one from it did not improve.
  let start = { ...from, round: 0 }, tries = 0;
  const tried = new Set<string>();
  const stop = (round: number, changes: string) => log.push({ round, changes, flagged: null, beyond: 0, meta: null, planned: [], dir: null });
  for (let round = 1; round <= args.rounds; round++) {
    if (args['keep-best']) from = start;
    const { moved, flaggedCount, priced, under } = proposeRound(ctx, from);
    if (moved.length === 0) {
      const hint = flaggedCount && from.scale === 1 && round === 1 ? ' (--scale 2 allows half-point steps)' : '';
      const none = ctx.bySupport ? 'the metagame asks no price to move' : 'no part flagged';
      const named = ctx.only ? `none of the parts --only names (${[...ctx.only].join(', ')}) is flagged, or can move within its budget` : null;
      stop(round, named ?? (flaggedCount ? `none of ${flaggedCount} ${ctx.bySupport ? 'parts the metagame votes on' : 'flagged parts'} can move within its budget${hint}` : none));
      break;
    }
    const picked = pickChanges(moved, args.step, args.together);
    const proposed = args.lower ? lowerInstead(picked, priced, under) : picked;
    // --keep-best after a round that did not improve: the first half of the changes, half as far (shrunkStep).
    const shrink = args['keep-best'] ? shrunkStep(proposed.length, args.damping, tries) : { count: proposed.length, damping: args.damping };
    const changes = dampChanges(proposed.slice(0, shrink.count), shrink.damping);
    const said = `${args['keep-best'] ? `from round ${start.round}: ` : ''}${changes.map((c) => `${c.key} ${c.from}→${c.to}`).join(', ')}`;
    if (args['keep-best'] && tried.has(said)) {
      stop(round, `${said}: tried already, and the steps can shrink no further`);
      break;
    }
    tried.add(said);
    const text = prices.withCosts(from.text, new Map(changes.map((c) => [c.key, c.to])), from.scale, join(from.dir, DATA_FILE));
    const dir = join(out, `round-${round}`);
    const value = file.parse(text, join(dir, DATA_FILE));
    // The budgets must still allow a match's builds through the sweep's filter.
    const kit = mod.withData!(value).builds;
    if (kit.count && kit.count(sweepFilter(schedule.filter, run.experimental)) < schedule.seats) {
      stop(round, 'the new costs leave fewer legal builds than a match needs: not played');
      break;
    }
    writeRound(dir, text, changes);
    const parts = await sweepOn(ctx, join(dir, 'sweep'), `${run.name}-repriced-${round}`, run.seed, text, value);
    if (!parts) return null;
    const meta = ctx.bySupport ? await metaOf(ctx, join(dir, 'sweep'), join(dir, 'meta'), fieldAfter(ctx, givenField, join(dir, 'sweep'), value, dir)) : null;
    if (ctx.bySupport && !meta) return null;
    const now = flagged(parts, ctx.scaledTol);
    const past = beyondOfSweep(parts, prices, value, 1, ctx.scaledTol, round);
    beyond.push(...past);
    const entry: RoundLog = { round, changes: said, flagged: now, beyond: past.length, meta, planned: changes, dir };
    log.push(entry);
    from = { dir, text, value, parts, scale: 1, meta };
    const score = scoreOf(ctx, entry);
    if (better(ctx, score, best.score)) {
      best = { round, dir, count: now.length, score };
      start = { ...from, round };
      tries = 0;
    } else tries++;
  }
  return { log, beyond, best, givenMeta };
}

/** rounds.csv: every round's changes, its flagged parts (and how many beyond their budgets), and its metagame's width. */
function writeRoundsCsv(ctx: Ctx, log: readonly RoundLog[]): void {
  writeFileSync(
    join(ctx.out, 'rounds.csv'),
    csvText([
      ['round', 'changes', 'flagged', 'beyond_budget', 'parts_flagged', 'support', 'held_out_exploitability'],
      ...log.map((l) => [l.round, l.changes, l.flagged?.length ?? '', l.flagged ? l.beyond : '', l.flagged?.join(' ') ?? '', ...supportOf(l.meta)]),
    ]),
  );
}


/** The printout's first line: what was repriced, how. */
function headLine(ctx: Ctx): string {
  const { args, run, schedule } = ctx;
  const rule = [
    args.together ? ' with the rest of their budgets' : '',
    args.lower ? ', a raise answered by the rest of its budget priced down' : '',
    args.damping < 1 ? `, each price ${args.damping} of the way` : '',
    args['keep-best'] ? ', each round from the best so far' : '',
  ].join('');
  const tol = args.tolerance > 0 ? `, a part flagged only where its fair cost is more than ${args.tolerance} point${args.tolerance === 1 ? '' : 's'} from its listed cost` : '';
  return `${run.name}: reprice${ctx.bySupport ? ` toward a wider metagame (the equilibrium of each sweep's top ${args.meta} builds)` : ''}${args.scale > 1 ? ` (every cost and budget ×${args.scale} first)` : ''}, at most ${args.step} parts a round${ctx.only ? ` (only ${[...ctx.only].join(', ')})` : ''}${rule}, ${schedule.matches} matches a sweep${tol}:`;
}

/** A round's line: its changes, its flagged parts (those beyond their budgets counted apart), its metagame's width. */
function roundLine(l: RoundLog): string {
  const width = l.meta ? `, the equilibrium mixes ${l.meta.summary.equilibrium.support}` : '';
  if (!l.flagged) return `  round ${l.round}: ${l.changes}`;
  const apart = l.beyond ? `; ${l.beyond} of them beyond their budgets` : '';
  return `  round ${l.round}: ${l.changes} → ${l.flagged.length} flagged${l.flagged.length ? ` (${l.flagged.join(' ')})` : ''}${apart}${width}`;
}
