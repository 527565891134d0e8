/**
 * `havoc duel A B`: is A stronger than B? Seat-swapped pairs are played in
 * checks of a fixed number of pairs (the run's schedule grown a check at a
 * time, on a worker pool, into a resumable run folder); after each check the
 * pentanomial's sequential test is taken and a line printed, until it accepts
 * H0 or H1 or the games reach --max-games. duel.json and pairs.csv are
 * rewritten at each check. Killed and run again, it carries on where the
 * games stopped; the verdict depends only on the games (run/duel/tally.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HavocError } from '../core/errors.js';
import { folderData, initRunFolder, writeAtomic } from '../store/folder.js';
import { DEFAULT_DUEL_SPRT, duelSprtProblem, type DuelSprtSpec } from '../stats/pentanomialSprt.js';
import { planDuel, type DuelRequest } from '../run/duel/plan.js';
import { DUEL_FILE, duelRun, PAIRS_FILE, saveDuelRun, sprtText } from '../run/duel/folder.js';
import { readPairs, runChecks, type DuelCheck } from '../run/duel/tally.js';
import { checkLine, duelJson, pairsCsv, verdictLines } from '../run/duel/result.js';
import { checkRunArgs, playJob, withPool, type RunArgs } from './runs.js';

/** Pairs between two looks at the test: fixed, so where a duel stops does not depend on the workers. */
export const CHECK_PAIRS = 10;
export const DEFAULT_MAX_GAMES = 20000;

export interface DuelArgs extends RunArgs, Omit<DuelRequest, 'trustBots'> {
  readonly sprt?: string;
  readonly normalized?: boolean;
  readonly maxGames?: number;
}

/** --sprt elo0=0,elo1=10,alpha=0.05,beta=0.05 (any of them; the rest default), and --normalized. */
export function parseSprt(text: string | undefined, normalized: boolean): DuelSprtSpec {
  const spec: Record<string, number> = { elo0: DEFAULT_DUEL_SPRT.elo0, elo1: DEFAULT_DUEL_SPRT.elo1, alpha: DEFAULT_DUEL_SPRT.alpha, beta: DEFAULT_DUEL_SPRT.beta };
  for (const part of (text ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const m = /^(elo0|elo1|alpha|beta)=(.+)$/.exec(part);
    const v = m ? Number(m[2]) : Number.NaN;
    if (!m || !Number.isFinite(v)) throw new HavocError('ERR_ARGS', '--sprt', `"${part}" is not KEY=NUMBER with KEY one of elo0, elo1, alpha, beta (e.g. elo0=0,elo1=10,alpha=0.05,beta=0.05)`);
    spec[m[1]] = v;
  }
  const out: DuelSprtSpec = { elo0: spec.elo0, elo1: spec.elo1, alpha: spec.alpha, beta: spec.beta, model: normalized ? 'normalized' : 'logistic' };
  const problem = duelSprtProblem(out);
  if (problem) throw new HavocError('ERR_ARGS', '--sprt', problem);
  return out;
}

export async function runDuel(args: DuelArgs): Promise<void> {
  checkRunArgs(args);
  const sprt = parseSprt(args.sprt, args.normalized === true);
  const maxGames = args.maxGames ?? DEFAULT_MAX_GAMES;
  if (!(Number.isInteger(maxGames) && maxGames >= 2 && maxGames % 2 === 0)) throw new HavocError('ERR_ARGS', '--max-games', 'must be an even whole number >= 2 (games come in seat-swapped pairs)');
  if (args.queue !== undefined) throw new HavocError('ERR_ARGS', '--queue', 'a duel plays on this machine\'s workers (its checks are small); leave --queue out');
  const plan = await planDuel({ ...args, trustBots: args['unsafe-bots'] === true });
  const dir = plan.out;
  let { run, fresh } = duelRun(dir, plan.run, sprt);
  if (fresh) initRunFolder(dir, run, null, plan.data?.text ?? null, 'havoc duel');
  const data = folderData(dir, run)?.value;
  const maxPairs = maxGames / 2;
  const say = (line: string): void => void (!args.json && process.stdout.write(line + '\n'));
  const write = (checks: readonly DuelCheck[], pairs: ReturnType<typeof readPairs>): void => {
    writeAtomic(join(dir, DUEL_FILE), duelJson(run, plan.names, sprt, maxGames, 2 * CHECK_PAIRS, checks, 2 * pairs.length));
    writeAtomic(join(dir, PAIRS_FILE), pairsCsv(pairs));
  };
  const openings = run.schedule.type === 'duel' && run.schedule.openings ? `, ${run.schedule.openings} openings` : '';
  say(`duel ${plan.names[0]} vs ${plan.names[1]} (${run.ruleset}, seed ${run.seed}${openings}): SPRT ${sprtText(sprt)}, at most ${maxGames} games, a look every ${2 * CHECK_PAIRS}; ${dir}/`);
  await withPool({ ...args, quiet: true }, async (exec, stop) => {
    let shown = 0;
    for (;;) {
      const pairs = readPairs(dir, run);
      const checks = runChecks(pairs, sprt, CHECK_PAIRS, maxPairs);
      // A duel carried on prints the last check it had reached, then each new one.
      if (shown === 0 && checks.length > 1) shown = checks.length - 1;
      for (; shown < checks.length; shown++) say(checkLine(checks[shown], sprt));
      write(checks, pairs);
      const last = checks[checks.length - 1];
      if (last && last.verdict !== 'continue') {
        for (const line of verdictLines(last, sprt, plan.names)) say(line);
        say(`duel: ${join(dir, DUEL_FILE)}; pairs: ${join(dir, PAIRS_FILE)}`);
        if (args.json) process.stdout.write(readDuelText(dir));
        return;
      }
      // The next check's games.
      const target = 2 * Math.min(maxPairs, (checks.length + 1) * CHECK_PAIRS);
      if (run.schedule.type === 'duel' && run.schedule.matches < target) {
        run = { ...run, schedule: { ...run.schedule, matches: target } };
        saveDuelRun(dir, run);
      }
      const outcome = await playJob({ dir, run, shard: null, data }, exec, stop, { ...args, quiet: true });
      if (!outcome) return;
      if (outcome.crashed) process.stderr.write(`${outcome.crashed} games could not be played (see ${join(dir, 'errors.log')})\n`);
    }
  });
}

/** duel.json on one line (--json). */
const readDuelText = (dir: string): string => JSON.stringify(JSON.parse(readFileSync(join(dir, DUEL_FILE), 'utf8'))) + '\n';
