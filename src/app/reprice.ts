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
 * (repriceBeyond.ts). What a round changes is
 * read from its sweep in repriceRounds.ts; the options' checks are in
 * repriceArgs.ts, their declarations in cli/reprice.ts.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { loadRunRuleset } from '../config/rulesets.js';
import { sweepFilter, type RunConfig } from '../config/types.js';
import { DATA_FILE, folderData, initRunFolder, inspectFolder } from '../store/folder.js';
import { HavocError } from '../core/errors.js';
import type { CsvTable } from '../report/htmlCsv.js';
import { priceFigure, priceSpan, type PriceRow } from '../report/priceList.js';
import { columns } from '../report/summary.js';
import type { AnyGameModule } from '../core/game.js';
import type { PlannedChange } from '../stats/reprice.js';
import { writeRepricePage } from '../report/balancePages.js';
import { rulesetById } from '../rules/registry.js';
import { dampChanges, lowerInstead, pickChanges, shrunkStep } from '../stats/repriceSteps.js';
import { defaultWorkers } from '../run/pool.js';
import type { MetaResult } from '../report/meta/analysis.js';
import { carriedField, rankedBuilds, topBuilds, type FieldBuild } from '../report/meta/field.js';
import { playMeta } from './meta.js';
import { runOptimize } from './optimize.js';
import { checkRepriceArgs, type RepriceArgs } from './repriceArgs.js';
import { repriceCaution, type KeptVersusGiven } from './repriceCaution.js';
import { beyondOfSweep, beyondLine, beyondTable, type BeyondPart } from './repriceBeyond.js';
import { beyondRows, judgeParts, judgementSentences, judgementTable, keptChanges, outcomeCounts, pricesOf, standing, tallyAt, type PartJudgement, type RoundChange, type Standing } from './repriceParts.js';
import { flagged, num, partsOf, roundChanges, supportChanges } from './repriceRounds.js';
import { checkRunArgs, playFolders } from './runs.js';

const builds = (n: number): string => `${n} build${n === 1 ? '' : 's'}`;

type Prices = NonNullable<NonNullable<AnyGameModule['data']>['prices']>;

/** What every step of a reprice reads: the sweep given, its ruleset's data and prices, and where the reprice writes. */
interface Ctx {
  readonly args: RepriceArgs;
  readonly run: RunConfig;
  readonly mod: AnyGameModule;
  readonly file: NonNullable<AnyGameModule['data']>;
  readonly prices: Prices;
  readonly data: { text: string; value: unknown };
  readonly schedule: Extract<RunConfig['schedule'], { type: 'sweep' }>;
  readonly out: string;
  readonly bot: string;
  /** The sweep given's parts.csv. */
  readonly first: CsvTable;
  /** --tolerance in the given catalogue's points, and in every later sweep's (×--scale). */
  readonly givenTol: number;
  readonly scaledTol: number;
  /** --aim support: rounds priced and kept by each sweep's metagame. */
  readonly bySupport: boolean;
}

/** One round as rounds.csv lists it (round 0: the sweep given). */
interface RoundLog {
  readonly round: number;
  readonly changes: string;
  /** Its sweep's flagged parts (null: not played), and how many of them no price within their budget mends. */
  readonly flagged: string[] | null;
  readonly beyond: number;
  readonly meta: MetaResult | null;
  /** The prices it changed, and the folder of its catalogue and sweep. */
  readonly planned: readonly PlannedChange[];
  readonly dir: string | null;
}

/** A catalogue a round starts from. */
interface From {
  dir: string;
  text: string;
  value: unknown;
  parts: CsvTable;
  scale: number;
  meta: MetaResult | null;
}

/** The catalogue kept: its text, the sweep that judges it (`sweep`, its points ×`k` the kept one's), and what was kept. */
interface Kept {
  readonly text: string;
  readonly sweep: string;
  readonly k: number;
  /** Whether it differs from the catalogue given; the round it is (null: made of several, or the given one). */
  readonly changed: boolean;
  readonly round: number | null;
  /** The changes kept (by parts), or the round kept (by support) with its score. */
  readonly said: string;
}

export async function reprice(args: RepriceArgs): Promise<void> {
  const ctx = await setUp(args);
  clearEarlier(ctx.out);
  const played = await playRounds(ctx);
  if (!played) return;
  const { log, beyond, givenMeta } = played;
  mkdirSync(ctx.out, { recursive: true });
  writeRoundsCsv(ctx, log);
  writeFileSync(join(ctx.out, 'beyond.csv'), stringify(beyondTable(beyond)));
  const kept = ctx.bySupport ? keptByRound(ctx, log, played.best) : await keptByParts(ctx, log);
  if (!kept) return;
  writeFileSync(join(ctx.out, DATA_FILE), kept.text);
  writeComparison(ctx, kept);
  const recheckLines = kept.changed && ctx.args.recheck ? await recheck(ctx) : [];
  if (!recheckLines) return;
  const judged = judgeKept(ctx, kept, log);
  writeFileSync(join(ctx.out, 'prices.csv'), stringify(judgementTable(judged)));
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
  return {
    args, run, mod, file, prices, data, schedule, out,
    bot: run.bots[0]?.bot ?? '',
    first: partsOf(args.dir),
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

/** The sweep played again into `dir` on data `text` (parsed: `value`), by the same bot and size: its parts.csv, or null when the run was cancelled. */
async function sweepOn(ctx: Ctx, dir: string, name: string, seed: string, text: string, value: unknown, source = `havoc reprice ${ctx.args.dir}`): Promise<CsvTable | null> {
  const again: RunConfig = { ...ctx.run, name, seed, catalogueHash: ctx.file.hash(value), schedule: ctx.schedule };
  initRunFolder(dir, again, null, text, source);
  await playFolders([{ dir, run: again, shard: null, data: value }], { ...ctx.args, silent: true });
  return process.exitCode === 130 ? null : partsOf(dir);
}

/** The metagame of a sweep's top --meta builds (or of `field`) into `dir`; null when cancelled. */
async function metaOf(ctx: Ctx, sweep: string, dir: string, field?: readonly FieldBuild[]): Promise<MetaResult | null> {
  const a = ctx.args;
  const m = await playMeta({ ...a, dir: sweep, top: a.meta, games: a['meta-games'], out: dir, silent: true, report: false, json: false, field });
  return !m || process.exitCode === 130 ? null : m;
}

/**
 * --same-field: a round's metagame is solved over the earlier field's builds still legal under its prices, the
 * round's sweep's best after them, not over the round's own top builds, drawn afresh with each catalogue.
 * Each carried field is written beside its metagame (DIR/field.csv): which builds were carried, refitted or new.
 */
function fieldAfter(ctx: Ctx, earlier: readonly FieldBuild[], sweep: string, value: unknown, dir: string): FieldBuild[] | undefined {
  const { args, mod } = ctx;
  if (!args['same-field']) return undefined;
  const kit = mod.withData!(value).builds;
  const refit = args.refit ? (key: string): string | null => {
    const b = kit.refit!(key);
    return b === null ? null : kit.key(b);
  } : undefined;
  const field = carriedField(earlier, rankedBuilds(sweep), args.meta, (key) => kit.check(key, key).ok, refit);
  const given = new Set(earlier.map((b) => b.key));
  const origin = (b: FieldBuild): string => (b.from !== undefined ? 'refitted' : given.has(b.key) ? 'carried' : 'new');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'field.csv'), stringify([['rank', 'loadout', 'origin', 'refitted_from'], ...field.map((b, i) => [i + 1, b.key, origin(b), b.from ?? ''])]));
  return field;
}

/** A round's score: the parts flagged not beyond their budgets (fewer is better), or with --aim support the equilibrium's support (wider is better). */
const scoreOf = (ctx: Ctx, l: Pick<RoundLog, 'flagged' | 'beyond' | 'meta'>): number => (ctx.bySupport ? l.meta!.summary.equilibrium.support : l.flagged!.length - l.beyond);
const better = (ctx: Ctx, a: number, b: number): boolean => (ctx.bySupport ? a > b : a < b);

/** The changes a round proposes from the catalogue `from` (before --step, --damping and --keep-best). */
function proposeRound(ctx: Ctx, from: From): ReturnType<typeof roundChanges> {
  const { args, prices } = ctx;
  if (ctx.bySupport) return supportChanges(from.meta!, prices, from.value, from.scale, args['up-share']);
  return roundChanges(from.parts, prices, from.value, from.scale, from.dir === args.dir ? ctx.givenTol : ctx.scaledTol);
}

/** A round's catalogue and changes.csv, in its folder. */
function writeRound(dir: string, text: string, changes: readonly PlannedChange[]): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, DATA_FILE), text);
  writeFileSync(
    join(dir, 'changes.csv'),
    stringify([
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
      stop(round, flaggedCount ? `none of ${flaggedCount} ${ctx.bySupport ? 'parts the metagame votes on' : 'flagged parts'} can move within its budget${hint}` : none);
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
    stringify([
      ['round', 'changes', 'flagged', 'beyond_budget', 'parts_flagged', 'support', 'held_out_exploitability'],
      ...log.map((l) => [l.round, l.changes, l.flagged?.length ?? '', l.flagged ? l.beyond : '', l.flagged?.join(' ') ?? '', ...supportOf(l.meta)]),
    ]),
  );
}

const supportOf = (m: MetaResult | null): (string | number)[] => (m ? [m.summary.equilibrium.support, m.summary.equilibrium.heldOutExploitability?.toFixed(4) ?? ''] : ['', '']);

/** The catalogue given in the points of the rounds (--scale applied). */
const givenScaled = (ctx: Ctx): string => (ctx.args.scale > 1 ? ctx.prices.withCosts(ctx.data.text, new Map(), ctx.args.scale, join(ctx.args.dir, DATA_FILE)) : ctx.data.text);

/** Each price's cost in a catalogue's text. */
function costsOf(ctx: Ctx, text: string): Map<string, number> {
  const value = ctx.file.parse(text, join(ctx.out, DATA_FILE));
  return new Map([...ctx.prices.prices(value, 1)].map(([k, p]) => [k, p.cost]));
}

const sameCosts = (a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): boolean => a.size === b.size && [...a].every(([k, c]) => b.get(k) === c);

/** Each part's standing in a round's sweep, by its price list held to the tolerance (repriceParts.ts). */
function standingsOf(ctx: Ctx, sweep: string): Map<string, Standing> {
  return new Map((pricesOf(sweep) ?? []).map((r) => [r.part, standing(r, ctx.scaledTol)]));
}

/** A part's own price (its cost is that one price, once), or null. */
function ownPrice(ctx: Ctx, value: unknown, part: string): string | null {
  const m = ctx.prices.makeup(value, part);
  return m && m.size === 1 && [...m.values()][0] === 1 ? [...m.keys()][0] : null;
}

/** The parts a sweep of the rounds' points (its folder with its catalogue) finds beyond their budgets, by its price list (repriceParts.ts). */
function beyondIn(ctx: Ctx, sweep: string, k = 1): Set<string> {
  const value = ctx.file.parse(readFileSync(join(sweep, DATA_FILE), 'utf8'), join(sweep, DATA_FILE));
  const ranges = ctx.prices.prices(value, k);
  const rangeOf = (part: string): readonly [number, number] | null => {
    const key = ownPrice(ctx, value, part);
    return key === null ? null : (ranges.get(key)?.range ?? null);
  };
  return beyondRows(pricesOf(sweep, k) ?? [], rangeOf, ctx.scaledTol);
}

/**
 * The catalogue kept by parts (the default aim): the catalogue given with every change that brought the parts it
 * prices within the tolerance in its own round's sweep, whatever the other parts did (keptChanges). Judged in a sweep of
 * its own: the round it is, or, when it is made of several rounds' changes, one more sweep with the same seed
 * (OUT/kept/). The catalogue given when no change was kept. Null when cancelled.
 */
async function keptByParts(ctx: Ctx, log: readonly RoundLog[]): Promise<Kept | null> {
  const changes: RoundChange[] = log.flatMap((l) => {
    if (!l.dir || !l.flagged) return [];
    const ranges = ctx.prices.prices(ctx.file.parse(readFileSync(join(l.dir, DATA_FILE), 'utf8'), join(l.dir, DATA_FILE)), 1);
    return l.planned.map((c) => {
      const range = ranges.get(c.key)?.range;
      return { round: l.round, key: c.key, from: c.from, to: c.to, parts: c.parts, atLimit: range !== undefined && c.to === (c.to > c.from ? range[1] : range[0]) };
    });
  });
  const played = log.filter((l) => l.dir && l.flagged);
  const standings = new Map(played.map((l) => [l.round, standingsOf(ctx, join(l.dir!, 'sweep'))]));
  const past = new Map(played.map((l) => [l.round, beyondIn(ctx, join(l.dir!, 'sweep'))]));
  const kept = keptChanges(changes, (round) => standings.get(round) ?? new Map(), (round) => past.get(round) ?? new Set());
  const given = givenScaled(ctx);
  if (kept.size === 0)
    return { text: given, sweep: ctx.args.dir, k: ctx.args.scale, changed: false, round: null, said: `no change brought its part within the tolerance: the catalogue given stands (${join(ctx.out, DATA_FILE)}; rounds.csv in ${ctx.out}/)` };
  const text = ctx.prices.withCosts(ctx.data.text, new Map([...kept].map(([k, c]) => [k, c.to])), ctx.args.scale, join(ctx.args.dir, DATA_FILE));
  const want = costsOf(ctx, text);
  const same = log.find((l) => l.dir && l.flagged && sameCosts(costsOf(ctx, readFileSync(join(l.dir, DATA_FILE), 'utf8')), want));
  const list = [...kept.values()].map((c) => `${c.key} ${costsOf(ctx, given).get(c.key) ?? c.from}→${c.to} (round ${c.round})`).join(', ');
  const said = (where: string): string =>
    `kept: ${kept.size} change${kept.size === 1 ? '' : 's'} that brought ${kept.size === 1 ? 'its part' : 'their parts'} within the tolerance (or as far as a budget allows), whatever the others did: ${list}; the catalogue: ${join(ctx.out, DATA_FILE)}, judged in ${where}`;
  if (same) return { text, sweep: join(same.dir!, 'sweep'), k: 1, changed: true, round: same.round, said: said(`round ${same.round}'s sweep (it is that round's catalogue)`) };
  const dir = join(ctx.out, 'kept');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, DATA_FILE), text);
  const value = ctx.file.parse(text, join(dir, DATA_FILE));
  const parts = await sweepOn(ctx, join(dir, 'sweep'), `${ctx.run.name}-repriced-kept`, ctx.run.seed, text, value);
  if (!parts) return null;
  return { text, sweep: join(dir, 'sweep'), k: 1, changed: true, round: null, said: said(`its own sweep with the same seed (${join(dir, 'sweep')}/)`) };
}

/** The catalogue kept by --aim support: the round whose equilibrium mixed the most builds, more than the sweep given's; else the given. */
function keptByRound(ctx: Ctx, log: readonly RoundLog[], best: { round: number; dir: string; count: number; score: number }): Kept {
  const givenScore = scoreOf(ctx, log[0]);
  if (best.round === 0)
    return { text: givenScaled(ctx), sweep: ctx.args.dir, k: ctx.args.scale, changed: false, round: null, said: `no round widened the equilibrium beyond the ${builds(best.score)} before: the catalogue stands (rounds.csv in ${ctx.out}/)` };
  return {
    text: readFileSync(join(best.dir, DATA_FILE), 'utf8'),
    sweep: join(best.dir, 'sweep'),
    k: 1,
    changed: true,
    round: best.round,
    said: `best: round ${best.round}, the equilibrium of the top ${ctx.args.meta} builds mixes ${best.score} against ${givenScore} before (${best.count} flagged against ${log[0].flagged!.length}); its catalogue: ${join(ctx.out, DATA_FILE)} (comparison.csv, rounds.csv and each round's sweep in ${ctx.out}/)`,
  };
}

/** comparison.csv: the kept catalogue's sweep's verdicts beside the first sweep's, both in the kept points. */
function writeComparison(ctx: Ctx, kept: Kept): void {
  const k = ctx.args.scale, after = partsOf(kept.sweep);
  const afterBy = new Map(after.rows.map((r) => [r.part, r]));
  const times = (v: string | undefined, f: number): string => (num(v) === null ? '' : String(Number((num(v)! * f).toFixed(3))));
  const rows = ctx.first.rows.map((b) => {
    const a = afterBy.get(b.part);
    return [b.part, b.category, Number(b.listed_cost) * k, b.mispriced ?? '', times(b.fair_cost, k), times(a?.listed_cost, kept.k), a?.mispriced ?? '', times(a?.fair_cost, kept.k), times(a?.fair_cost_lo, kept.k), times(a?.fair_cost_hi, kept.k)];
  });
  writeFileSync(join(ctx.out, 'comparison.csv'), stringify([['part', 'category', 'cost_before', 'verdict_before', 'fair_before', 'cost_after', 'verdict_after', 'fair_after', 'fair_after_lo', 'fair_after_hi'], ...rows]));
}

/**
 * Each part judged: the sweep given's price list beside the kept catalogue's sweep's, in the kept points
 * (repriceParts.ts), with how many of the sweeps that played it at its kept cost (the rounds', the kept catalogue's,
 * the re-checks') find it within the tolerance.
 */
function judgeKept(ctx: Ctx, kept: Kept, log: readonly RoundLog[]): PartJudgement[] {
  const before = pricesOf(ctx.args.dir, ctx.args.scale) ?? [];
  const after = pricesOf(kept.sweep, kept.k) ?? before;
  const listed = costsOf(ctx, givenScaled(ctx)), now = costsOf(ctx, kept.text);
  const value = ctx.file.parse(kept.text, join(ctx.out, DATA_FILE));
  // A part's cost: its one price's (a cost made of several prices, as a Hovercrafts ship's, is its price list's listed cost).
  const own = (part: string): string | null => ownPrice(ctx, value, part);
  const costs = (part: string) => {
    const key = own(part), b = before.find((r) => r.part === part)!;
    return key !== null && listed.has(key) ? { listed: listed.get(key)!, kept: now.get(key)! } : { listed: b.listed, kept: after.find((r) => r.part === part)?.listed ?? b.listed };
  };
  const rechecks = existsSync(ctx.out) ? readdirSync(ctx.out).filter((f) => /^recheck-after(-\d+)?$/.test(f)).map((f) => join(ctx.out, f)) : [];
  const dirs = [...log.filter((l) => l.dir && l.flagged).map((l) => join(l.dir!, 'sweep')), ...(kept.k === 1 && kept.round === null ? [kept.sweep] : []), ...rechecks];
  const sweeps = dirs.map((dir) => {
    const c = costsOf(ctx, readFileSync(join(dir, DATA_FILE), 'utf8'));
    return { rows: new Map((pricesOf(dir) ?? []).map((r) => [r.part, r])), cost: (part: string): number | null => { const key = own(part); return key === null ? null : (c.get(key) ?? null); } };
  });
  const tally = (part: string) => {
    const key = own(part);
    return key === null ? null : tallyAt(sweeps, part, now.get(key)!, ctx.scaledTol);
  };
  return judgeParts(before, after, costs, beyondIn(ctx, kept.sweep, kept.k), ctx.scaledTol, tally);
}

/** The printout's per-part lines: a count each way, a line a part to act on or fixed, in words; the quiet ones a line each way (prices.csv has every part). */
function judgementLines(rows: readonly PartJudgement[], out: string): string[] {
  if (!rows.length) return [];
  const { loud, quiet } = judgementSentences(rows);
  const n = (x: number | null): string => (x === null ? '' : priceFigure(x));
  const table = columns(
    [['part', 'listed', 'kept', 'worth', 'interval', 'games', 'status'], ...loud.map((r) => [r.part, String(r.listed), String(r.kept), n(r.worth), priceSpan({ lo: r.lo, hi: r.hi } as PriceRow), String(r.games), r.outcome])],
    [0, 4, 6],
  );
  return [`each part, judged in the kept catalogue's sweep (${join(out, 'prices.csv')}): ${outcomeCounts(rows)}`, ...(loud.length ? [table] : []), ...loud.map((r) => `  ${r.sentence}`), ...quiet.map((x) => `  ${x}`)];
}

/**
 * The kept catalogue re-checked: it and the catalogue given (in the same points) swept again with another seed, a new
 * sample of designs and matches. The kept catalogue was chosen on its own seed's sample, so its verdicts may fit that
 * sample rather than the game (docs/balance.md: 3 flagged with one seed were 17 with another). With --aim support each
 * re-check sweep's metagame too (in its folder's meta/). Its printout lines; null when cancelled.
 */
async function recheck(ctx: Ctx): Promise<string[] | null> {
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
  writeFileSync(join(out, 'recheck.csv'), stringify([['catalogue', 'seed', 'flagged', 'parts_flagged', 'support', 'held_out_exploitability'], ...rows]));
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
async function metaBeforeAfter(ctx: Ctx, kept: Kept, log: readonly RoundLog[], givenMeta: MetaResult | null): Promise<{ lines: string[]; change: KeptVersusGiven['support'] } | null> {
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
  writeFileSync(join(out, 'metagame.csv'), stringify([['sweep', 'top', 'games_per_pair', 'support', 'exploitability', 'held_out_exploitability', 'support_builds', 'folder'], ...rows]));
  return { lines, change: { top: after.top, before: given.equilibrium.support, after: after.equilibrium.support } };
}

/** The strongest builds under the prices given and the prices kept (havoc optimize with the sweep's bot, in OUT/optimize-before and -after). */
async function optimizeBeforeAfter(ctx: Ctx): Promise<{ lines: string[]; change: KeptVersusGiven['dominant'] }> {
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
  writeFileSync(join(out, 'dominant.csv'), stringify([['prices', 'rank', 'build', 'score', 'lo', 'hi', 'beats', 'field', 'dominant'], ...rows]));
  return { lines, change: { top: tops[1], before: dominants[0], after: dominants[1] } };
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
  return `${run.name}: reprice${ctx.bySupport ? ` toward a wider metagame (the equilibrium of each sweep's top ${args.meta} builds)` : ''}${args.scale > 1 ? ` (every cost and budget ×${args.scale} first)` : ''}, at most ${args.step} parts a round${rule}, ${schedule.matches} matches a sweep${tol}:`;
}

/** A round's line: its changes, its flagged parts (those beyond their budgets counted apart), its metagame's width. */
function roundLine(l: RoundLog): string {
  const width = l.meta ? `, the equilibrium mixes ${l.meta.summary.equilibrium.support}` : '';
  if (!l.flagged) return `  round ${l.round}: ${l.changes}`;
  const apart = l.beyond ? `; ${l.beyond} of them beyond their budgets` : '';
  return `  round ${l.round}: ${l.changes} → ${l.flagged.length} flagged${l.flagged.length ? ` (${l.flagged.join(' ')})` : ''}${apart}${width}`;
}
