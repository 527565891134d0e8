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
 * nothing can move. The best data (fewest flagged, fewer than the sweep
 * given; the earliest of equals, so the fewest changes) is OUT/parts.json,
 * OUT/comparison.csv sets its verdicts beside the first sweep's; it and the
 * data given are swept again with another seed (OUT/recheck.csv: whether
 * the improvement holds on a new sample; --no-recheck: not); with
 * `--meta K` OUT/metagame.csv the two sweeps' metagames, with `--optimize N`
 * OUT/dominant.csv the strongest builds under each. `--aim support` prices by
 * each sweep's metagame instead of its verdicts (stats/metaPrices.ts: a point
 * up for a part in most of the equilibrium's weight, a point down for one it
 * never plays; each round's metagame in OUT/round-N/meta/) and keeps the
 * round whose equilibrium mixes the most builds. OUT/beyond.csv names the
 * parts of every sweep that no price within their budget makes fair
 * (repriceBeyond.ts). What a round changes is
 * read from its sweep in repriceRounds.ts; the options' checks are in
 * repriceArgs.ts, their declarations in cli/reprice.ts.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { loadRunRuleset } from '../config/rulesets.js';
import { sweepFilter, type RunConfig } from '../config/types.js';
import { DATA_FILE, folderData, initRunFolder, inspectFolder } from '../store/folder.js';
import { HavocError } from '../core/errors.js';
import type { CsvTable } from '../report/htmlCsv.js';
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
import { flagged, num, partsOf, roundChanges, supportChanges } from './repriceRounds.js';
import { checkRunArgs, playFolders } from './runs.js';

const builds = (n: number): string => `${n} build${n === 1 ? '' : 's'}`;

export async function reprice(args: RepriceArgs): Promise<void> {
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
  const bot = run.bots[0]?.bot ?? '';
  const data = folderData(args.dir, run);
  if (!data) throw new HavocError('ERR_ARGS', args.dir, `has no ${DATA_FILE}`);
  const schedule = args.matches !== undefined ? { ...run.schedule, matches: args.matches } : run.schedule;
  const out = args.out ?? `${args.dir.replace(/\/+$/, '')}-repriced`;
  // OUT is cleared of an earlier reprice's rounds and catalogue: never the sweep's own folder.
  if (resolve(out) === resolve(args.dir)) throw new HavocError('ERR_ARGS', '--out', `is the sweep's own folder ${args.dir}: a reprice writes its rounds and catalogue elsewhere (default ${args.dir.replace(/\/+$/, '')}-repriced)`);

  /** The sweep played again into `dir` on data `text` (parsed: `value`), by the same bot and size: its parts.csv, or null when the run was cancelled. */
  const sweepOn = async (dir: string, name: string, seed: string, text: string, value: unknown, source = `havoc reprice ${args.dir}`): Promise<CsvTable | null> => {
    const again: RunConfig = { ...run, name, seed, catalogueHash: file.hash(value), schedule };
    initRunFolder(dir, again, null, text, source);
    await playFolders([{ dir, run: again, shard: null, data: value }], { ...args, silent: true });
    return process.exitCode === 130 ? null : partsOf(dir);
  };
  const first = partsOf(args.dir);
  // --tolerance is in the given catalogue's points: the sweep given is in them, every later sweep in points ×scale.
  const givenTol = args.tolerance, scaledTol = args.tolerance * args.scale;
  // What an earlier reprice into OUT left is not this one's: its rounds' folders above all (a run folder played again
  // keeps its config and catalogue, so a round's sweep would keep the earlier round's, and its metagame is carried on).
  const earlier = existsSync(out) ? readdirSync(out).filter((f) => /^(round-\d+|recheck-(before|after)(-\d+)?)$/.test(f)) : [];
  for (const f of [...earlier, 'rounds.csv', 'beyond.csv', 'comparison.csv', DATA_FILE, 'metagame.csv', 'dominant.csv', 'meta-before', 'meta-after', 'optimize-before', 'optimize-after', 'recheck.csv'])
    rmSync(join(out, f), { recursive: true, force: true });
  // --aim support: each sweep's metagame (its top --meta builds' equilibrium) sets the next round's prices and scores it.
  const bySupport = args.aim === 'support';
  const metaOf = async (sweep: string, dir: string, field?: readonly FieldBuild[]): Promise<MetaResult | null> => {
    const m = await playMeta({ ...args, dir: sweep, top: args.meta, games: args['meta-games'], out: dir, silent: true, report: false, json: false, field });
    return !m || process.exitCode === 130 ? null : m;
  };
  // --same-field: a round's metagame is solved over the earlier field's builds still legal under its prices, the
  // round's sweep's best after them, not over the round's own top builds, drawn afresh with each catalogue.
  // Each carried field is written beside its metagame (DIR/field.csv): which builds were carried, refitted or new.
  const fieldAfter = (earlier: readonly FieldBuild[], sweep: string, value: unknown, dir: string): FieldBuild[] | undefined => {
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
  };
  const givenField = bySupport ? topBuilds(args.dir, args.meta) : [];
  const givenMeta = bySupport ? await metaOf(args.dir, join(out, 'meta-before'), givenField) : null;
  if (bySupport && !givenMeta) return;
  /** A round's score: the parts flagged (fewer is better), or with --aim support the equilibrium's support (wider is better). */
  const scoreOf = (flags: readonly string[], meta: MetaResult | null): number => (bySupport ? meta!.summary.equilibrium.support : flags.length);
  const better = (a: number, b: number): boolean => (bySupport ? a > b : a < b);
  const log: { round: number; changes: string; flagged: string[] | null; meta: MetaResult | null }[] = [{ round: 0, changes: '(the sweep given)', flagged: flagged(first, givenTol), meta: givenMeta }];
  let from = { dir: args.dir, text: data.text, value: data.value, parts: first, scale: args.scale, meta: givenMeta };
  const givenScore = scoreOf(log[0].flagged!, givenMeta);
  let best = { round: 0, dir: args.dir, count: log[0].flagged!.length, score: givenScore };
  // The parts of each sweep that no price within their budget makes fair (repriceBeyond.ts): a question for the budget, not the price.
  const beyond: BeyondPart[] = beyondOfSweep(first, prices, data.value, args.scale, givenTol, 0);
  // --keep-best: each round starts from the best catalogue so far, with shorter steps each time one from it did not improve.
  let start = { ...from, round: 0 }, tries = 0;
  const tried = new Set<string>();
  for (let round = 1; round <= args.rounds; round++) {
    if (args['keep-best']) from = start;
    const { moved, flaggedCount, priced, under } = bySupport
      ? supportChanges(from.meta!, prices, from.value, from.scale, args['up-share'])
      : roundChanges(from.parts, prices, from.value, from.scale, from.dir === args.dir ? givenTol : scaledTol);
    if (moved.length === 0) {
      const hint = flaggedCount && from.scale === 1 && round === 1 ? ' (--scale 2 allows half-point steps)' : '';
      const none = bySupport ? 'the metagame asks no price to move' : 'no part flagged';
      log.push({ round, changes: flaggedCount ? `none of ${flaggedCount} ${bySupport ? 'parts the metagame votes on' : 'flagged parts'} can move within its budget${hint}` : none, flagged: null, meta: null });
      break;
    }
    const picked = pickChanges(moved, args.step, args.together);
    const proposed = args.lower ? lowerInstead(picked, priced, under) : picked;
    // --keep-best after a round that did not improve: the first half of the changes, half as far (shrunkStep).
    const shrink = args['keep-best'] ? shrunkStep(proposed.length, args.damping, tries) : { count: proposed.length, damping: args.damping };
    const changes = dampChanges(proposed.slice(0, shrink.count), shrink.damping);
    const said = `${args['keep-best'] ? `from round ${start.round}: ` : ''}${changes.map((c) => `${c.key} ${c.from}→${c.to}`).join(', ')}`;
    if (args['keep-best'] && tried.has(said)) {
      log.push({ round, changes: `${said}: tried already, and the steps can shrink no further`, flagged: null, meta: null });
      break;
    }
    tried.add(said);
    const text = prices.withCosts(from.text, new Map(changes.map((c) => [c.key, c.to])), from.scale, join(from.dir, DATA_FILE));
    const dir = join(out, `round-${round}`);
    const value = file.parse(text, join(dir, DATA_FILE));
    // The budgets must still allow a match's builds through the sweep's filter.
    const kit = mod.withData!(value).builds;
    if (kit.count && kit.count(sweepFilter(schedule.filter, run.experimental)) < schedule.seats) {
      log.push({ round, changes: 'the new costs leave fewer legal builds than a match needs: not played', flagged: null, meta: null });
      break;
    }
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, DATA_FILE), text);
    writeFileSync(
      join(dir, 'changes.csv'),
      stringify([
        ['price', 'category', 'verdict', 'listed_cost', 'new_cost', 'fair_cost', 'fair_cost_lo', 'fair_cost_hi', 'parts', 'why'],
        ...changes.map((c) => [c.key, c.category, c.verdict, c.from, c.to, c.fair ?? '', c.lo ?? '', c.hi ?? '', c.parts.join(' '), c.why]),
      ]),
    );
    const parts = await sweepOn(join(dir, 'sweep'), `${run.name}-repriced-${round}`, run.seed, text, value);
    if (!parts) return;
    const meta = bySupport ? await metaOf(join(dir, 'sweep'), join(dir, 'meta'), fieldAfter(givenField, join(dir, 'sweep'), value, dir)) : null;
    if (bySupport && !meta) return;
    const now = flagged(parts, scaledTol);
    beyond.push(...beyondOfSweep(parts, prices, value, 1, scaledTol, round));
    log.push({ round, changes: said, flagged: now, meta });
    from = { dir, text, value, parts, scale: 1, meta };
    const score = scoreOf(now, meta);
    if (better(score, best.score)) {
      best = { round, dir, count: now.length, score };
      start = { ...from, round };
      tries = 0;
    } else tries++;
  }

  // The best catalogue, and its verdicts beside the first sweep's.
  mkdirSync(out, { recursive: true });
  const supportOf = (m: MetaResult | null): (string | number)[] =>
    m ? [m.summary.equilibrium.support, m.summary.equilibrium.heldOutExploitability?.toFixed(4) ?? ''] : ['', ''];
  writeFileSync(
    join(out, 'rounds.csv'),
    stringify([
      ['round', 'changes', 'flagged', 'parts_flagged', 'support', 'held_out_exploitability'],
      ...log.map((l) => [l.round, l.changes, l.flagged?.length ?? '', l.flagged?.join(' ') ?? '', ...supportOf(l.meta)]),
    ]),
  );
  writeFileSync(join(out, 'beyond.csv'), stringify(beyondTable(beyond)));
  if (best.round > 0) {
    copyFileSync(join(best.dir, DATA_FILE), join(out, DATA_FILE));
    const k = args.scale, after = partsOf(join(best.dir, 'sweep'));
    const afterBy = new Map(after.rows.map((r) => [r.part, r]));
    const rows = first.rows.map((b) => {
      const a = afterBy.get(b.part), fair = num(b.fair_cost);
      // Before in the scaled points too, so the columns compare.
      return [b.part, b.category, Number(b.listed_cost) * k, b.mispriced ?? '', fair === null ? '' : (fair * k).toFixed(3), a?.listed_cost ?? '', a?.mispriced ?? '', a?.fair_cost ?? '', a?.fair_cost_lo ?? '', a?.fair_cost_hi ?? ''];
    });
    writeFileSync(join(out, 'comparison.csv'), stringify([['part', 'category', 'cost_before', 'verdict_before', 'fair_before', 'cost_after', 'verdict_after', 'fair_after', 'fair_after_lo', 'fair_after_hi'], ...rows]));
  }
  // The kept catalogue re-checked: it and the catalogue given (in the same points) swept again with another seed, a new
  // sample of designs and matches. The kept round is the fewest of several noisy counts, so its count may fit its own
  // seed's sample rather than the game (docs/balance.md: 3 flagged with one seed were 17 with another). With --aim
  // support each re-check sweep's metagame too (in its folder's meta/).
  const recheckLines: string[] = [];
  if (args.recheck && best.round > 0) {
    const seed = args['recheck-seed'] ?? `${run.seed}/recheck`;
    const givenText = args.scale > 1 ? prices.withCosts(data.text, new Map(), args.scale, join(args.dir, DATA_FILE)) : data.text;
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
        const parts = await sweepOn(dir, `${run.name}-recheck-${when}`, s, text, value, `havoc reprice ${args.dir} (re-check)`);
        if (!parts) return;
        // With --same-field the kept catalogue's metagame is over the re-checked given's field, as far as its prices allow.
        const field = bySupport ? (when === 'given' ? (recheckField = topBuilds(dir, args.meta)) : fieldAfter(recheckField, dir, value, dir)) : undefined;
        const meta = bySupport ? await metaOf(dir, join(dir, 'meta'), field) : null;
        if (bySupport && !meta) return;
        const now = flagged(parts, scaledTol);
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
          (fewer ? 'fewer on a new sample too' : "not fewer on a new sample: the kept round's count may have fitted its own seed's sample"),
      );
      if (bySupport)
        recheckLines.push(`  and the equilibrium of the top ${args.meta} builds mixes ${builds(widths[0][0])} under the catalogue given, ${widths[1][0]} under the kept one: ${wider ? 'wider on a new sample too' : "not wider on a new sample: the kept round's support may have fitted its own seed's sample"}`);
    } else {
      const n = seeds.length;
      recheckLines.push(
        `re-checked with ${n} seeds (${seeds.join(', ')}; recheck.csv, ${join(out, 'recheck-before')}/ and recheck-after/, then ${n === 2 ? '-2' : `-2 to -${n}`}): the catalogue given flags ${given.join(', ')} (${sum(given)} in all), the kept one ${kept.join(', ')} (${sum(kept)}): fewer on ${fewer} of ${n} new samples`,
      );
      if (bySupport)
        recheckLines.push(`  and the equilibrium of the top ${args.meta} builds mixes ${widths[0].join(', ')} builds under the catalogue given, ${widths[1].join(', ')} under the kept one: wider on ${wider} of ${n}`);
    }
  }
  // The metagame of each sweep's top builds, the sweep given and the one kept (havoc meta: OUT/meta-before, and OUT/meta-after
  // or, with --aim support, the kept round's own meta/ — played already, so carried on).
  const metaLines: string[] = [];
  let supportChange: KeptVersusGiven['support'] = null, dominantChange: KeptVersusGiven['dominant'] = null;
  if (args.meta > 0 && best.round > 0) {
    const metas: MetaResult[] = [];
    const rows: (string | number)[][] = [];
    for (const [when, dir, folder] of [['before', args.dir, join(out, 'meta-before')], ['after', join(best.dir, 'sweep'), bySupport ? join(best.dir, 'meta') : join(out, 'meta-after')]] as const) {
      // With --aim support both were played by the rounds (the kept round's over its own field): taken as they are.
      const m = bySupport ? (when === 'before' ? givenMeta : log.find((l) => l.round === best.round)!.meta) : await metaOf(dir, folder);
      if (!m) return;
      const e = m.summary.equilibrium;
      const support = m.rows.filter((r) => r.weight > 0).map((r) => r.name);
      rows.push([when, m.summary.top, m.summary.gamesPerPair, e.support, e.exploitability.toFixed(4), e.heldOutExploitability === null ? '' : e.heldOutExploitability.toFixed(4), support.join(' '), folder]);
      metaLines.push(`  ${when}: the top ${m.summary.top} builds' equilibrium has ${e.support} in its support (held-out exploitability ${e.heldOutExploitability?.toFixed(3) ?? '-'}; ${folder}/)`);
      metas.push(m);
    }
    const [given, kept] = metas.map((m) => m.summary);
    supportChange = { top: kept.top, before: given.equilibrium.support, after: kept.equilibrium.support };
    writeFileSync(join(out, 'metagame.csv'), stringify([['sweep', 'top', 'games_per_pair', 'support', 'exploitability', 'held_out_exploitability', 'support_builds', 'folder'], ...rows]));
  }
  // The strongest builds under the prices given and the prices kept (havoc optimize with the sweep's bot, in OUT/optimize-before and -after).
  const optimizeLines: string[] = [];
  if (args.optimize > 0 && best.round > 0) {
    const rows: (string | number | boolean)[][] = [];
    const dominants: number[] = [], tops: number[] = [];
    for (const [when, parts] of [['before', join(args.dir, DATA_FILE)], ['after', join(out, DATA_FILE)]] as const) {
      const r = await runOptimize(
        {
          ruleset: run.rulesetModule ?? run.ruleset, parts, bot, field: 'sample:20', restarts: args.optimize, iterations: args['optimize-moves'], 'max-games': 200, delta: 0.1, top: 5, 'final-games': 10,
          seed: run.seed, workers: args.workers ?? defaultWorkers(), out: join(out, `optimize-${when}`), quiet: true,
        },
        () => undefined,
      );
      for (const x of r.ranked) rows.push([when, x.rank, x.key, x.score.p.toFixed(3), x.score.lo.toFixed(3), x.score.hi.toFixed(3), x.beaten, r.fieldSize, String(x.dominant)]);
      const top = r.ranked[0], found = r.ranked.filter((x) => x.dominant).length;
      if (top) optimizeLines.push(`  ${when}: the best found ${top.key} scores ${top.score.p.toFixed(3)} against the field, beats ${top.beaten}/${r.fieldSize}; ${found} of the top ${r.ranked.length} dominant`);
      dominants.push(found);
      tops.push(r.ranked.length);
    }
    dominantChange = { top: tops[1], before: dominants[0], after: dominants[1] };
    writeFileSync(join(out, 'dominant.csv'), stringify([['prices', 'rank', 'build', 'score', 'lo', 'hi', 'beats', 'field', 'dominant'], ...rows]));
  }
  // The page: the first sweep's fair costs beside the kept round's (or, when none was kept, the last played).
  const shown = best.round > 0 ? best.dir : log.some((l) => l.round > 0 && l.flagged) ? from.dir : null;
  const caution = repriceCaution({ support: supportChange, dominant: dominantChange }, bySupport ? 'support' : 'flags');
  const page = await writeRepricePage(out, first, shown && join(shown, 'sweep'), best.round > 0, bySupport ? 'support' : 'flags', caution);
  const rule = [
    args.together ? ' with the rest of their budgets' : '',
    args.lower ? ', a raise answered by the rest of its budget priced down' : '',
    args.damping < 1 ? `, each price ${args.damping} of the way` : '',
    args['keep-best'] ? ', each round from the best so far' : '',
  ].join('');
  const beyondNote = beyondLine(beyond, log.filter((l) => l.flagged).length);
  const widthOf = (m: MetaResult | null): string => (m ? `, the equilibrium mixes ${m.summary.equilibrium.support}` : '');
  const lines = log.map((l) => `  round ${l.round}: ${l.changes}${l.flagged ? ` → ${l.flagged.length} flagged${l.flagged.length ? ` (${l.flagged.join(' ')})` : ''}${widthOf(l.meta)}` : ''}`);
  const kept = bySupport
    ? `best: round ${best.round}, the equilibrium of the top ${args.meta} builds mixes ${best.score} against ${givenScore} before (${best.count} flagged against ${log[0].flagged!.length})`
    : `best: round ${best.round}, ${best.count} flagged against ${log[0].flagged!.length} before`;
  process.stdout.write(
    [
      `${run.name}: reprice${bySupport ? ` toward a wider metagame (the equilibrium of each sweep's top ${args.meta} builds)` : ''}${args.scale > 1 ? ` (every cost and budget ×${args.scale} first)` : ''}, at most ${args.step} parts a round${rule}, ${schedule.matches} matches a sweep${args.tolerance > 0 ? `, a part flagged only where its fair cost is more than ${args.tolerance} point${args.tolerance === 1 ? '' : 's'} from its listed cost` : ''}:`,
      ...lines,
      best.round > 0
        ? `${kept}; its catalogue: ${join(out, DATA_FILE)} (comparison.csv, rounds.csv and each round's sweep in ${out}/)`
        : bySupport
          ? `no round widened the equilibrium beyond the ${builds(best.score)} before: the catalogue stands (rounds.csv in ${out}/)`
          : `no round left fewer parts flagged than the ${best.count} before: the catalogue stands (rounds.csv in ${out}/)`,
      ...recheckLines,
      ...(beyondNote ? [beyondNote] : []),
      ...(metaLines.length ? ['metagame (metagame.csv):', ...metaLines] : []),
      ...(optimizeLines.length ? [`the strongest builds (dominant.csv, ${join(out, 'optimize-before')}/ and optimize-after/):`, ...optimizeLines] : []),
      ...(caution ? [caution] : []),
      `report: ${page}`,
      '',
    ].join('\n'),
  );
}
