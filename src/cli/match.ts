/** `havoc match`: one seeded match between bots, drawn step by step. */
import { readScenarioFile, scenarioResult } from '../match/scenario.js';
import { seatKeyOf } from '../core/seatKey.js';
import { withExamples } from './examples.js';
import { resolve } from 'node:path';
import type { CommandModule } from 'yargs';
import { loadBotModule, runsIsolated } from '../match/bots.js';
import { commandBotHint, type EntrantManifest, readManifest } from '../sandbox/manifest.js';
import { botModuleProblem } from '../config/index.js';
import { matchFactory } from '../sandbox/remoteBot.js';
import { playMatch } from '../match/loop.js';
import { faultLines } from '../app/faults.js';
import { type Budget, DEFAULT_BUDGET } from '../core/bot.js';
import { HavocError } from '../core/errors.js';
import { readJsonFile } from '../core/json.js';
import type { AnyGameModule } from '../core/game.js';
import { matchSeed } from '../core/rng.js';
import { withDataFile } from '../config/data.js';
import { isRulesetPath, loadRuleset, rulesetIds } from '../rules/registry.js';
import { startReplay, writeReplay } from '../store/replays.js';
import { reportErrors } from './errors.js';

interface Args {
  ruleset?: string;
  scenario?: string;
  loadouts?: string;
  bots: string;
  seed: string;
  'turn-limit'?: number;
  parts?: string;
  quiet: boolean;
  json: boolean;
  replay?: string;
  'unsafe-bots': boolean;
  budget: number;
  sims: number;
}

const command: CommandModule<object, Args> = {
  command: 'match',
  describe: 'play one seeded match between bots and draw it',
  builder: (y) =>
    withExamples(y, 'match')
      .option('ruleset', { type: 'string', describe: `a ruleset (${rulesetIds().join(', ')}) or a ruleset module's path (default ${rulesetIds()[0]})` })
      .option('scenario', { type: 'string', describe: "a scenario file: the bots play from its start (its ruleset, pieces placed by hand, mid-game state); its scripted turns are not played" })
      .option('loadouts', { type: 'string', describe: 'builds, one per seat: names from configs/loadouts.json, loadout keys, or design files (a .json file holding one build as a config writes it), e.g. robo-pig,lazor-sniper (default: the ruleset\'s one build, else the builds the first manifest of --bots lists for the ruleset)' })
      .option('bots', { alias: 'bot', type: 'string', default: 'random', describe: 'bots by name, path (.js, .ts) or manifest (bot.json: a bot in any language), one per seat (one is used for all)' })
      .option('seed', { type: 'string', default: '1', describe: 'run seed; the match seed is derived from it' })
      .option('turn-limit', { type: 'number', describe: 'turns before a draw (default 100; with --scenario, the file\'s)' })
      .option('budget', { type: 'number', default: DEFAULT_BUDGET.ms, describe: 'milliseconds a decision may take (over it: a timeout fault)' })
      .option('sims', { type: 'number', default: DEFAULT_BUDGET.sims, describe: 'simulations a decision should plan for (the searching bots\' budget)' })
      .option('parts', { type: 'string', describe: 'the ruleset\'s data file (NHM and RBP: the parts catalogue, default configs/parts.json)' })
      .option('quiet', { type: 'boolean', default: false, describe: 'print only the result' })
      .option('json', { type: 'boolean', default: false, describe: 'print the JSONL trace instead of boards' })
      .option('replay', { type: 'string', describe: 'also write the match as a replay file (.jsonl) for `havoc replay` and reports' })
      .option('unsafe-bots', { type: 'boolean', default: false, describe: 'run bots named by path in this process, trusting them (default: each in a sandboxed process; docs/protocol.md)' }) as never,
  handler: (args) =>
    reportErrors(async () => {
      if (String(args.seed).trim() === '') throw new HavocError('ERR_ARGS', '--seed', 'must not be empty');
      // A manifest (bot.json) names a bot in any language: its module or command.
      const given = args.bots.split(',').map((s) => s.trim());
      for (const s of given) {
        const hint = commandBotHint(s);
        if (hint) throw new HavocError('ERR_BOT', s, hint);
      }
      const manifests = given.map((s) => (s.endsWith('.json') ? readManifest(s) : null));
      const budget = budgetOf(args.budget, args.sims);
      const { mod, game, rulesetPath, buildsFrom } = await gameOf(args, manifests);
      const n = mod.seatCount(game);
      const specs = given.map((s, i) => manifests[i]?.spec ?? s);
      const specOf = (i: number): string => specs[Math.min(i, specs.length - 1)];
      const nameOf = (i: number): string => {
        const k = Math.min(i, given.length - 1);
        return manifests[k]?.name ?? given[k];
      };
      const seed = matchSeed(args.seed, 0);
      const trusted = args['unsafe-bots'];
      // A bot named by path runs in a sandboxed process of its own, checked before the match starts.
      for (const spec of new Set(specs)) {
        const problem = runsIsolated(spec, trusted) ? await botModuleProblem(spec, false) : null;
        if (problem) throw new HavocError('ERR_BOT', spec, problem);
      }
      const factories = await Promise.all(Array.from({ length: n }, async (_, i) => matchFactory(await loadBotModule(specOf(i), trusted), mod, game)));
      const out = (s: string): boolean => process.stdout.write(s);
      const seats = Array.from({ length: n }, (_, i) => `${mod.seatName(game, i)}: ${nameOf(i)}${mod.present?.describeSeat ? ` as ${mod.present.describeSeat(game, i)}` : ''}`);
      if (!args.quiet) out(`${mod.id} match, seed ${args.seed} (match seed ${seed}); ${seats.join(', ')}${buildsFrom ? `; builds from ${buildsFrom}` : ''}\n`);
      const draw = (rec: object, st: unknown): void => {
        const show = mod.present?.show;
        if (args.json || !show) return void out(JSON.stringify(rec) + '\n');
        out(`\n${show(st, rec)}\n`);
      };
      const recorder = args.replay
        ? startReplay(mod, game, { botSpecs: specs, seed, match: { id: 0, runSeed: args.seed }, ...(rulesetPath ? { rulesetModule: resolve(rulesetPath) } : {}) }, args.quiet ? undefined : draw)
        : null;
      const result = playMatch({
        module: mod,
        game,
        bots: factories,
        seed,
        seatKey: seatKeyOf(args.seed),
        budget,
        record: recorder ? recorder.record : args.quiet ? undefined : (st) => mod.recorder(st, (rec) => draw(rec, st())),
        onBelief: recorder?.belief,
      });
      if (recorder && args.replay) writeReplay(args.replay, recorder.finish(result));
      const winner = result.winner === null ? null : mod.seatName(game, result.winner);
      const figures = mod.figures.map((f, i) => `; ${f} ${result.figures[i].join('/')}`).join('');
      // A shared first place that is not every seat (a team's seats): the seats named, not "draw".
      const firsts = result.ranks.flatMap((r, s) => (r === 0 ? [mod.seatName(game, s)] : []));
      const sided = scenarioResult(mod, game, { ranks: result.ranks, reason: result.reason }, result.turns);
      const shared =
        winner === null && firsts.length < result.ranks.length ? (sided.winner_side ? `${sided.winner_side} wins (${firsts.join(' and ')})` : `${firsts.join(' and ')} win (a shared first place)`) : null;
      if (args.json) out(JSON.stringify({ result: sided }) + '\n');
      else {
        out(`${args.quiet ? '' : '\n'}result: ${winner ? `${winner} wins` : shared ?? 'draw'} (${result.reason}) after ${result.turns} turns${figures}; faults ${result.faults.join('/')}\n`);
        for (const line of faultLines(result.faultLog, (s) => mod.seatName(game, s))) out(line + '\n');
      }
    }),
};

/** The match's game: a scenario's start (--scenario), or the ruleset's with --loadouts (else a manifest's builds) and --turn-limit. */
async function gameOf(args: Args, manifests: readonly (EntrantManifest | null)[]): Promise<{ mod: AnyGameModule; game: unknown; rulesetPath?: string; buildsFrom?: string }> {
  if (args.scenario !== undefined) {
    // The file says what these options would: refused rather than silently overridden.
    for (const [flag, v] of [['--ruleset', args.ruleset], ['--loadouts', args.loadouts], ['--parts', args.parts], ['--turn-limit', args['turn-limit']]] as const)
      if (v !== undefined) throw new HavocError('ERR_ARGS', flag, `a scenario (--scenario ${args.scenario}) sets its own ruleset, pieces and turn limit; leave ${flag} out`);
    const sc = await readScenarioFile(args.scenario);
    if (sc.turns.length > 0 && !args.quiet)
      process.stderr.write(`note: ${args.scenario}: ${sc.turns.length === 1 ? 'its scripted turn is' : `its ${sc.turns.length} scripted turns are`} not played; the bots play from its start\n`);
    return { mod: sc.module, game: sc.game, rulesetPath: sc.rulesetPath };
  }
  const ruleset = args.ruleset ?? rulesetIds()[0];
  const mod: AnyGameModule = withDataFile(await loadRuleset(ruleset), args.parts, '--parts');
  // No --loadouts where the ruleset needs builds: the first manifest's builds for it, one a seat.
  const listed = args.loadouts === undefined && !mod.builds.fixed ? manifests.find((m) => m?.builds[mod.id]) : undefined;
  const builds = listed ? manifestBuilds(mod, listed.builds[mod.id], listed.file) : buildsOf(mod, args.loadouts);
  const game = mod.makeGame({ builds, turnLimit: args['turn-limit'] ?? 100 });
  return { mod, game, ...(isRulesetPath(ruleset) ? { rulesetPath: ruleset } : {}), ...(listed ? { buildsFrom: listed.file } : {}) };
}

/** The budget of --budget and --sims. */
function budgetOf(ms: number, sims: number): Budget {
  if (!(Number.isFinite(ms) && ms > 0)) throw new HavocError('ERR_ARGS', '--budget', `must be a positive number of milliseconds, not ${ms}`);
  if (!(Number.isInteger(sims) && sims > 0)) throw new HavocError('ERR_ARGS', '--sims', `must be a positive whole number, not ${sims}`);
  return { ms, sims };
}

/** A manifest's builds for the ruleset (names, keys or designs, one a seat), each checked by the ruleset. */
function manifestBuilds(mod: AnyGameModule, list: readonly unknown[], file: string): unknown[] {
  return list.map((raw, i) => {
    const r = mod.builds.check(raw, `${file}: builds.${mod.id}[${i}]`);
    if (!r.ok) throw r.error;
    return r.value;
  });
}

/** The builds named by --loadouts (checked by the ruleset), or its one build for each of its fewest seats. */
function buildsOf(mod: AnyGameModule, list: string | undefined): unknown[] {
  const fixed = mod.builds.fixed;
  if (list === undefined) {
    if (!fixed) throw new HavocError('ERR_ARGS', '--loadouts', `${mod.title} needs a build per seat (${mod.seats.min === mod.seats.max ? mod.seats.min : `${mod.seats.min} to ${mod.seats.max}`} seats): name them with --loadouts, or list them in a manifest\'s "builds"${mod.builds.named ? '; havoc loadouts --named lists the named ones' : ''}`);
    return new Array(mod.seats.min).fill(fixed.build);
  }
  const names = list.split(',').map((s) => s.trim());
  if (names.length < mod.seats.min || names.length > mod.seats.max)
    throw new HavocError('ERR_ARGS', '--loadouts', `name ${mod.seats.min === mod.seats.max ? mod.seats.min : `${mod.seats.min} to ${mod.seats.max}`} builds`);
  return names.map((nm, i) => {
    if (fixed && nm === fixed.name) return fixed.build;
    // A design file: one build as a config writes it (NHM: {"weapons": [...], ...}).
    const raw = nm.endsWith('.json') ? readJsonFile(nm, 'ERR_ARGS') : nm;
    const r = mod.builds.check(raw, nm.endsWith('.json') ? `--loadouts[${i}] (${nm})` : `--loadouts[${i}]`);
    if (!r.ok) throw r.error;
    return r.value;
  });
}

export default command;
