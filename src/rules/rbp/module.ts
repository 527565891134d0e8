/**
 * Robo Battle Pigs behind the game interface: the NHM engine with RBP's
 * notation, one build (the pig) and two seats, and the two-pig kernel twice
 * over: as a fast path for whole matches between bots with native policies
 * (the arena asks `fast.accepts`), and for every turn applied without a
 * recorder (`fastTurn`). test/unit/kernel.test.ts checks the kernel plays the
 * same turns and matches as the step engine.
 */
import type { FastPath } from '../../core/game.js';
import type { Game } from '../nhm/game.js';
import { nhmEngineModule } from '../nhm/module.js';
import { type KernelBridge, kernelBridge, kernelResult, kernelSetupOf, playBridgedTurn } from './bridge.js';
import { type KernelSetup, MAX_HEARTS, type NativePolicy, newKState, newRngPair, playMatchK, resetKState } from './kernel.js';
import { aleaSeed } from '../../core/alea.js';
import { rbpGame, roboPig } from './index.js';
import { HavocError } from '../../core/errors.js';

/** The kernel's working memory (one per thread) and, per game, its bridge and setup when the kernel can play it. */
const kstate = newKState();
const kturn = newKState();
const krngs = newRngPair();
/** The seat streams of the last match seed, as seeded: a set's seat rotations share a seed (arena/schedule.ts), so the next match often reuses them. */
const seeded = newRngPair();
let seededFor: string | null = null;
const fit = new WeakMap<Game, KernelSetup | null>();
const bridges = new WeakMap<Game, KernelBridge | null>();

/** The last game asked about and its bridge: a match asks every turn, and a WeakMap lookup is dearer than a comparison. */
let lastGame: Game | null = null;
let lastBridge: KernelBridge | null = null;

function bridgeOf(game: Game): KernelBridge | null {
  if (game === lastGame) return lastBridge;
  let b = bridges.get(game);
  if (b === undefined) bridges.set(game, (b = kernelBridge(game)));
  lastGame = game;
  return (lastBridge = b);
}

function kernelSetup(game: Game): KernelSetup | null {
  let f = fit.get(game);
  if (f === undefined) fit.set(game, (f = bridgeOf(game) ? kernelSetupOf(game) : null));
  return f;
}

const kernel: FastPath<Game> = {
  accepts: (game, policies) => policies.length === 2 && typeof policies[0] === 'function' && typeof policies[1] === 'function' && kernelSetup(game) !== null,
  play(game, seats, policies) {
    const seed = seats[0] + seats[1];
    if (seed !== seededFor) {
      aleaSeed(seeded[0], seats[0]);
      aleaSeed(seeded[1], seats[1]);
      seededFor = seed;
    }
    krngs[0].set(seeded[0]);
    krngs[1].set(seeded[1]);
    resetKState(kstate, kernelSetup(game)!);
    playMatchK(kstate, policies[0] as NativePolicy, policies[1] as NativePolicy, krngs[0], krngs[1]);
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
  // The rulebook counts damage, not hearts: "five points of damage" destroy a pig, and it plays an X for each.
  boardWords: {
    seats: {
      piece: 'pig',
      build: null,
      figures: [{ heading: 'damage', about: `damage points taken: the pig plays an X for each, and ${MAX_HEARTS} destroy it`, of: 'hearts', from: MAX_HEARTS }],
      program: 'commands this round',
    },
    note: () => `A hot square has the colour of the pig firing or hitting there; pips under a pig are the damage points it can still take (${MAX_HEARTS} destroy it), a red ring a hit this step; a destroyed pig is a grey square.`,
  },
  // A turn applied without a recorder (every match a bot plays, every turn a search simulates) is a kernel turn.
  fastTurn(st) {
    const b = bridgeOf(st.game);
    return b !== null && playBridgedTurn(b, st, kturn);
  },
});
