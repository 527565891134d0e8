/**
 * The commands of `havoc`, each a file loaded only when needed: a short
 * command spent most of its time loading every other command's modules.
 */
import type { CommandModule } from 'yargs';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each command has its own argument type
export type AnyCommand = CommandModule<any, any>;

/** Each command's file by the command's name, in the order the top help lists them. */
export const COMMANDS: readonly (readonly [name: string, load: () => Promise<{ default: AnyCommand }>])[] = [
  ['tournament', () => import('./tournament.js')],
  ['contest', () => import('./contest.js')],
  ['duel', () => import('./duel.js')],
  ['sweep', () => import('./sweep.js')],
  ['reprice', () => import('./reprice.js')],
  ['swaps', () => import('./swaps.js')],
  ['optimize', () => import('./optimize.js')],
  ['resume', () => import('./resume.js')],
  ['merge', () => import('./merge.js')],
  ['meta', () => import('./meta.js')],
  ['scenario', () => import('./scenario.js')],
  ['match', () => import('./match.js')],
  ['parts', () => import('./parts.js')],
  ['loadouts', () => import('./loadouts.js')],
  ['replay', () => import('./replay.js')],
  ['report', () => import('./report.js')],
  ['schema', () => import('./schema.js')],
  ['check-bot', () => import('./checkBot.js')],
  ['notation', () => import('./notation.js')],
  ['worker', () => import('./worker.js')],
  ['status', () => import('./status.js')],
  ['serve', () => import('./serve.js')],
  ['submit', () => import('./submit.js')],
  ['serve-worker', () => import('./serveWorker.js')],
];

/** The commands to load for these arguments: the one named first when it is known, else all (the top help, a typo yargs names). */
export async function commandsFor(args: readonly string[]): Promise<AnyCommand[]> {
  const named = COMMANDS.find(([name]) => name === args[0]);
  return (await Promise.all((named ? [named] : COMMANDS).map(([, load]) => load()))).map((m) => m.default);
}
