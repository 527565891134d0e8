/**
 * Goofspiel's secrecy twins for the conformance suite: the same rounds played,
 * the prizes still face down in another order (nobody's to know). The next
 * prize turned up parts the two games, so only the first node is compared.
 */
import type { TwinMaker } from '../index.js';
import goofspiel, { CARDS, type GoofState } from './index.js';

const twins: TwinMaker = (game, i) => {
  const a = goofspiel.newState(game as never, `goof-twins-${i}`);
  // Some rounds played with the lowest cards, so the twins are mid-game.
  const rounds = i % (CARDS - 1);
  for (let r = 0; r < rounds; r++) {
    goofspiel.chance(a);
    goofspiel.apply(a, Array.from({ length: a.seats }, (_, s) => goofspiel.legal(a, s, 'bid').at(0)), () => null);
  }
  const b = goofspiel.newState(game as never, `goof-twins-${i}`);
  goofspiel.copy(a, b);
  // Another order of the prizes still down: rotate them until it differs.
  const down = b.deck.subarray(a.round);
  down.set([...down.slice(1), down[0]]);
  const secret = (st: unknown): string => Array.from((st as GoofState).deck.subarray((st as GoofState).round)).join(',');
  return { a, b, seat: i % a.seats, walk: false, secret };
};
export default twins;
