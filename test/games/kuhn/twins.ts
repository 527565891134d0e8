/** Kuhn poker's secrecy twins for the conformance suite: seat 0 holds the same card in both, seat 1 a different one (deal seeds searched). */
import type { TwinMaker } from '../index.js';
import kuhn, { type KuhnState } from './index.js';

const twins: TwinMaker = (game, i) => {
  const deal = (seed: string): KuhnState => {
    const st = kuhn.newState(game as never, seed);
    kuhn.chance(st);
    return st;
  };
  const a = deal(`twin-${i}`);
  for (let j = 0; ; j++) {
    const b = deal(`twin-${i}-${j}`);
    if (b.cards[0] === a.cards[0] && b.cards[1] !== a.cards[1]) return { a, b, seat: 0 };
  }
};
export default twins;
