/**
 * Twin states for the conformance suite's secrecy check (test/e2e/conformance.test.ts):
 * one room, and the same room with the other players' ninjas elsewhere, after the
 * same silent turns (nothing heard yet, so any enemy placement is consistent).
 */
import type { BnState } from '../../src/rules/blind-ninjas/state.js';
import { makeRng } from '../../src/core/rng.js';
import { rulesetById } from '../../src/rules/registry.js';

export function blindNinjaTwins(game: unknown, i: number): { a: unknown; b: unknown; seat: number; walk: false } {
  const mod = rulesetById('blind-ninjas');
  const a = mod.newState(game, `twin-${i}`) as BnState, b = mod.newState(game, `twin-${i}`) as BnState;
  const rng = makeRng(`bn-twins-${i}`);
  const size = a.game.board.size, seat = i % a.game.players;
  for (let k = 0; k < a.sq.length; k++) {
    if (Math.floor(k / 4) === seat) continue;
    for (;;) {
      const q = rng.int(size);
      let taken = false;
      for (let j = Math.floor(k / 4) * 4; j < k; j++) if (b.sq[j] === q) taken = true;
      if (!taken) {
        b.sq[k] = q;
        b.facing[k] = rng.int(4);
        break;
      }
    }
  }
  // Mutual kills change what is heard, so only the first node is compared (walk: false); test/unit/blind-ninjas/knowledge.test.ts walks twins with the same heard log.
  return { a, b, seat, walk: false };
}
