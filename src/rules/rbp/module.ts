/**
 * Robo Battle Pigs behind the game interface: the NHM engine with RBP's
 * notation, one build (the pig) and two seats, and the two-pig kernel as a
 * fast path for matches between bots with native policies (the arena asks
 * `fast.accepts`; test/kernel.test.ts checks the kernel plays the same match).
 */
import type { FastPath } from '../../core/game.js';
import type { Game } from '../nhm/game.js';
import { nhmEngineModule } from '../nhm/module.js';
import { kernelBridge, kernelResult, kernelSetupOf } from './bridge.js';
import { type KernelSetup, type NativePolicy, newKState, newRngPair, playSeededMatchK } from './kernel.js';
import { rbpGame, roboPig } from './index.js';
import { HavocError } from '../../core/errors.js';

/** The kernel's working memory (one per thread) and, per game, its setup when the kernel can play it. */
const kstate = newKState();
const krngs = newRngPair();
const fit = new WeakMap<Game, KernelSetup | null>();

function kernelSetup(game: Game): KernelSetup | null {
  let f = fit.get(game);
  if (f === undefined) fit.set(game, (f = kernelBridge(game) ? kernelSetupOf(game) : null));
  return f;
}

const kernel: FastPath<Game> = {
  accepts: (game, policies) => policies.length === 2 && typeof policies[0] === 'function' && typeof policies[1] === 'function' && kernelSetup(game) !== null,
  play(game, seed, policies) {
    playSeededMatchK(kstate, seed, policies[0] as NativePolicy, policies[1] as NativePolicy, krngs, kernelSetup(game)!);
    const r = kernelResult(kstate);
    return { winner: r.winner, reason: r.reason, turns: r.turns, figures: [r.dealt] };
  },
};

export const rbpModule = nhmEngineModule({
  id: 'rbp',
  title: 'Robo Battle Pigs',
  notation: 'rbp',
  seats: { min: 2, max: 2 },
  fixed: roboPig,
  repairAllSlots: true,
  makeGame(cat, setup) {
    if (setup.builds.length !== 2) throw new HavocError('ERR_MACHINES', 'builds', `Robo Battle Pigs is a two-player game, not ${setup.builds.length}`);
    return rbpGame(cat, { turnLimit: setup.turnLimit });
  },
  fast: kernel,
});
