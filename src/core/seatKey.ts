/**
 * The seat key: what each seat's random streams of a match are derived with,
 * so no bot can rebuild another's (issue 49). A bot used to be handed the
 * match seed, and every seat's streams came from it by alea: with the seed
 * and the arena's code a bot rebuilt its opponent's stream, ran a copy of the
 * opponent and foresaw 7 of 7 of greedy's secret programs.
 *
 * Now a match's seat seeds are SHA-256 of the run's key and the match seed
 * (one digest per two seats: each seat's bot stream and view dice take 8
 * bytes of it), and a bot is handed only its own. Knowing its own 8 bytes
 * tells nothing of the others' or of the key. The key is a function of the
 * run seed (`seatKeyOf`): so the same config and seed give the same bytes on
 * any number of workers, shards and machines, and a replay re-simulates from
 * its header; it is written to the run folder (`seat.key`, mode 0600) for the
 * record, and bots never see the run folder, the config or the seed. A seed
 * an entrant can guess (`42`) lets a bot test its guesses against its own
 * stream: contests take long seeds (docs/protocol.md).
 */
import { createHash, type Hash } from 'node:crypto';

/** The key of a run whose seed is `runSeed` (64 hex digits). */
export const seatKeyOf = (runSeed: string | number): string => createHash('sha256').update(`havoc/seat-key/${String(runSeed)}`).digest('hex');

/** Each seat's own seeds of a match: its bot's stream and its view's dice, 16 hex digits each. */
export interface SeatSeeds {
  readonly bots: readonly string[];
  readonly views: readonly string[];
}

/** The digest state after the key, kept for the last key (a run has one). */
let keyed: { key: string; hash: Hash } | null = null;

/** The seat seeds of match `matchSeed` for `n` seats under `key`. */
export function seatSeedsOf(key: string, matchSeed: string, n: number): SeatSeeds {
  if (keyed?.key !== key) keyed = { key, hash: createHash('sha256').update(`havoc/seats/${key}/`) };
  const bots: string[] = [], views: string[] = [];
  for (let b = 0; 2 * b < n; b++) {
    const hex = keyed.hash.copy().update(`${matchSeed}/${b}`).digest('hex');
    bots.push(hex.slice(0, 16));
    views.push(hex.slice(32, 48));
    if (2 * b + 1 < n) bots.push(hex.slice(16, 32)), views.push(hex.slice(48, 64));
  }
  return { bots, views };
}
