/**
 * The test games: every folder of test/games/ holding an `index` whose
 * default export is a GameModule, found by looking (a game is added by its
 * folder alone), with the secrecy twins of its `twins` file when it has one.
 * Works from the sources (vitest) and compiled (dist/test/games/, which the
 * CLI, workers and sandboxed bots load).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { GameModule } from '../../src/core/game.js';

/** Two states that differ only in secrets `seat` may not know (see the conformance suite). */
export type TwinMaker = (game: unknown, i: number) => { a: unknown; b: unknown; seat: number; walk?: boolean; secret?: (st: unknown) => string };

export interface TestGame {
  readonly folder: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly module: GameModule<any, any, any, any, any>;
  readonly twins?: TwinMaker;
}

const here = dirname(fileURLToPath(import.meta.url));
/** This file's own extension: `.ts` from the sources, `.js` compiled. */
const ext = fileURLToPath(import.meta.url).endsWith('.ts') ? '.ts' : '.js';

/** The test games, by folder name. */
export async function testGames(): Promise<TestGame[]> {
  const games: TestGame[] = [];
  for (const folder of readdirSync(here).sort()) {
    const index = join(here, folder, `index${ext}`);
    if (!statSync(join(here, folder)).isDirectory() || !existsSync(index)) continue;
    const mod = (await import(pathToFileURL(index).href)) as { default: TestGame['module'] };
    const twinsFile = join(here, folder, `twins${ext}`);
    const twins = existsSync(twinsFile) ? ((await import(pathToFileURL(twinsFile).href)) as { default: TwinMaker }).default : undefined;
    games.push({ folder, module: mod.default, ...(twins ? { twins } : {}) });
  }
  return games;
}
