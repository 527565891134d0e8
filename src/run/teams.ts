/**
 * Which team played on each side of a match of a contest between teams.
 * matches.csv keeps a bot per seat, not a team: a side's bots in seat order
 * tell its team, as the config makes every team's line-up unique
 * (config/teams.ts).
 */
import type { RunConfig } from '../config/types.js';
import { sidesOf } from './schedule.js';

export interface MatchTeams {
  /** Each seat's side (0 or 1). */
  readonly side: Uint8Array;
  /** The team whose bots are `bots` on side `side`'s seats. */
  team(bots: readonly string[], side: number): string;
}

/** The run's teams by line-up, or null when the run does not compare teams. */
export function matchTeams(run: RunConfig): MatchTeams | null {
  const side = sidesOf(run);
  if (!side || !run.teams) return null;
  const byLineUp = new Map(run.teams.map((t) => [t.bots.join('\n'), t.name]));
  return {
    side,
    team(bots, x) {
      const lineUp: string[] = [];
      for (let s = 0; s < side.length; s++) if (side[s] === x) lineUp.push(bots[s]);
      // A line-up no team has cannot come from the run's own schedule; it is named by its bots.
      return byLineUp.get(lineUp.join('\n')) ?? lineUp.join('+');
    },
  };
}
