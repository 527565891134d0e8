/** The options every run-playing command takes, declared for yargs (what they mean: app/runs.ts). */
import type { Argv } from 'yargs';

/** Adds --workers, --quiet and --json. */
export const runOptions = <T>(y: Argv<T>) =>
  y
    .option('workers', { type: 'number', describe: 'worker threads (default: HAVOC_WORKERS, else every core; 0 plays in this thread)' })
    .option('batch', { type: 'number', describe: 'largest batch of matches sent to a worker at once (default 10000; batches are sized to about 200 ms of play below that)' })
    .option('save-replays', { type: 'string', describe: 'replays to save in DIR/replays: all, none, losses (every match someone lost, as it is played: havoc contest\'s default), or N matches chosen for interest once the run is played (each entrant\'s losses, upsets, long games; default 10); matches with a bot fault always get one' })
    .option('report', { type: 'boolean', default: true, describe: 'write DIR/report.html at the end of each run (--no-report to skip)' })
    .option('unsafe-bots', { type: 'boolean', default: false, describe: 'run bots named by path in the arena\'s own threads, trusting them (default: each in a sandboxed process; docs/protocol.md)' })
    .option('queue', { type: 'string', describe: 'play the batches on the workers of a queue (`havoc worker --queue URL` on any machine) rather than here, e.g. redis://127.0.0.1:6379 (docs/distributed.md)' })
    .option('quiet', { type: 'boolean', default: false, describe: 'no progress bar' })
    .option('json', { type: 'boolean', default: false, describe: 'print each run\'s summary.json instead of the report' });

/** Adds the config positional and --out, --seed, --shard. */
export const configOptions = <T>(y: Argv<T>) =>
  runOptions(y)
    .positional('config', { type: 'string', demandOption: true, describe: 'run config (JSON), e.g. configs/default.json' })
    .option('out', { type: 'string', describe: 'output folder (overrides the config\'s "out")' })
    .option('seed', { type: 'string', describe: 'run seed (overrides the config\'s "seed")' })
    .option('shard', { type: 'string', describe: 'play only shard K of N (match ids ≡ K-1 mod N), e.g. 2/4' });

/** What --matches and --bots say, the same on tournament and sweep. */
export const MATCHES_HELP = 'matches to play in place of the schedule\'s (a sweep: its matches; a round robin, gauntlet or free-for-all: a whole number of rounds of its pairings, games per pairing = N / pairings)';
export const BOTS_HELP = 'the bots that play, in place of the config\'s "bots" (every run\'s): built-in names or paths, comma-separated, e.g. random,greedy';

/** Adds --matches and --bots, the overrides tournament and sweep share. */
export const overrideOptions = <T>(y: Argv<T>, bots = BOTS_HELP) =>
  y.option('matches', { type: 'number', describe: MATCHES_HELP }).option('bots', { type: 'string', describe: bots });
