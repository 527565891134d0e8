/**
 * The examples each command's --help shows: commands a user can paste as they
 * are, from the project's folder (test/e2e/cli-examples.test.ts runs every one).
 * Some use what an earlier one wrote: the quick run's folder, its shards.
 */
import type { Argv } from 'yargs';

export const EXAMPLES: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  tournament: [
    ['havoc tournament configs/quick.json', 'random, greedy and nash on Robo Battle Pigs, 9 s of CPU: tables and report in results/quick/'],
    ['havoc tournament configs/quick.json --shard 1/2 --out results/quick-1of2 --quiet --no-report', 'half the matches (ids 0, 2, 4, …), for one machine of two; no report of half a run'],
    ['havoc tournament configs/quick.json --shard 2/2 --out results/quick-2of2 --quiet --no-report', 'the other half'],
    ['havoc tournament configs/quick.json --matches 12 --workers 0 --seed 2 --out results/quick-seed2 --no-report', '12 matches (4 a pairing), in this thread, another seed, no report'],
    ['havoc tournament configs/quick.json --queue redis://127.0.0.1:6379 --out results/quick-queue', 'the batches played by the workers of a queue (havoc worker), on any machines (docs/distributed.md)'],
  ],
  sweep: [
    ['havoc sweep configs/sweep.json --matches 200 --out results/sweep-200 --quiet', 'a loadout sweep of 200 matches played by greedy: what each part should cost (a first look: configs/sweep.json plays 8,000)'],
    ['havoc sweep configs/sweep.json --bots random,greedy --matches 200 --out results/sweep-robust --quiet --no-report', 'the same sweep played by random and by greedy: the parts whose verdict changes (robustness.csv)'],
  ],
  meta: [
    ['havoc meta results/sweep-200 --top 6 --games 4 --quiet', "the sweep's 6 best builds play each other 4 times a pair: the Nash equilibrium (HiGHS), α-Rank and each part's share of it, in results/sweep-200/meta/"],
  ],
  reprice: [
    ['havoc reprice results/sweep-200 --rounds 1 --matches 200 --meta 4 --meta-games 2 --out results/sweep-200-repriced --quiet --no-report', "new costs for the sweep's flagged parts, re-checked by a 200-match sweep on the new catalogue; the metagame of each sweep's top 4 builds before and after"],
  ],
  swaps: [
    ["havoc swaps --baseline bazooka+hammer-fist/mark-i/tank-treads/- --bot random --field sample:8 --max-games 100 --out results/swaps-quick --quiet", "each part of a design swapped for an equal-cost part of its category, measured against 8 drawn designs"],
  ],
  optimize: [
    ['havoc optimize --bot random --field sample:8 --restarts 2 --iterations 6 --out results/optimize-quick --quiet', 'a quick search of the NHM designs against 8 drawn at random, played by random: the top builds, in results/optimize-quick/'],
  ],
  contest: [
    ['havoc contest configs/contest.json --quiet --max-rounds 1', 'the starter kits, a faulty entrant and random on Robo Battle Pigs, each sandboxed: one round, every pair 4 games, in results/contest/ (without --max-rounds: rounds until the leaderboard settles)'],
    ['havoc contest configs/contest.json --max-rounds 1 --save-replays none --no-report', 'run it again: the contest carries on (nothing new to play unless an entrant joined or --max-rounds grew)'],
  ],
  duel: [
    ['havoc duel greedy random --ruleset rbp --max-games 400 --out results/duel-quick --save-replays none', 'is greedy stronger than random on Robo Battle Pigs? pairs until the test of 0 against 10 Elo decides (H1 accepted after 220 games), in results/duel-quick/'],
    ['havoc duel random random --ruleset rbp --out results/duel-copy --save-replays none', 'random against a copy of itself (named random-2): H0 accepted'],
  ],
  merge: [['havoc merge results/quick-merged results/quick-1of2 results/quick-2of2', 'the two shards as one run: the same tables, byte for byte, as results/quick/']],
  resume: [['havoc resume results/quick', 'carry on a stopped run (a finished one has nothing left to play)']],
  replay: [
    ['havoc replay results/quick --match 0', 'match 0 of the quick run, step by step (played again from the config if no replay was saved)'],
    ['havoc replay results/quick --match 0 --verify', 're-simulate it and check every step'],
  ],
  report: [['havoc report results/quick', 'write results/quick/report.html again']],
  match: [
    ['havoc match --seed 7', 'one Robo Battle Pigs match, random against random, drawn step by step'],
    ['havoc match --ruleset nhm --loadouts dragon,dodger --bots nash,mcts --quiet', 'Ninja Havoc Machines, two named designs, the result only'],
    ['havoc match --bots bots/example.ts,random --budget 200 --quiet', 'a bot by path (TypeScript, no build step), sandboxed, 200 ms a decision'],
    ['havoc match --ruleset hovercrafts --loadouts duo,duo --bots pilot,random --quiet', 'Hovercrafts, two fleets of two ships'],
    ['havoc match --ruleset battle-engine --loadouts gen+cpl*2+archer+pvt*9,gen+cpl*2+archer+pvt*9 --bots commander,random --quiet', 'Battle Engine, two armies'],
  ],
  scenario: [
    ['havoc scenario test/scenarios/rbp-opening.json --board', 'a scripted opening: the JSONL trace, the board on stderr'],
    ['havoc scenario test/scenarios/blind-ninjas-ambush.json --view A', "each line with what seat A observes (its bots' observation)"],
  ],
  parts: [
    ['havoc parts', 'the catalogue with each weapon\'s diagram'],
    ['havoc parts --json', 'the same as JSON'],
    ['havoc parts --ruleset battle-engine', "Battle Engine's pieces, and the pay grades a reprice changes"],
  ],
  loadouts: [
    ['havoc loadouts --count', 'how many legal designs there are'],
    ['havoc loadouts --named', 'the named designs (configs/loadouts.json) with their costs and keys'],
    ['havoc loadouts --sample 5 --seed 1', 'five of them, drawn at random'],
    ['havoc loadouts --ruleset hovercrafts --sample 3', 'three Hovercrafts fleets, drawn at random'],
  ],
  schema: [['havoc schema', 'the JSON Schema of run configs']],
  notation: [
    ['havoc notation --ruleset rbp', "the words of Robo Battle Pigs' programs, each with what it does"],
    ['havoc notation --ruleset nhm', 'every command of the named designs (configs/loadouts.json)'],
    ['havoc notation --ruleset nhm --loadouts dragon', "one design's commands"],
    ['havoc notation --ruleset battle-engine --json', "Battle Engine's steps, as JSON"],
  ],
  // Queue examples need a Redis (and a worker serves until stopped): test/queue.e2e.test.ts runs these command lines, not test/e2e/cli-examples.test.ts.
  worker: [['havoc worker --queue redis://127.0.0.1:6379 --workers 2', 'play batches from the queue on 2 threads of this machine until Ctrl-C']],
  status: [
    ['havoc status --queue redis://127.0.0.1:6379', 'the runs on the queue and the workers alive'],
    ['havoc status --queue redis://127.0.0.1:6379 --cancel quick', 'cancel the run named quick'],
  ],
  'check-bot': [['havoc check-bot bots/example.ts --rulesets rbp,nhm --games 2', 'the example bot (TypeScript, sandboxed) against random on Robo Battle Pigs and Ninja Havoc Machines, 2 games each']],
};

/** Adds a command's examples to its help. */
export function withExamples<T>(y: Argv<T>, command: string): Argv<T> {
  for (const [cmd, what] of EXAMPLES[command] ?? []) y = y.example(cmd, what);
  return y;
}
