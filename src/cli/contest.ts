/**
 * `havoc contest CONFIG`: the entrants of a contest file (manifests, each bot
 * sandboxed) play round after round in one run folder — every pair first,
 * then the neighbours whose order is still uncertain (arena/contest/rounds.ts)
 * — until the leaderboard is settled or the budget is spent; then the tables,
 * `leaderboard.csv`, the replays worth watching and the report. Run again, it
 * carries the contest on: new entrants join and meet every other, the games
 * played stay.
 */
import { join } from 'node:path';
import type { CommandModule } from 'yargs';
import { loadContest } from '../run/contest/file.js';
import { checkEntrantsUnchanged, contestRun, saveContestRun, writeContestState } from '../run/contest/folder.js';
import { nextRound } from '../run/contest/rounds.js';
import { folderData, initRunFolder, writeAtomic } from '../store/folder.js';
import { HavocError } from '../core/errors.js';
import { contestStanding, formatLeaderboard, leaderboardTable } from '../report/leaderboard.js';
import { tableCsv } from '../report/tables.js';
import { reportErrors } from './errors.js';
import { withExamples } from './examples.js';
import { checkRunArgs, finishRun, playJob, withPool, type RunArgs } from '../app/runs.js';
import { runOptions } from './runOptions.js';

interface ContestArgs extends RunArgs {
  config: string;
  out?: string;
  seed?: string;
  'max-rounds'?: number;
}

async function runContest(given: ContestArgs): Promise<void> {
  // Every match someone lost keeps its replay, written as it is played (a sandboxed bot's match is recorded anyway): each entrant's losses one click from its page.
  const args: ContestArgs = { ...given, 'save-replays': given['save-replays'] ?? 'losses' };
  checkRunArgs(args);
  if (args.queue !== undefined) await (await import('../app/queue.js')).checkQueue(args.queue); // before the folder is made
  if (args.seed !== undefined && String(args.seed).trim() === '') throw new HavocError('ERR_ARGS', '--seed', 'must not be empty');
  const maxRounds = args['max-rounds'];
  if (maxRounds !== undefined && !(Number.isInteger(maxRounds) && maxRounds >= 1)) throw new HavocError('ERR_ARGS', '--max-rounds', 'must be a whole number ≥ 1 (the rounds the contest may have played when this run stops)');
  const loaded = await loadContest(args.config, { out: args.out, seed: args.seed, trustBots: args['unsafe-bots'] === true });
  // --max-rounds stops this session sooner (or later) than the file's maxRounds; the games played stay either way.
  const plan = maxRounds === undefined ? loaded : { ...loaded, options: { ...loaded.options, maxRounds } };
  const dir = plan.out;
  let { run, entrants, fresh } = contestRun(dir, plan);
  const active = plan.entrants.map((e) => e.name);
  if (fresh) initRunFolder(dir, run, null, plan.data?.text ?? null, plan.file);
  const data = folderData(dir, run)?.value;
  const say = (line: string): void => {
    if (!args.json) process.stdout.write(line + '\n');
  };
  const state = (stopped: string | null) => writeContestState(dir, { format: 'havoc-contest/1', source: plan.file, entrants, active, options: plan.options, stopped });
  await withPool(args, async (exec, stop) => {
    let stopped: string | null = null;
    // This session's play over every round, for summary.json's timing.
    let played = 0, seconds = 0, workerSeconds = 0, crashed = 0;
    for (;;) {
      checkEntrantsUnchanged(dir, run); // a file swapped in an entrant's folder since it entered (or since the last round)
      saveContestRun(dir, run, plan.file);
      state(null);
      const rounds = run.schedule.type === 'rounds' ? run.schedule.rounds : [];
      const outcome = await playJob({ dir, run, shard: null, data }, exec, stop, args);
      if (!outcome) return;
      (played += outcome.playedNow), (seconds += outcome.seconds), (workerSeconds += outcome.workerSeconds), (crashed += outcome.crashed);
      // What the games so far say decides the next round (or the end).
      const next = nextRound(rounds, active, rounds.length ? contestStanding(dir, run, active) : null, plan.options);
      if ('stop' in next) {
        stopped = next.stop;
        if (outcome.playedNow === 0 && rounds.length && !args.quiet) say(`${plan.run.name}: nothing new to play: ${stopped}`);
        state(stopped);
        const job = { dir, run, shard: null, data };
        await finishRun(job, exec, { ...outcome, playedNow: played, seconds, workerSeconds, crashed }, args, (t) => {
          // The build column where entrants bring their own.
          const builds = run.schedule.type === 'rounds' ? run.schedule.builds : undefined;
          const board = leaderboardTable(t.tables.ratings, t.tables.bots, entrants, active, builds && ((name) => builds[name] ?? run.loadouts[0].name));
          writeAtomic(join(dir, 'leaderboard.csv'), tableCsv(board));
          const m = t.summary.matches;
          return [
            `${plan.run.name} (${run.ruleset}, seed ${run.seed}): ${rounds.length} round${rounds.length === 1 ? '' : 's'}, ${m.played} games (${Object.entries(m.reasons).map(([k, v]) => `${v} ${k}`).join(', ')}); stopped: ${stopped}`,
            'leaderboard (rating on the Elo scale with its 95% interval; los next: the likelihood it is stronger than the one below):',
            formatLeaderboard(board),
            `leaderboard: ${join(dir, 'leaderboard.csv')}; tables: ${dir}/ (${t.summary.tables.join(', ')})`,
            '',
          ].join('\n');
        });
        return;
      }
      say(`round ${rounds.length + 1}: ${next.round.pairs.length} pair${next.round.pairs.length === 1 ? '' : 's'} × ${next.round.games} games (${next.round.why})`);
      if (run.schedule.type === 'rounds') run = { ...run, schedule: { ...run.schedule, rounds: [...rounds, next.round] } };
    }
  });
}

const command: CommandModule<object, ContestArgs> = {
  command: 'contest <config>',
  describe: 'play a contest between entrants (manifests; each bot sandboxed) round after round until the leaderboard is settled, and write it (carries an existing contest on)',
  builder: (y) =>
    withExamples(
      runOptions(y)
        .positional('config', { type: 'string', demandOption: true, describe: 'contest file (JSON), e.g. configs/contest.json' })
        .option('out', { type: 'string', describe: 'the contest\'s folder (overrides the file\'s "out"); an existing contest there is carried on' })
        .option('seed', { type: 'string', describe: 'contest seed (overrides the file\'s "seed")' })
        .option('max-rounds', { type: 'number', describe: 'play at most this many rounds, those already played included (overrides the file\'s "maxRounds"; 1: every pair meets once, `games.first` games)' }),
      'contest',
    ) as never,
  handler: (args) => reportErrors(() => runContest(args)),
};

export default command;
